#!/usr/bin/env bash
# Runs one benchmark (or all) against the built project and prints its figures.
#   bench/run.sh check      flow check on generated workflows in the language (1k, 10k, 100k nodes, diamond ladder)
#   bench/run.sh checker    the checker alone on large graphs built in memory (100k chain and cycle, loops, ladder)
#   bench/run.sh yaml       flow check on generated YAML workflows of both dialects (1k, 10k nodes)
#   bench/run.sh lsp        language server: didChange -> publishDiagnostics at 200, 2,000, 20,000 nodes, RSS
#   bench/run.sh reply      reading an agent's answer after 300 KB of braces, before and after the linear scan
#   bench/run.sh startup    start-up of flow check (.flow, .yaml), --version and every example: java -jar against the launcher (bench/startup.sh)
#   bench/run.sh workers [WORK_MS...]  nodes/s for 1, 2, 4, 8 worker slots on SQLite and PostgreSQL (a local throwaway
#                           cluster, made by tools/pg-test-cluster.sh with fsync on), side by side
#   bench/run.sh workers --only STORE WORKERS ROUNDS [WORK_MS]  one case alone (sqlite, postgresql, postgresql-async), for a profiler
#   bench/run.sh studio [mermaid]  the studio on a 10,000-node run of 100,000 events: ms to answer what its page reads, over HTTP,
#                           and to open its page in headless Chromium; mermaid: only Mermaid's layout time by graph size
#   bench/run.sh sidebyside [--quick] [--rounds N] [--sizes 1000,10000,100000] [--fanout W] [--modes NORMAL,FULL] [--dir DIR]
#                           Flow and LangGraph4j in one run, interleaved, chains and a fan-out, NORMAL and FULL
# Build first: mvn -B -q package -DskipTests
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
if [ "$what" = startup ]; then
    shift
    exec bench/startup.sh "$@"
fi
cp="$(cat bench/target/classpath.txt 2>/dev/null || true)"
if [ ! -f cli/target/flow.jar ] || [ -z "$cp" ]; then
    echo "build first: mvn -B -q package -DskipTests" >&2
    exit 2
fi
run() { java -Xss8m -Xmx4g -cp "bench/target/classes:$cp" "$@"; }
case "$what" in
    check) run dev.flow.bench.CheckBench flow ;;
    yaml)  run dev.flow.bench.CheckBench yaml ;;
    checker) run dev.flow.bench.CheckerBench ;;
    lsp)   run dev.flow.bench.LspLatency dsl.lsp/target/flow-language-server.jar ;;
    reply) run dev.flow.bench.ReplyScanBench ;;
    sidebyside) shift; run dev.flow.bench.SideBySideBench "$@" ;;
    studio) shift; run dev.flow.bench.StudioBench "$@" ;;
    workers) shift; FLOW_PG_DURABLE=1 run dev.flow.bench.WorkerScalingBench "$@" ;;
    all)   run dev.flow.bench.CheckBench all; run dev.flow.bench.CheckerBench; run dev.flow.bench.LspLatency dsl.lsp/target/flow-language-server.jar ;;
    *)     echo "unknown benchmark '$what' (check, checker, yaml, lsp, reply, startup, workers, sidebyside, studio, all)" >&2; exit 2 ;;
esac
