#!/bin/sh
# Makes the class-data sharing (AppCDS) archive of flow.jar, for a faster start of the JVM:
#   cds-archive.sh TARGET EXAMPLES
# TARGET/flow.classlist  the classes that `flow check` and `flow run` load, from training runs
#                        of small workflows (the distribution ships it; its launcher makes the
#                        archive from it on first use, since an archive names its jar's path);
# TARGET/flow.jsa        the archive for TARGET/flow.jar where it is (the repository's ./flow).
# A static archive (-Xshare:dump from a class list) rather than a dynamic one
# (-XX:ArchiveClassesAtExit): Java 17 leaves classes of old class-file versions (EMF, picocli,
# Xtext's interfaces) out of dynamic archives, which made them miss a third of Flow's classes.
# A JVM that cannot make archives leaves a warning and no archive: the launcher then runs without.
set -u
# Absolute paths: the training runs work in a folder of their own.
target=$(cd "$1" && pwd) || exit 1
examples=$(cd "$2" && pwd) || exit 1
jar=$target/flow.jar
work=$target/cds-training
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

rm -rf "$work" && mkdir -p "$work" || exit 1
train() {
    name=$1
    shift
    (cd "$work" && "$java" -Xshare:off -XX:DumpLoadedClassList="$work/$name.classes" -Xss8m \
        -Dflow.launcher=/bin/false -jar "$jar" "$@") >"$work/$name.out" 2>&1
}
# What a user runs most: check a workflow in the language and in YAML, run one, look at runs.
train check check "$examples/hello.flow"
train yaml check "$examples/yaml"
train run run "$examples/hello.flow" --db "$work/state.db"
train status status --db "$work/state.db"
train help --help

# One list, in first-loaded order. Lambda proxies stay out: in Java 17, linking them at dump
# time keeps the old-version interfaces they implement out of the archive.
rm -f "$target/flow.classlist" "$target/flow.jsa"
if ! grep -q '^dev/flow/cli/FlowCli$' "$work"/*.classes 2>/dev/null; then
    echo "cds-archive: the training runs of flow.jar loaded none of Flow's classes (see $work/*.out); flow starts without an archive" >&2
    exit 0
fi
cat "$work"/*.classes | grep -v '^@lambda-proxy' | awk '!seen[$0]++' > "$target/flow.classlist"

if ! "$java" -Xshare:dump -XX:SharedClassListFile="$target/flow.classlist" -XX:SharedArchiveFile="$target/flow.jsa" \
        -cp "$jar" >"$work/dump.out" 2>&1; then
    echo "cds-archive: this Java made no class-data sharing archive (see $work/dump.out); flow starts without one" >&2
    rm -f "$target/flow.jsa"
fi
exit 0
