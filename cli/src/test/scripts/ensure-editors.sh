#!/bin/sh
# Makes sure the editors that the editor tests drive are installed: Neovim (NeovimIT) and Emacs
# with eglot (EmacsIT), the set-ups of docs/editors.md. Installs Debian's packages (neovim;
# emacs-nox and elpa-eglot) when they are missing and this user may run apt-get (root, or
# passwordless sudo); otherwise fails and says what to install. Never skips silently.
# Usage: ensure-editors.sh [SKIP]   (SKIP "true": the integration tests are skipped, nothing to do)
set -eu
if [ "${1:-false}" = "true" ]; then
    exit 0
fi
apt_install="$(dirname "$0")/../../../../tools/apt-install.sh"
has_eglot() { command -v emacs >/dev/null 2>&1 && emacs --batch --no-init-file --eval "(require 'eglot)" >/dev/null 2>&1; }
missing=""
command -v nvim >/dev/null 2>&1 || missing="$missing neovim"
has_eglot || missing="$missing emacs-nox elpa-eglot"
if [ -z "$missing" ]; then
    exit 0
fi
# shellcheck disable=SC2086
"$apt_install" $missing || true
if ! command -v nvim >/dev/null 2>&1 || ! has_eglot; then
    echo "ensure-editors: the editor tests need Neovim (nvim) and Emacs with eglot, and could not install$missing here." >&2
    echo "ensure-editors: install Debian's packages (sudo apt-get install$missing) or your system's equivalents," >&2
    echo "ensure-editors: or skip the integration tests with -DskipITs." >&2
    exit 1
fi
