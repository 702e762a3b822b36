#!/usr/bin/env bash
# Start-up of the flow command, before and after the launcher's start-up options:
#   before    java -Xss8m -jar cli/target/flow.jar ...   (what ./flow ran until the launcher of dist/)
#   c1+serial FLOW_CDS=off ./flow ...                    (client compiler, serial collector, no archive)
#   after     ./flow ...                                 (the same with the class-data sharing archive)
# for `flow --version`, `flow check examples/hello.flow` and `flow run examples/hello.flow`.
# Uses hyperfine when it is installed (Debian: apt install hyperfine), else times RUNS runs itself.
#   bench/startup.sh [RUNS]      (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
jar=cli/target/flow.jar
if [ ! -f "$jar" ] || [ ! -f cli/target/flow.jsa ]; then
    echo "build first (with the archive): mvn -B -q package -DskipTests" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hello=$PWD/examples/hello.flow
flow=$PWD/flow
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
"$java" -version 2>&1 | head -n 1
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $runs runs each after 2 warm-ups"

verbs=("--version" "check $hello" "run $hello --db $work/state.db")
for verb in "${verbs[@]}"; do
    echo
    shown=${verb//$PWD\//}
    echo "== flow ${shown//$work/TMP}"
    before="$java -Xss8m -jar $PWD/$jar $verb"
    c1="env FLOW_CDS=off $flow $verb"
    after="$flow $verb"
    if command -v hyperfine >/dev/null; then
        (cd "$work" && hyperfine -N --style basic --warmup 2 --runs "$runs" --output=null \
            -n before "$before" -n c1+serial "$c1" -n after "$after")
    else
        for name in before c1+serial after; do
            case $name in before) cmd=$before ;; c1+serial) cmd=$c1 ;; after) cmd=$after ;; esac
            for _ in 1 2; do (cd "$work" && $cmd >/dev/null 2>&1); done
            start=$(date +%s%N)
            for _ in $(seq "$runs"); do (cd "$work" && $cmd >/dev/null 2>&1); done
            echo "$name: mean $(( ($(date +%s%N) - start) / runs / 1000000 )) ms"
        done
    fi
done
