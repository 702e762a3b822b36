#!/bin/sh
# Makes sure Neovim is installed for NeovimIT (the editors.md set-up driven headless).
# Installs Debian's 'neovim' when nvim is missing and this user may run apt-get (root, or
# passwordless sudo); otherwise fails and says what to install. Never skips silently.
# Usage: ensure-neovim.sh [SKIP]   (SKIP "true": the integration tests are skipped, nothing to do)
set -eu
if [ "${1:-false}" = "true" ]; then
    exit 0
fi
if command -v nvim >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root="sudo -n"
else
    as_root="none"
fi
if [ "$as_root" = "none" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-neovim: NeovimIT needs Neovim (nvim on the PATH) and cannot install it here." >&2
    echo "ensure-neovim: install Debian's package: sudo apt-get install neovim (or your system's neovim)," >&2
    echo "ensure-neovim: or skip the integration tests with -DskipITs." >&2
    exit 1
fi
echo "ensure-neovim: nvim is missing; installing Debian's neovim package" >&2
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get install -y -q neovim >&2 || { $as_root apt-get update -q >&2 && $as_root apt-get install -y -q neovim >&2; }
if ! command -v nvim >/dev/null 2>&1; then
    echo "ensure-neovim: apt-get did not install nvim; install the neovim package by hand" >&2
    exit 1
fi
