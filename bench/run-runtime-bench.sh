#!/bin/sh
# Builds what the runtime benchmark needs and runs it (see README.md, "Runtime").
#   bench/run-runtime-bench.sh [--quick] [--dir DIR]
# DIR holds the databases: put it on the disk you want to measure (default: a new folder under target/).
set -eu
cd "$(dirname "$0")/.."
mvn -B -q -pl bench -am package dependency:build-classpath -DskipTests -Dmdep.outputFile=target/classpath.txt
exec java -cp "bench/target/classes:$(cat bench/target/classpath.txt)" dev.flow.bench.RuntimeBench "$@"
