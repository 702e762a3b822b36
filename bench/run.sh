#!/usr/bin/env bash
# Runs one benchmark (or all) against the built project and prints its figures.
#   bench/run.sh check      flow check on generated workflows (1k, 10k, 100k nodes, diamond ladder)
#   bench/run.sh lsp        language server: didChange -> publishDiagnostics at 200, 2,000, 20,000 nodes, RSS
# Build first: mvn -B -q package -DskipTests
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
cp="$(cat bench/target/classpath.txt 2>/dev/null || true)"
if [ ! -f cli/target/flow.jar ] || [ -z "$cp" ]; then
    echo "build first: mvn -B -q package -DskipTests" >&2
    exit 2
fi
run() { java -Xss8m -Xmx4g -cp "bench/target/classes:$cp" "$@"; }
case "$what" in
    check) run dev.flow.bench.CheckBench ;;
    lsp)   run dev.flow.bench.LspLatency dsl.lsp/target/flow-language-server.jar ;;
    all)   run dev.flow.bench.CheckBench; run dev.flow.bench.LspLatency dsl.lsp/target/flow-language-server.jar ;;
    *)     echo "unknown benchmark '$what' (check, lsp, all)" >&2; exit 2 ;;
esac
