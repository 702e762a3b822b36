#!/bin/sh
# Makes sure bubblewrap (bwrap) is installed and can make a sandbox here, for the sandbox tests
# (SandboxedProcessesTest runs real sandboxes). Installs Debian's package bubblewrap when bwrap is
# missing and this user may run apt-get (root, or passwordless sudo); otherwise fails and says what
# to install or change. Never skips silently.
# Usage: ensure-bubblewrap.sh [SKIP]   (SKIP "true": the tests are skipped, nothing to do)
set -eu
if [ "${1:-false}" = "true" ]; then
    exit 0
fi
apt_install="$(dirname "$0")/../../../../tools/apt-install.sh"
# The same sandbox Flow makes for a step (see Bubblewrap.java), around a shell that does nothing.
try() { bwrap --die-with-parent --new-session --unshare-pid --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp -- /bin/sh -c : 2>&1; }
if command -v bwrap >/dev/null 2>&1 && try >/dev/null; then
    exit 0
fi
if ! command -v bwrap >/dev/null 2>&1; then
    "$apt_install" bubblewrap || true
fi
if ! command -v bwrap >/dev/null 2>&1; then
    echo "ensure-bubblewrap: the sandbox tests need bubblewrap (bwrap), and it could not be installed here." >&2
    echo "ensure-bubblewrap: install Debian's package (sudo apt-get install bubblewrap) or your system's equivalent," >&2
    echo "ensure-bubblewrap: or skip the tests with -DskipTests." >&2
    exit 1
fi
if ! said="$(try)"; then
    echo "ensure-bubblewrap: bwrap is installed but cannot make a sandbox here: $said" >&2
    echo "ensure-bubblewrap: it needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1;" >&2
    echo "ensure-bubblewrap: on Ubuntu also kernel.apparmor_restrict_unprivileged_userns=0), or the build running as root." >&2
    exit 1
fi
