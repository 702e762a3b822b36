#!/bin/sh
# Makes sure Node.js 20 or newer and npm are there for the extension's build (compile, tests,
# packaging). Installs Debian's nodejs and npm when they are missing and this user may run
# apt-get (root, or passwordless sudo); fails with what to install when that is not possible or
# gives a Node.js that is too old for @vscode/vsce.
set -eu
NEEDED=20
major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
ok() { command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && [ "$(major)" -ge "$NEEDED" ]; }
if ok; then
    exit 0
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        as_root=""
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root="sudo -n"
    else
        as_root="none"
    fi
    if [ "$as_root" != "none" ] && command -v apt-get >/dev/null 2>&1; then
        echo "ensure-node: node or npm is missing; installing Debian's nodejs and npm packages" >&2
        export DEBIAN_FRONTEND=noninteractive
        $as_root apt-get install -y -q nodejs npm >&2 || { $as_root apt-get update -q >&2 && $as_root apt-get install -y -q nodejs npm >&2; }
    fi
fi
if ok; then
    exit 0
fi
echo "ensure-node: the VS Code extension needs Node.js $NEEDED or newer with npm on the PATH;" >&2
echo "ensure-node: found node $(node --version 2>/dev/null || echo 'none') and npm $(npm --version 2>/dev/null || echo 'none')." >&2
echo "ensure-node: install Node.js $NEEDED+ (for example from nodejs.org or your distribution), or build without" >&2
echo "ensure-node: the extension: mvn -B verify -pl '!vscode-extension'" >&2
exit 1
