#!/usr/bin/env bash
# Start-up of the flow command: CPU (user + system) and wall time of short commands, the variants
# interleaved (A B C, A B C, ...) so that a change in the machine's load falls on all of them.
#   bench/startup.sh [RUNS] [BEFORE]      (RUNS default 10)
# Variants:
#   java     java -Xss8m -jar cli/target/flow.jar ...   (no launcher: no options, no archive)
#   before   BEFORE/flow ...                             (another checkout's build, e.g. main's, to
#                                                         measure a change against; only with BEFORE)
#   after    ./flow ...                                  (this checkout, through its launcher)
# Cases: `flow check` of a tiny .flow file and of a tiny .yaml file, `flow --version`, each RUNS
# times per variant (median and lowest CPU, median wall); then every workflow file under
# examples/ checked by a `flow check` of its own, once per variant, file by file (totals; leave
# them out with STARTUP_EXAMPLES=no).
# CPU time is the figure to read on a shared machine: the wall time grows with the load.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
before=${2:-}
jar=cli/target/flow.jar
if [ ! -f "$jar" ] || [ ! -f cli/target/flow.jsa ]; then
    echo "build first (with the archive): mvn -B -q package -DskipTests" >&2
    exit 2
fi
if [ ! -x /usr/bin/time ]; then
    echo "bench/startup.sh needs GNU time as /usr/bin/time (Debian: apt install time)" >&2
    exit 2
fi
if [ -n "$before" ] && [ ! -x "$before/flow" ]; then
    echo "$before/flow: not a built Flow checkout" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

cat > "$work/tiny.flow" <<'EOF'
workflow tiny {
    task greet { sh "echo hello" }
    start -> greet -> end
}
EOF
cat > "$work/tiny.yaml" <<'EOF'
workflow: tiny
nodes:
  greet:
    type: task
    agent: bash
    command: "echo hello"
    outputs: [done]
edges:
  - from: START
    to: greet
  - from: greet
    to: END
    condition: "done"
EOF

names=(java)
commands=("$java -Xss8m -jar $PWD/$jar")
if [ -n "$before" ]; then
    names+=(before)
    commands+=("$(cd "$before" && pwd)/flow")
fi
names+=(after)
commands+=("$PWD/flow")

load() { cut -d' ' -f1-3 /proc/loadavg; }
"$java" -version 2>&1 | head -n 1
echo "$(nproc) cores; $runs runs a variant after one warm-up; load average $(load)"

# One run of variant $1 with arguments $2...: appends "cpu wall" (seconds) to $work/$1.times.
one() {
    local i=$1
    shift
    # shellcheck disable=SC2086
    (cd "$work" && /usr/bin/time -f '%U %S %e' -o "$work/one" ${commands[$i]} "$@" >/dev/null 2>&1) || true
    # (GNU time puts "Command exited with non-zero status N" first for a file with errors.)
    tail -n 1 "$work/one" | awk '{printf "%.2f %.2f\n", $1 + $2, $3}' >> "$work/${names[$i]}.times"
}

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo
echo "| command | variant | CPU median | CPU lowest | wall median |"
echo "|---|---|---:|---:|---:|"
for case in "check tiny.flow" "check tiny.yaml" "--version"; do
    # shellcheck disable=SC2086
    for i in "${!names[@]}"; do one "$i" $case; rm -f "$work/${names[$i]}.times"; done
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        for i in "${!names[@]}"; do one "$i" $case; done
    done
    for name in "${names[@]}"; do
        cpu=$(cut -d' ' -f1 "$work/$name.times" | median)
        lowest=$(cut -d' ' -f1 "$work/$name.times" | sort -n | head -n 1)
        wall=$(cut -d' ' -f2 "$work/$name.times" | median)
        echo "| flow $case | $name | $cpu s | $lowest s | $wall s |"
    done
done
echo "(load average $(load))"

[ "${STARTUP_EXAMPLES:-yes}" = no ] && exit 0
mapfile -t examples < <(find "$PWD/examples" \( -name target -o -name lib \) -prune -o \
    \( -name '*.flow' -o -name '*.yaml' -o -name '*.yml' \) -type f -print | sort)
echo
echo "every example checked on its own: ${#examples[@]} files, each variant once a file"
for name in "${names[@]}"; do rm -f "$work/$name.times"; done
for file in "${examples[@]}"; do
    for i in "${!names[@]}"; do one "$i" check "$file"; done
done
echo "| variant | CPU total | wall total |"
echo "|---|---:|---:|"
for name in "${names[@]}"; do
    awk -v n="$name" '{c += $1; w += $2} END {printf "| %s | %.0f s | %.0f s |\n", n, c, w}' "$work/$name.times"
done
echo "(load average $(load))"
