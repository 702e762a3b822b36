#!/bin/sh
# Makes sure Neovim is installed for NeovimIT (the editors.md set-up driven headless).
# Installs Debian's 'neovim' when nvim is missing and this user may run apt-get (root, or
# passwordless sudo); otherwise fails and says what to install. Never skips silently.
# Usage: ensure-neovim.sh [SKIP]   (SKIP "true": the integration tests are skipped, nothing to do)
set -eu
if [ "${1:-false}" = "true" ] || command -v nvim >/dev/null 2>&1; then
    exit 0
fi
"$(dirname "$0")/../../../../tools/apt-install.sh" neovim || true
if ! command -v nvim >/dev/null 2>&1; then
    echo "ensure-neovim: NeovimIT needs Neovim (nvim on the PATH) and could not install it here." >&2
    echo "ensure-neovim: install Debian's package (sudo apt-get install neovim) or your system's neovim," >&2
    echo "ensure-neovim: or skip the integration tests with -DskipITs." >&2
    exit 1
fi
