#!/bin/sh
# Installs Debian packages for the build's tools (Neovim, Node.js) when this user may run
# apt-get: as root, or through passwordless sudo. Exits 3 without doing anything when it may not,
# so that the caller can say what to install by hand.
# Usage: tools/apt-install.sh PACKAGE...
set -eu
if [ "$(id -u)" -eq 0 ]; then
    as_root=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root="sudo -n"
else
    exit 3
fi
command -v apt-get >/dev/null 2>&1 || exit 3
echo "apt-install: installing Debian's $*" >&2
export DEBIAN_FRONTEND=noninteractive
# The package lists may be missing or stale on a fresh machine: update once if the install fails.
$as_root apt-get install -y -q "$@" >&2 || { $as_root apt-get update -q >&2 && $as_root apt-get install -y -q "$@" >&2; }
