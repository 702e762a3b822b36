package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code flow run}: the real compiler, a real database, real processes for the tasks; flow itself in this JVM. */
class RunCommandTest {
    static final Path EXAMPLES = Path.of("").toAbsolutePath().getParent().resolve("examples");

    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = new Workspace(dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "resume", "status", "log", "answer", "worker", "kv", "kv get", "kv put", "kv ls"})
    void everyRunVerbExplainsItselfWithHelpAndItsExitStatus(String verb) {
        var args = new ArrayList<>(List.of(verb.split(" ")));
        args.add("--help");
        Cli r = Cli.run(args.toArray(String[]::new));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("Usage: flow " + verb).contains("--help", "Exit status");
    }

    @Test
    void runPrintsEachStepAsItHappensAndASummary() {
        Cli r = ws.flow("run", EXAMPLES.resolve("hello.flow").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("(?m)^run hello \\(.*hello.flow\\) as execution [a-z0-9]{8}$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d node greet started$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d node greet completed done \\(\\d+ms\\): hello, world$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d node report completed done \\(\\d+ms\\): greeted world: 5 letters$")
                .containsPattern("(?m)^completed in \\d+ms, 3 steps, execution [a-z0-9]{8}$")
                .doesNotContain("\u001B[");
    }

    @Test
    void theHeaderComesFirstAndTheNodesOfChildExecutionsAreNamedAfterTheirSubgraphNode() {
        Cli r = ws.flow("run", EXAMPLES.resolve("nested.flow").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        var lines = r.out().lines().toList();
        // starting the run already enters core and cli, whose lines wait for the header
        assertThat(lines.get(0)).matches("run release \\(.*nested.flow\\) as execution [a-z0-9]{8}");
        assertThat(r.out()).containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d node core waits for its child execution [a-z0-9]{8}\\.core\\.1$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d node core/build completed done \\(\\d+ms\\): built core$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d node cli/test completed done \\(\\d+ms\\): cli: 12 tests passed$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d node publish completed done \\(\\d+ms\\): published 1.0.0 after 24 tests$");
    }

    @Test
    void inputsAreGivenAsTextAndConvertedToTheirTypes() {
        Cli r = ws.flow("run", EXAMPLES.resolve("hello.flow").toString(), "--input", "name=Ada Lovelace");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("greeted Ada Lovelace: 12 letters");
    }

    @Test
    void aWorkflowWithErrorsIsRefusedBeforeAnythingRunsOrAnyDatabaseIsMade() {
        Path bad = ws.write("bad.flow", """
                workflow bad {
                    task fix { sh "echo ran >> ran.log" }
                    start -> fix -> test
                    test -> end
                }
                """);
        Cli r = ws.flow("run", bad.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.err()).contains("bad.flow:3:21: error FLOW201", "nothing was run");
        assertThat(ws.db).doesNotExist();
        assertThat(dir.resolve("ran.log")).doesNotExist();
    }

    @Test
    void badInputsAreUsageErrorsThatNameTheInputAndItsType() {
        Path file = ws.write("typed.flow", """
                workflow typed {
                    input count: int = 3
                    input name: string
                    task t { sh "echo $FLOW_INPUT_count $FLOW_INPUT_name" }
                    start -> t -> end
                }
                """);
        String f = file.toString();
        assertThat(ws.flow("run", f).err()).contains("input \"name\" (string) is required: give it with --input name=VALUE");
        assertThat(ws.flow("run", f, "-i", "name=x", "-i", "count=many").err()).contains("input \"count\" (int): expected an int, got \"many\"");
        assertThat(ws.flow("run", f, "-i", "nmae=x").err()).contains("workflow \"typed\" has no input \"nmae\"; its inputs are count (int), name (string)");
        assertThat(ws.flow("run", f, "-i", "name").err()).contains("--input takes NAME=VALUE, not \"name\"");
        assertThat(ws.flow("run", f, "-i", "name=a", "-i", "name=b").err()).contains("input \"name\" is given twice");
        for (String[] args : new String[][] {{"run", f}, {"run", f, "-i", "count=x", "-i", "name=y"}, {"run", f, "-i", "name"}}) {
            assertThat(ws.flow(args).exit()).isEqualTo(ExitCode.USAGE);
        }
        assertThat(ws.db).as("refused before the database was opened").doesNotExist();
        Cli ok = ws.flow("run", f, "-i", "name=x", "-i", "count=7");
        assertThat(ok.exit()).isZero();
        assertThat(ok.out()).contains("completed done", ": 7 x");
    }

    private Path loop(int limit, boolean limitRoute) {
        return ws.write("loop" + limit + limitRoute + ".flow", """
                workflow retry_loop {
                    gate tests { sh "test \\"$FLOW_ITERATION\\" -ge 3" }
                    task fix { sh "echo \\"fix $FLOW_ITERATION\\" >> body.log" }
                    gate test uses tests
                    task done { sh "echo done >> outcome.log" }
                    task gave_up { sh "echo gave up >> outcome.log" }
                    start -> fix -> test
                    test -> done when test.passed
                    test -> fix loop max %d when !test.passed
                    %s
                    done -> end
                    gave_up -> end
                }
                """.formatted(limit, limitRoute ? "test -> gave_up on limit" : ""));
    }

    @Test
    void aLoopWhoseGateFailsTwiceAndThenPassesRunsItsBodyThreeTimesAndCompletes() {
        Cli r = ws.flow("run", loop(3, true).toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(ws.lines("body.log")).containsOnlyKeys("fix 1", "fix 2", "fix 3").allSatisfy((line, n) -> assertThat(n).isEqualTo(1));
        assertThat(ws.lines("outcome.log")).containsOnlyKeys("done");
        assertThat(r.out()).contains("loop test->fix: pass 2 of 3", "loop test->fix: pass 3 of 3", "(fix 3 passes, test 3 passes)");
    }

    @Test
    void theSummaryAndStatusCountOnlyThePassesANodeRan() {
        // The loop's third pass leaves by 'count -> end': work is reset for it but never runs, and
        // end, skipped in the first two passes, runs once.
        Path f = ws.write("passes.flow", """
                workflow passes {
                    state { n: int = 0 }
                    task count { sh "true"  on done set n = n + 1 }
                    task work { sh "echo working" }
                    start -> count
                    count -> work when n < 3
                    count -> end when n >= 3
                    work -> count loop max 5
                }
                """);
        Cli r = ws.flow("run", f.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("5 steps (count 3 passes, work 2 passes), execution");
        String id = Workspace.executionOf(r.out());
        JsonNode status = ws.status(id);
        assertThat(Workspace.node(status, "work").get("passes").asInt()).isEqualTo(2);
        assertThat(Workspace.node(status, "count").get("passes").asInt()).isEqualTo(3);
        assertThat(Workspace.node(status, "end").get("passes").asInt()).isEqualTo(1);
        var rows = ws.flow("status", id, "--color=never").out().lines().toList();
        assertThat(rows).anySatisfy(line -> assertThat(line).matches("work +task +skipped +1 +2 .*"));
        assertThat(rows).anySatisfy(line -> assertThat(line).matches("end +end +completed +1 +1 .*"));
    }

    @Test
    void theSameLoopWithALimitOfTwoTakesItsLimitRoute() {
        Cli r = ws.flow("run", loop(2, true).toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(ws.lines("body.log")).containsOnlyKeys("fix 1", "fix 2");
        assertThat(ws.lines("outcome.log")).containsOnlyKeys("gave up");
        assertThat(r.out()).contains("loop test->fix ran out (limit 2)");
    }

    @Test
    void aLoopThatRunsOutWithNoLimitRouteStopsTheRunWithExitCodeFour() {
        Cli r = ws.flow("run", loop(2, false).toString());
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(ExitCode.LIMIT);
        assertThat(r.out()).contains("stopped by a limit in").contains("test->fix");
        assertThat(ws.lines("outcome.log")).isEmpty();
    }

    @Test
    void threeTasksUnderMaxParallelThreeRunAtOnce() {
        // Each task waits until all three have started: the run completes only if the three run at
        // the same time (one at a time, the first would give up after its wait). No clock involved,
        // so a loaded machine cannot fail it; the wait is long only as a bound.
        String waitForAll = "touch %s.started; i=0; while [ $i -lt 6000 ]; do "
                + "[ -e a.started ] && [ -e b.started ] && [ -e c.started ] && exit 0; sleep 0.05; i=$((i+1)); done; exit 1";
        Path file = ws.write("together.flow", """
                workflow together {
                    max parallel 3
                    parallel checks
                    task a { sh "%s" }
                    task b { sh "%s" }
                    task c { sh "%s" }
                    merge joined
                    start -> checks
                    checks -> a -> joined
                    checks -> b -> joined
                    checks -> c -> joined
                    joined -> end
                }
                """.formatted(waitForAll.formatted("a"), waitForAll.formatted("b"), waitForAll.formatted("c")));
        Cli r = ws.flow("run", file.toString());
        assertThat(r.exit()).as(r.err() + r.out()).isZero();
    }

    @Test
    void aMissingProgramFailsTheRunWithAClearMessage() {
        Path file = ws.write("missing.flow", """
                workflow missing {
                    task build { run ["no-such-program-for-flow", "--all"] }
                    task ship { sh "echo shipped >> shipped.log" }
                    start -> build -> ship -> end
                }
                """);
        Cli r = ws.flow("run", file.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("node build failed (logic): program \"no-such-program-for-flow\" is not on PATH")
                .containsPattern("(?m)^failed in \\d+ms, 1 step, execution [a-z0-9]{8}$")
                .contains("  node \"build\" failed: program \"no-such-program-for-flow\" is not on PATH", "details: flow status ");
        assertThat(r.err()).doesNotContain("Exception", "\tat ");
        assertThat(dir.resolve("shipped.log")).doesNotExist();
    }

    @Test
    void yamlWorkflowsAndCompiledGraphsRunLikeTheLanguage() {
        Path yaml = ws.write("two.yaml", """
                workflow: two
                nodes:
                  first:
                    type: task
                    agent: bash
                    command: "echo first >> ran.log"
                    outputs: [done]
                  second:
                    type: task
                    agent: bash
                    command: "echo second >> ran.log"
                    outputs: [done]
                edges:
                  - from: START
                    to: first
                  - from: first
                    to: second
                  - from: second
                    to: END
                """);
        Cli fromYaml = ws.flow("run", yaml.toString());
        assertThat(fromYaml.exit()).as(fromYaml.out() + fromYaml.err()).isZero();
        Path json = dir.resolve("hello.json");
        assertThat(Cli.run("compile", EXAMPLES.resolve("hello.flow").toString(), "-o", json.toString()).exit()).isZero();
        Cli fromJson = ws.flow("run", json.toString());
        assertThat(fromJson.exit()).as(fromJson.err()).isZero();
        assertThat(fromJson.out()).contains("greeted world: 5 letters");
        assertThat(ws.lines("ran.log")).containsOnlyKeys("first", "second");
    }

    @Test
    void detachStartsTheExecutionForWorkersAndPrintsItsId() {
        Cli r = ws.flow("run", "--detach", EXAMPLES.resolve("hello.flow").toString());
        assertThat(r.exit()).isZero();
        String id = r.out().strip();
        assertThat(id).matches("[a-z0-9]{8}");
        assertThat(r.err()).contains("started execution " + id, "worker");
        assertThat(ws.status(id).get("status").asText()).isEqualTo("running");
        Cli resumed = ws.flow("resume", id);
        assertThat(resumed.exit()).isZero();
        assertThat(resumed.out()).contains("node greet started", "completed in");
    }

    @Test
    void fullDurabilityIsAnOptionAndAnythingElseIsAUsageError() {
        assertThat(ws.flow("run", "--durability", "full", EXAMPLES.resolve("hello.flow").toString()).exit()).isZero();
        Cli bad = ws.flow("run", "--durability", "paranoid", EXAMPLES.resolve("hello.flow").toString());
        assertThat(bad.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(bad.err()).contains("--durability must be normal or full, not \"paranoid\"");
        Cli progress = ws.flow("run", "--progress", "fancy", EXAMPLES.resolve("hello.flow").toString());
        assertThat(progress.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(progress.err()).contains("--progress must be auto, live, plain or none");
    }

    @Test
    void progressNoneLeavesOnlyTheSummary() {
        Cli r = ws.flow("run", "--progress", "none", EXAMPLES.resolve("hello.flow").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out().strip().lines()).hasSize(2).last().asString().matches("completed in \\d+ms, 3 steps, execution [a-z0-9]{8}");
    }
}
