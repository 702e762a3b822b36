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
    "$(dirname "$0")/../../tools/apt-install.sh" nodejs npm || true
fi
if ok; then
    exit 0
fi
echo "ensure-node: the VS Code extension and the studio need Node.js $NEEDED or newer with npm on the PATH;" >&2
echo "ensure-node: found node $(node --version 2>/dev/null || echo 'none') and npm $(npm --version 2>/dev/null || echo 'none')." >&2
echo "ensure-node: install Node.js $NEEDED+ (from nodejs.org or your distribution), or build without the" >&2
echo "ensure-node: extension: mvn -B verify -pl '!vscode-extension'" >&2
exit 1
