#!/bin/sh
# Runs one agent CLI against the model server by hand, to see what it sends and prints
# (agents-it/README.md, "Probing a CLI"). Needs `mvn -pl agents-it verify` (or test-compile and
# install-clis.sh) once, for the classes and target/clis.
#   probe.sh OUT claude|codex|gemini SCRIPT [ARGS...]    (the prompt is read from standard input)
# OUT gets: url, requests/NNN-*.json (each request as it arrived), stdout, stderr, exit, and the
# CLI's home folder (home/); the CLI runs in OUT/project, a git repository with greeting.txt,
# unless PROBE_PROJECT names another folder. PROBE_HOME reuses a home folder (to resume a session).
set -eu
out=$(mkdir -p "$1" && cd "$1" && pwd)
cli=$2
script=$3
shift 3
here=$(cd "$(dirname "$0")/../../.." && pwd)
# its real path (target/clis links into ~/.cache/flow-test): codex must not find itself under /tmp
clis=$(cd "$here/target/clis/node_modules/.bin" && pwd -P)
cp="$here/target/test-classes:$(cat "$here/target/probe-classpath.txt" 2>/dev/null || (cd "$here" && mvn -B -q -o dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/probe-classpath.txt >/dev/null && cat target/probe-classpath.txt))"
rm -rf "$out/requests" "$out/url"
java -cp "$cp" dev.flow.agents.ProbeServer "$script" "$out/requests" > "$out/url" 2> "$out/server.err" &
server=$!
trap 'kill $server 2>/dev/null' EXIT
while [ ! -s "$out/url" ]; do
    kill -0 $server 2>/dev/null || { cat "$out/server.err" >&2; exit 1; }
    sleep 0.1
done
url=$(cat "$out/url")
home=${PROBE_HOME:-$out/home}
mkdir -p "$home"
project=${PROBE_PROJECT:-$out/project}
if [ ! -d "$project" ]; then
    mkdir -p "$project" && cd "$project" && git init -q && printf 'Hello, world\n' > greeting.txt && git add . \
        && git -c user.name=Probe -c user.email=probe@example.invalid commit -q -m 'A greeting' && cd - >/dev/null
fi
export HOME="$home" PATH="$clis:$PATH"
case $cli in
    claude)
        export ANTHROPIC_BASE_URL="$url" ANTHROPIC_API_KEY=sk-ant-probe CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 ;;
    codex)
        export CODEX_HOME="$home/.codex" FLOW_PROBE_KEY=sk-probe
        mkdir -p "$CODEX_HOME"
        cat > "$CODEX_HOME/config.toml" <<TOML
model = "${PROBE_MODEL:-gpt-5.5}"
model_provider = "probe"

[model_providers.probe]
name = "Probe"
base_url = "$url/v1"
wire_api = "responses"
env_key = "FLOW_PROBE_KEY"
request_max_retries = ${PROBE_RETRIES:-1}
stream_max_retries = ${PROBE_RETRIES:-1}
stream_idle_timeout_ms = ${PROBE_IDLE_MS:-300000}
TOML
        ;;
    gemini)
        # With GOOGLE_GEMINI_BASE_URL set and no auth type chosen, gemini infers a "gateway" and
        # refuses headless runs ("Invalid auth method selected.", exit 41): choose the API key.
        export GOOGLE_GEMINI_BASE_URL="$url" GEMINI_API_KEY=probe-key
        mkdir -p "$home/.gemini"
        [ -f "$home/.gemini/settings.json" ] || echo '{"security": {"auth": {"selectedType": "gemini-api-key"}}}' > "$home/.gemini/settings.json"
        ;;
    *)
        echo "probe.sh: no such CLI: $cli" >&2; exit 2 ;;
esac
cd "$project"
set +e
"$cli" "$@" > "$out/stdout" 2> "$out/stderr"
echo $? > "$out/exit"
set -e
sleep 0.3  # the server writes what it received every 100 ms
echo "exit $(cat "$out/exit"); requests: $(ls "$out/requests" | tr '\n' ' ')"
