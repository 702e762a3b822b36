#!/bin/sh
# Installs the agent CLIs that the integration tests drive (claude, codex, gemini), at the versions
# pinned by src/test/clis/package-lock.json, into TARGET (agents-it/target/clis): nothing global,
# nothing in the quick build (this runs at pre-integration-test). A second run with the same lock
# file does nothing; npm's cache makes a run after `mvn clean` a copy, not a download.
# Usage: install-clis.sh SOURCE TARGET [SKIP]   (SKIP "true": the integration tests are skipped)
set -eu
source_dir=$1
target=$2
if [ "${3:-false}" = "true" ]; then
    exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
    sh "$(dirname "$0")/../../../../vscode-extension/scripts/ensure-node.sh"
fi
mkdir -p "$target"
if [ -f "$target/node_modules/.package-lock.json" ] && cmp -s "$source_dir/package-lock.json" "$target/package-lock.json"; then
    exit 0
fi
cp "$source_dir/package.json" "$source_dir/package-lock.json" "$target/"
cd "$target"
echo "install-clis: installing the agent CLIs of package-lock.json into $target" >&2
# The scripts must run: claude's postinstall puts its native binary in place of a stub.
npm ci --prefer-offline --no-audit --no-fund --loglevel=error >&2
for cli in claude codex gemini; do
    "node_modules/.bin/$cli" --version >/dev/null 2>&1 || { echo "install-clis: $cli does not start after the install" >&2; exit 1; }
done
