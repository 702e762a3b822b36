#!/bin/sh
# Installs the agent CLIs that the integration tests drive (claude, codex, gemini), at the versions
# pinned by src/test/clis/package-lock.json, into CACHE/clis/<hash of the lock file> and points LINK
# (agents-it/target/clis) at it: nothing global, nothing in the quick build (this runs at
# pre-integration-test).
#
# Why not in target/: codex runs its tools in its own bubblewrap sandbox, which mounts a fresh /tmp;
# a codex installed in a checkout under /tmp cannot start its codex-linux-sandbox helper there. The
# cache (~/.cache/flow-test by default) is outside /tmp and still the project's own.
#
# An install of the same lock file is reused. Two builds installing at once each install into a
# temporary folder beside the final one and rename it into place; the second rename fails on the
# folder the first made, and that build uses it. npm's cache makes a reinstall a copy, not a download.
# Usage: install-clis.sh SOURCE CACHE LINK [SKIP]   (SKIP "true": the integration tests are skipped)
set -eu
source_dir=$1
cache=$2
link=$3
if [ "${4:-false}" = "true" ]; then
    exit 0
fi
hash=$(cat "$source_dir/package.json" "$source_dir/package-lock.json" | sha256sum | cut -c1-16)
final=$cache/clis/$hash
starts() {
    for cli in claude codex gemini; do
        "$1/node_modules/.bin/$cli" --version >/dev/null 2>&1 || { echo "install-clis: $cli does not start in $1" >&2; return 1; }
    done
}
if [ ! -f "$final/node_modules/.package-lock.json" ]; then
    if ! command -v npm >/dev/null 2>&1; then
        sh "$(dirname "$0")/../../../../vscode-extension/scripts/ensure-node.sh"
    fi
    mkdir -p "$cache/clis"
    staging=$(mktemp -d "$cache/clis/.install-XXXXXX")
    trap 'rm -rf "$staging"' EXIT
    cp "$source_dir/package.json" "$source_dir/package-lock.json" "$staging/"
    echo "install-clis: installing the agent CLIs of package-lock.json into $final" >&2
    # The scripts must run: claude's postinstall puts its native binary in place of a stub.
    (cd "$staging" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error >&2)
    starts "$staging"
    # rename(2) is atomic and fails on a folder that is not empty: another build got there first
    mv -T "$staging" "$final" 2>/dev/null || echo "install-clis: another build installed $final meanwhile; using it" >&2
fi
starts "$final"
mkdir -p "$(dirname "$link")"
# an install of an earlier layout left a folder there
[ -L "$link" ] || rm -rf "$link"
ln -sfn "$final" "$link"
