package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.testing.BackgroundProcess;
import dev.flow.testing.Poll;
import dev.flow.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code flow} command in its own processes: exit codes, a pause answered from other
 * processes, SIGKILL and SIGTERM in the middle of a run, workers sharing one database, and tasks that
 * call flow back. Each flow process is a JVM that starts in about a second (two with the compiler),
 * so each test here takes a few seconds; the reason is given where one takes more.
 */
class ProcessTest {
    /** Appends "NODE ITERATION" to effects.log: the effect the crash tests count. */
    private static final String EFFECT = "echo \\\"$FLOW_NODE_ID $FLOW_ITERATION\\\" >> effects.log";

    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = new Workspace(dir);
    }

    @Test
    void aHumanNodeMakesRunExitThreeAndAnAnswerThenResumeCompletesIt() throws Exception {
        FlowProcess run = ws.process("run", RunCommandTest.EXAMPLES.resolve("approval.flow").toString());
        assertThat(run.exit()).as(run.err()).isEqualTo(ExitCode.PAUSED);
        String id = Workspace.executionOf(run.out());
        assertThat(run.out()).contains("answer " + id + " review approved", "resume " + id);

        FlowProcess answer = ws.process("answer", id, "review", "approved");
        assertThat(answer.exit()).as(answer.err()).isZero();
        FlowProcess twice = ws.process("answer", id, "review", "approved");
        assertThat(twice.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(twice.err()).contains("already answered \"approved\"").doesNotContain("Exception", "\tat ");

        FlowProcess resume = ws.process("resume", id);
        assertThat(resume.exit()).as(resume.err()).isZero();
        assertThat(resume.out()).contains("node ship completed done", "completed in").doesNotContain("waiting for a person");
        assertThat(ws.flow("resume", id).out()).as("an ended run is reported, and asks nothing again").doesNotContain("answer with");
    }

    private Path chain() {
        return ws.write("chain.flow", """
                workflow chain {
                    task a { sh "%1$s" }
                    task slow { sh "echo started >> slow.marker; if [ ! -e slow.pid ]; then echo $$ > slow.pid; sleep 60; fi; %1$s" }
                    task z { sh "%1$s" }
                    start -> a -> slow -> z -> end
                }
                """.formatted(EFFECT));
    }

    /** The shell of the first run of "slow" (the one that sleeps); it writes its pid before it sleeps. */
    private long slowPid() throws IOException {
        return Long.parseLong(Files.readString(dir.resolve("slow.pid")).strip());
    }

    @Test
    void killedWithSigkillDuringATaskResumeCompletesWithEveryEffectOnce() throws Exception {
        String id;
        try (var run = FlowProcess.start(dir, "run", chain().toString(), "--db", ws.db.toString())) {
            id = Workspace.executionOf(run.awaitLine("as execution"));
            Processes.awaitLine(dir.resolve("slow.pid"));
            run.kill();
        }
        assertThat(Workspace.node(ws.status(id), "slow").get("status").asText()).isEqualTo("running");
        FlowProcess resume = ws.process("resume", id);
        assertThat(resume.exit()).as(resume.out() + resume.err()).isZero();
        // The killed run's shell outlived its JVM (its own process group) and would have added its
        // effect once its sleep ended: resume killed it first, so 'slow 1' appears once.
        assertThat(Processes.alive(slowPid())).as("the killed run's task").isFalse();
        assertThat(ws.lines("effects.log")).isEqualTo(Map.of("a 1", 1, "slow 1", 1, "z 1", 1));
        assertThat(ws.lines("slow.marker")).isEqualTo(Map.of("started", 2));
    }

    /** Two tasks at once, each a shell whose sleep (the first time only) writes its pid to NODE.sleep. */
    private Path twoSleepers() {
        return ws.write("sleepers.flow", """
                workflow sleepers {
                    parallel fan
                    merge join
                    task a { sh "if [ ! -e a.sleep ]; then sleep 300 & echo $! > a.sleep; wait; fi" }
                    task b { sh "if [ ! -e b.sleep ]; then sleep 300 & echo $! > b.sleep; wait; fi" }
                    start -> fan
                    fan -> a -> join
                    fan -> b -> join
                    join -> end
                }
                """);
    }

    /** Runs {@link #twoSleepers} until both sleep, then SIGKILLs the driver; returns the execution. */
    private String runSleepersAndKillTheDriver() throws Exception {
        try (var run = FlowProcess.start(dir, "run", twoSleepers().toString(), "--db", ws.db.toString())) {
            String id = Workspace.executionOf(run.awaitLine("as execution"));
            Processes.awaitLine(dir.resolve("a.sleep"));
            Processes.awaitLine(dir.resolve("b.sleep"));
            run.kill();
            return id;
        }
    }

    /** Issue 19, item 11: the driver is SIGKILLed; its step processes live on until flow cancel finds and stops them. */
    @Test
    void cancelOfARunWhoseDriverWasKilledStopsTheProcessesItsStepsLeft() throws Exception {
        String id = runSleepersAndKillTheDriver();
        long a = Long.parseLong(Files.readString(dir.resolve("a.sleep")).strip());
        long b = Long.parseLong(Files.readString(dir.resolve("b.sleep")).strip());
        assertThat(Processes.alive(a) && Processes.alive(b)).as("the steps outlived their driver").isTrue();
        FlowProcess cancel = ws.process("cancel", id);
        assertThat(cancel.exit()).as(cancel.out() + cancel.err()).isZero();
        // each sleep and the shell waiting for it, at least
        assertThat(cancel.out()).contains("2 nodes stopped").containsPattern("\\b([4-9]|\\d\\d+) processes of work whose driver is gone stopped");
        Processes.awaitGone(a, "the step process " + a);
        Processes.awaitGone(b, "the step process " + b);
    }

    /** Issue 19, item 11: the same for flow resume, which says what it stopped and then runs the steps again. */
    @Test
    void resumeOfARunWhoseDriverWasKilledStopsTheProcessesItsStepsLeftAndSaysSo() throws Exception {
        String id = runSleepersAndKillTheDriver();
        long a = Long.parseLong(Files.readString(dir.resolve("a.sleep")).strip());
        long b = Long.parseLong(Files.readString(dir.resolve("b.sleep")).strip());
        FlowProcess resume = ws.process("resume", id);
        assertThat(resume.exit()).as(resume.out() + resume.err()).isZero();
        assertThat(resume.out()).contains("node a handed over: its worker process is gone (", "node b handed over: its worker process is gone (",
                " it left running stopped)", "completed in");
        Processes.awaitGone(a, "the step process " + a);
        Processes.awaitGone(b, "the step process " + b);
    }

    @Test
    void sigtermStopsTheRunCleanlyHandsItsWorkBackAndSaysHowToResume() throws Exception {
        String id;
        String output;
        try (var run = FlowProcess.start(dir, "run", chain().toString(), "--db", ws.db.toString())) {
            id = Workspace.executionOf(run.awaitLine("as execution"));
            Processes.awaitLine(dir.resolve("slow.pid"));
            run.terminate();
            assertThat(run.exitCode()).isEqualTo(143);
            output = run.output() + "\nstderr: " + run.stderr();
        }
        assertThat(output).contains("node slow handed back: its worker was stopped", "interrupted after", "resume " + id);
        JsonNode slow = Workspace.node(ws.status(id), "slow");
        assertThat(slow.get("status").asText()).isEqualTo("ready");
        assertThat(slow.get("attempt").asInt()).as("not counted as a failed attempt").isEqualTo(1);
        assertThat(Processes.alive(slowPid())).as("the stopped task").isFalse();
        assertThat(ws.lines("effects.log")).isEqualTo(Map.of("a 1", 1));
        FlowProcess resume = ws.process("resume", id);
        assertThat(resume.exit()).as(resume.err()).isZero();
        assertThat(ws.lines("effects.log")).isEqualTo(Map.of("a 1", 1, "slow 1", 1, "z 1", 1));
    }

    @Test
    void ctrlCKillsWhatTheRunningTaskDetached() throws Exception {
        // a test run started in the background by a shell without job control inherits SIGINT ignored, and so would
        // flow: its JVM then never sees the Ctrl-C this test sends, and the test would only wait and fail
        org.junit.jupiter.api.Assumptions.assumeFalse(sigintIgnored(),
                "skipped: this test's JVM inherited SIGINT as ignored (started in the background by a shell without job control), and so would flow");
        Path file = ws.write("detach.flow", "workflow detach {\n    task slow { sh "
                + dev.flow.model.Literals.quote(dev.flow.engine.Detached.LINE + "; sleep 300") + " }\n    start -> slow -> end\n}\n");
        try (var run = FlowProcess.start(dir, "run", file.toString(), "--db", ws.db.toString())) {
            run.awaitLine("as execution");
            dev.flow.engine.Detached.awaitPids(dir);
            new ProcessBuilder("kill", "-INT", Long.toString(run.process().pid())).start().waitFor();
            assertThat(run.exitCode()).isEqualTo(130);
        }
        try {
            var pids = dev.flow.engine.Detached.pids(dir);
            assertThat(dev.flow.engine.Detached.gone(pids.get("kept"))).as("the detached sleep that kept its environment").isTrue();
            if (dev.flow.engine.exec.Containment.forEnvironment(System.getenv()).usesCgroups()) {
                assertThat(dev.flow.engine.Detached.gone(pids.get("bare"))).as("the detached sleep with a cleared environment").isTrue();
            }
        } finally {
            dev.flow.engine.Detached.cleanUp(dir);
        }
    }

    @Test
    void twoWorkersShareAWideFanOutWithNoNodeRunTwiceAndNoLockedDatabase() throws Exception {
        // Starts three JVMs and sixty shell processes on a small machine: about ten seconds.
        int width = 60;
        var nodes = new StringBuilder();
        var edges = new StringBuilder();
        for (int i = 0; i < width; i++) {
            // every task waits for "go", which the test makes once both workers hold tasks: on a fast machine the
            // first worker would otherwise finish all sixty before the second one started
            nodes.append("    task w").append(i).append(" { sh \"while [ ! -e go ]; do sleep 0.05; done; ").append(EFFECT).append("\" }\n");
            edges.append("    fan -> w").append(i).append(" -> join\n");
        }
        Path wide = ws.write("wide.flow", "workflow wide {\n    max parallel 16\n    parallel fan\n    merge join\n" + nodes
                + "    start -> fan\n" + edges + "    join -> end\n}\n");
        Cli start = ws.flow("run", "--detach", wide.toString());
        assertThat(start.exit()).as(start.err()).isZero();
        String id = start.out().strip();

        var workers = new ArrayList<BackgroundProcess>();
        try {
            for (int i = 0; i < 2; i++) {
                workers.add(FlowProcess.start(dir, "worker", "--concurrency", "4", "--db", ws.db.toString()));
            }
            for (var w : workers) {
                w.awaitLine("serving ");
            }
            // The first worker's four slots wait on "go", so the other fifty-odd ready nodes (max parallel 16) are the second's to take.
            for (var w : workers) {
                w.awaitLine(" node w");
            }
            Files.writeString(dir.resolve("go"), "");
            // Two minutes: a wide fan-out of shells, on a machine other builds share.
            Poll.until("the workers to complete the execution", Duration.ofMinutes(2),
                    () -> ws.status(id).get("status").asText().equals("completed"));
            for (var w : workers) {
                w.terminate();
                assertThat(w.exitCode()).isEqualTo(143);
                assertThat(w.output()).contains("stopped");
                assertThat(w.stderr()).doesNotContainIgnoringCase("locked").doesNotContain("Exception");
            }
            assertThat(workers.get(0).output()).as("both took a share").contains(" node w");
            assertThat(workers.get(1).output()).contains(" node w");
        } finally {
            workers.forEach(BackgroundProcess::close);
        }
        var started = new HashMap<String, Integer>();
        var mapper = new ObjectMapper();
        for (String line : ws.flow("log", id, "--format", "json").out().lines().toList()) {
            JsonNode e = mapper.readTree(line);
            if (e.get("kind").asText().equals("node_started")) {
                started.merge(e.get("node").asText(), 1, Integer::sum);
            }
        }
        assertThat(started).hasSize(width).allSatisfy((node, n) -> assertThat(n).as(node).isEqualTo(1));
        assertThat(ws.lines("effects.log")).hasSize(width).allSatisfy((line, n) -> assertThat(n).as(line).isEqualTo(1));
    }

    @Test
    void aStoppedWorkerHandsBackWhatItWasRunningForTheNextOne() throws Exception {
        Path file = ws.write("long.flow", """
                workflow long_task {
                    task work { sh "if [ -f again ]; then echo quick; else touch again; echo started >> work.marker; sleep 30; fi" }
                    start -> work -> end
                }
                """);
        String id = ws.flow("run", "--detach", file.toString()).out().strip();
        try (var worker = FlowProcess.start(dir, "worker", "--db", ws.db.toString())) {
            worker.awaitLine("node work started");
            // "started" is printed when the process starts, before its shell has touched "again":
            // stop the worker only once the first pass is surely inside its sleep.
            Processes.awaitFiles(dir.resolve("work.marker"));
            worker.terminate();
            assertThat(worker.exitCode()).as("the 30 s task was stopped, not waited for").isEqualTo(143);
            assertThat(worker.output()).contains("node work handed back", "stopped");
        }
        assertThat(Workspace.node(ws.status(id), "work").get("status").asText()).isEqualTo("ready");
        Cli resume = ws.flow("resume", id);
        assertThat(resume.exit()).isZero();
        assertThat(resume.out()).contains("node work completed done", ": quick");
    }

    @Test
    void aTaskWritesItsOwnKeysAndTheRunsButNotAnotherNodes() throws Exception {
        Path file = ws.write("kv.flow", """
                workflow kv_rules {
                    task writer {
                        sh "\\"$FLOW_BIN\\" kv put greeting hello && \\"$FLOW_BIN\\" kv put --run shared yes && if \\"$FLOW_BIN\\" kv put --node reader x y 2> refused.txt; then echo allowed; else echo refused; fi"
                    }
                    task reader {
                        sh "\\"$FLOW_BIN\\" kv get --node writer greeting"
                    }
                    start -> writer -> reader -> end
                }
                """);
        FlowProcess run = ws.process("run", file.toString());
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("node writer completed done", ": refused", "node reader completed done", ": hello");
        assertThat(Files.readString(dir.resolve("refused.txt")))
                .contains("node \"writer\" may not write the keys of node \"reader\"; it writes its own (\"writer\") and the run's (\"run\")");
        String id = Workspace.executionOf(run.out());
        assertThat(ws.flow("kv", "get", "-e", id, "--run", "shared").out()).isEqualTo("yes\n");
        // the reader's own process wrote nothing: its keys are the ones Flow writes for every node
        var readerKeys = new com.fasterxml.jackson.databind.ObjectMapper().readTree(ws.flow("kv", "ls", "-e", id, "-n", "reader", "--format", "json").out());
        assertThat(readerKeys).extracting(k -> k.get("key").asText() + " by " + k.get("writer").asText())
                .containsExactly("out.last_result_path by flow", "out.last_stdout_path by flow", "out.summary by flow");
    }

    @Test
    void flowRunsFromACommandLineWithTheDocumentedExitCodes() throws Exception {
        Path missing = ws.write("missing.flow", """
                workflow missing {
                    task build { run ["no-such-program-for-flow"] }
                    start -> build -> end
                }
                """);
        FlowProcess failed = ws.process("run", missing.toString());
        assertThat(failed.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(failed.out()).contains("is not on PATH");
        FlowProcess unknown = ws.process("status", "nosuchid");
        assertThat(unknown.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(unknown.err()).contains("no execution \"nosuchid\"").doesNotContain("\tat ");
        List<String> noStackTraces = List.of(failed.err(), unknown.err());
        assertThat(noStackTraces).noneMatch(s -> s.contains("Exception"));
    }

    @Test
    void cancelEndsARunThatFlowRunDrivesInAnotherProcessAndASecondCancelSaysSo() throws Exception {
        String id;
        try (var run = FlowProcess.start(dir, "run", chain().toString(), "--db", ws.db.toString())) {
            id = Workspace.executionOf(run.awaitLine("as execution"));
            Processes.awaitLine(dir.resolve("slow.pid"));
            FlowProcess cancel = ws.process("cancel", id, "--reason", "fixed by hand");
            assertThat(cancel.exit()).as(cancel.err()).isZero();
            assertThat(cancel.out()).contains("cancelled execution " + id + " (chain): 1 node stopped", "status " + id);
            assertThat(run.exitCode()).as("flow run notices within half a second and ends").isEqualTo(ExitCode.FAILED);
            assertThat(run.output()).contains("cancelled by a person", "fixed by hand");
        }
        assertThat(Processes.alive(slowPid())).as("the task flow run was running").isFalse();
        assertThat(ws.lines("effects.log")).isEqualTo(Map.of("a 1", 1));
        assertThat(ws.status(id).get("status").asText()).isEqualTo("cancelled");
        assertThat(ws.flow("log", id).out()).contains("cancelled        -  {\"reason\":\"fixed by hand\"", "node_cancelled   slow");

        FlowProcess again = ws.process("cancel", id);
        assertThat(again.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(again.err()).contains("execution " + id + " has already ended (cancelled: cancelled by ", "nothing to cancel")
                .doesNotContain("Exception");
        assertThat(ws.process("resume", id).exit()).as("a cancelled run is not resumed").isEqualTo(ExitCode.FAILED);
    }

    @Test
    void cancelStopsTheWorkAWorkerServesAndTheWorkerGoesOnWithOtherRuns() throws Exception {
        String id = ws.flow("run", "--detach", chain().toString()).out().strip();
        try (var worker = FlowProcess.start(dir, "worker", "--db", ws.db.toString())) {
            worker.awaitLine("node slow started");
            Processes.awaitLine(dir.resolve("slow.pid"));
            FlowProcess cancel = ws.process("cancel", id);
            assertThat(cancel.exit()).as(cancel.err()).isZero();
            Processes.awaitGone(slowPid(), "the task the worker was running");
            assertThat(ws.status(id).get("status").asText()).isEqualTo("cancelled");
            assertThat(Workspace.node(ws.status(id), "slow").get("status").asText()).isEqualTo("skipped");

            Path quick = ws.write("quick.flow", "workflow quick {\n    task q { sh \"echo done\" }\n    start -> q -> end\n}\n");
            String next = ws.flow("run", "--detach", quick.toString()).out().strip();
            worker.awaitLine("node q completed");
            assertThat(ws.status(next).get("status").asText()).isEqualTo("completed");
            worker.terminate();
            assertThat(worker.exitCode()).isEqualTo(143);
            assertThat(worker.stderr()).doesNotContain("Exception");
        }
        assertThat(ws.lines("effects.log")).as("z never ran").isEqualTo(Map.of("a 1", 1));
    }

    @Test
    void forkRunsAFailedRunAgainFromItsFailedNodeAndSaysWhereItCameFrom() throws Exception {
        Path file = ws.write("build.flow", """
                workflow build {
                    input target: string = "prod"
                    task prep { sh "%1$s" }
                    task compile { sh "%1$s; echo $FLOW_INPUT_target >> target.log; test -e fixed" }
                    task ship { sh "%1$s" }
                    start -> prep -> compile -> ship -> end
                }
                """.formatted(EFFECT));
        FlowProcess run = ws.process("run", file.toString());
        assertThat(run.exit()).as(run.out()).isEqualTo(ExitCode.FAILED);
        String source = Workspace.executionOf(run.out());
        Files.writeString(dir.resolve("fixed"), "");

        FlowProcess fork = ws.process("fork", source, "--from", "compile", "--input", "target=staging");
        assertThat(fork.exit()).as(fork.out() + fork.err()).isZero();
        assertThat(fork.out()).contains("a fork of " + source + " from compile, reusing 1 node (prep)", "node ship completed");
        String id = Workspace.executionOf(fork.out());
        assertThat(ws.lines("effects.log")).isEqualTo(Map.of("prep 1", 1, "compile 1", 2, "ship 1", 1));
        assertThat(ws.lines("target.log")).isEqualTo(Map.of("prod", 1, "staging", 1));

        assertThat(ws.flow("status", id).out()).contains("forked from " + source + " at compile, reusing 1 node (prep)");
        assertThat(ws.flow("status").out()).contains("build (fork of " + source + ")");
        assertThat(ws.status(id).get("forkedFrom").get("execution").asText()).isEqualTo(source);
        assertThat(ws.flow("log", id).out().lines().findFirst().orElseThrow())
                .contains("forked", "{\"from\":\"" + source + "\",\"node\":\"compile\"", "\"reused\":[\"start\",\"prep\"]");

        FlowProcess unknown = ws.process("fork", source, "--from", "compil");
        assertThat(unknown.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(unknown.err()).contains("workflow \"build\" has no node \"compil\"; did you mean \"compile\"?").doesNotContain("Exception");
        assertThat(ws.flow("fork", "--help").out()).contains("--from", "--input", "SUB/NODE");
    }

    /** Whether this process ignores SIGINT, as its children then do (bit 2 of SigIgn in /proc/self/status). */
    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:")).findFirst()
                .map(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).strip(), 16) & (1L << 1)) != 0).orElse(false);
    }
}
