#!/bin/sh
# The end-to-end test (e2e/vscode.test.js) runs the packaged extension in a real VS Code: code-server
# at the version e2e/code-server/package-lock.json pins, driven through Debian's Chromium. This
# installs it once per machine and lock file into
#   ${FLOW_TEST_CACHE:-${XDG_CACHE_HOME:-~/.cache}/flow-test}/code-server-VERSION-LOCKHASH
# (nothing global; a second run finds it there and only links it) and links that folder as
# target/code-server, where the test looks. What code-server's own install would do, less what
# fails here (only the package registries are reachable):
#   - @vscode/ripgrep's install downloads rg from GitHub: Debian's ripgrep stands in for it;
#   - argon2 and kerberos try prebuilt binaries from GitHub first: both are compiled here, the
#     other native modules too, against this machine's Node.js headers (node-gyp, g++, make, python3);
#   - code-server 4.100 wants Node.js 20 (newer code-server wants Node.js 24).
# Debian packages it installs when missing (tools/apt-install.sh): libkrb5-dev (kerberos),
# ripgrep, chromium, and the compilers when they are not there.
# Usage: ensure-code-server.sh SKIP   (SKIP=true does nothing: -DskipTests, -DskipITs, -Dvscode.e2e.skip)
set -eu
[ "${1:-false}" = "true" ] && exit 0
here=$(cd "$(dirname "$0")/.." && pwd)
pins="$here/e2e/code-server"
say() { echo "ensure-code-server: $*" >&2; }
fail() {
    say "$*"
    say "or build without this test: mvn -B verify -Dvscode.e2e.skip=true (or -DskipITs)"
    exit 1
}

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" = 20 ] || fail "code-server $(sed -n 's/.*"code-server": "\(.*\)".*/\1/p' "$pins/package.json") needs Node.js 20, found $(node --version 2>/dev/null || echo none)"

missing=""
dpkg -s libkrb5-dev >/dev/null 2>&1 || missing="$missing libkrb5-dev"
command -v rg >/dev/null 2>&1 || missing="$missing ripgrep"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v g++ >/dev/null 2>&1 || missing="$missing g++"
command -v make >/dev/null 2>&1 || missing="$missing make"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
if [ -n "$missing" ]; then
    # shellcheck disable=SC2086 # one word a package
    "$here/../tools/apt-install.sh" $missing || fail "needs Debian's$missing (apt-get install$missing)"
fi

version=$(node -p "require('$pins/package-lock.json').packages['node_modules/code-server'].version")
lock=$(sha256sum "$pins/package-lock.json" | cut -c1-12)
cache="${FLOW_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flow-test}"
dir="$cache/code-server-$version-$lock"
link() {
    mkdir -p "$here/target"
    ln -sfn "$dir" "$here/target/code-server"
}
if [ -f "$dir/.complete" ]; then
    link
    exit 0
fi

log="$cache/code-server-$version-install.log"
say "installing code-server $version into $dir (once per machine: 2 to 5 minutes, mostly compiling; log: $log)"
started=$(date +%s)
mkdir -p "$cache"
: >"$log"
work="$dir.partial.$$"
trap 'rm -rf "$work"' EXIT
rm -rf "$work"
mkdir -p "$work"
cp "$pins/package.json" "$pins/package-lock.json" "$work/"
# Runs a step in a folder, its output in the log; on failure shows the log's end.
step() {
    folder=$1
    shift
    echo "== $folder: $*" >>"$log"
    (cd "$folder" && "$@") >>"$log" 2>&1 || {
        tail -40 "$log" >&2
        fail "failed in $folder: $* (the whole log: $log)"
    }
}
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
# Without scripts: @vscode/ripgrep's would download, and code-server's postinstall.sh runs
# them all; what they do that is needed follows by hand.
step "$work" npm ci --ignore-scripts --omit=dev --prefer-offline
step "$work" env npm_config_build_from_source=true npm rebuild argon2
vscode="$work/node_modules/code-server/lib/vscode"
# npm install, not npm ci, as code-server's postinstall.sh does: its npm-shrinkwrap.json pins
# the versions but lacks one of them (ci refuses it).
step "$vscode" npm install --ignore-scripts --omit=dev --no-save --prefer-offline
# The native modules a Linux VS Code server loads. node-pty's postinstall runs 'npx node-gyp'
# for a compile_commands.json: yes lets npx take node-gyp from the registry.
step "$vscode" env npm_config_build_from_source=true npm_config_yes=true \
    npm rebuild @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty
mkdir -p "$vscode/node_modules/@vscode/ripgrep/bin"
ln -sf "$(command -v rg)" "$vscode/node_modules/@vscode/ripgrep/bin/rg"
# The rest of code-server's postinstall.sh.
ln -s node_modules "$vscode/node_modules.asar"
(cd "$vscode/bin/remote-cli" && ln -sf code-linux.sh code-server)
(cd "$vscode/bin/helpers" && ln -sf browser-linux.sh browser.sh)
step "$vscode/extensions" npm install --omit=dev --no-save --prefer-offline
step "$work" node_modules/.bin/code-server --version
touch "$work/.complete"
# Another build may have finished the same install meanwhile: keep the first.
if [ -f "$dir/.complete" ]; then
    rm -rf "$work"
else
    rm -rf "$dir"
    mv "$work" "$dir"
fi
trap - EXIT
link
say "code-server $version installed in $(($(date +%s) - started)) s"
