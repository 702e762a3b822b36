#!/usr/bin/env bash
# Runs one benchmark (or all) against the built project and prints its figures.
#   bench/run.sh check      flow check on generated workflows (1k, 10k, 100k nodes, diamond ladder)
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
    all)   run dev.flow.bench.CheckBench ;;
    *)     echo "unknown benchmark '$what' (check, all)" >&2; exit 2 ;;
esac
