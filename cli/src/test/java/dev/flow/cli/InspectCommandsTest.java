package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.testing.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flow status}, {@code log}, {@code answer} and {@code kv} on a real database, and the databases flow refuses. */
class InspectCommandsTest {
    private static final Path EXAMPLES = RunCommandTest.EXAMPLES;

    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = new Workspace(dir);
    }

    private String run(String example) {
        Cli r = ws.flow("run", EXAMPLES.resolve(example).toString());
        assertThat(r.exit()).as(r.err()).isIn(ExitCode.OK, ExitCode.PAUSED);
        return Workspace.executionOf(r.out());
    }

    @Test
    void statusListsTheExecutionsNewestFirst() throws Exception {
        String first = run("hello.flow");
        // Two runs started in one millisecond would tie: the second starts once the clock has moved on.
        long firstStartedBy = System.currentTimeMillis();
        Poll.until("the clock to move past the first run's start", () -> System.currentTimeMillis() > firstStartedBy);
        String second = run("flaky_retry.flow");
        Cli r = ws.flow("status");
        assertThat(r.exit()).isZero();
        var lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("ID").contains("WORKFLOW", "STATUS", "STARTED", "DURATION");
        assertThat(lines.get(1)).startsWith(second).contains("flaky_retry", "completed");
        assertThat(lines.get(2)).startsWith(first).contains("hello", "completed");

        JsonNode json = new ObjectMapper().readTree(ws.flow("status", "--format", "json").out());
        assertThat(json).hasSize(2);
        assertThat(json.get(0).get("id").asText()).isEqualTo(second);
        assertThat(json.get(0).fieldNames()).toIterable().contains("id", "workflow", "status", "started", "finished", "durationMs", "steps", "cost");
        assertThat(ws.flow("status", "--limit", "1", "--format", "json").out()).contains(second).doesNotContain(first);
    }

    /** Runs git in {@code folder}; a failure fails the test. */
    private static String git(Path folder, String... args) throws Exception {
        var argv = new ArrayList<String>(List.of("git", "-c", "user.name=T", "-c", "user.email=t@example.invalid"));
        argv.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(argv).directory(folder.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void statusShowsEachIsolatedStepsWorktreeAndTheCommitItAppliedOrItsConflict() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        git(project, "init", "-q");
        Files.writeString(project.resolve("notes.txt"), "first\n");
        git(project, "add", "-A");
        git(project, "commit", "-q", "-m", "first");
        // Both change the same line; each gate waits until the other has reached its gates, so that
        // both started from the same commit: the one applied second conflicts.
        String meet = "touch \\\"$FLOW_ARTIFACTS_DIR/ready\\\"; i=0; until [ -e \\\"$FLOW_ARTIFACTS_DIR/../../%s/1-1/ready\\\" ] || [ $i -ge 1200 ]; "
                + "do sleep 0.05; i=$((i + 1)); done";
        ws.write("project/iso.flow", """
                workflow iso {
                    max parallel 2
                    isolate worktree
                    gate meet_a { sh "%s" }
                    gate meet_b { sh "%s" }
                    parallel both
                    task a { sh "echo from a > notes.txt"  gates meet_b }
                    task b { sh "echo from b > notes.txt"  gates meet_a }
                    merge joined
                    task resolve { sh "true"  isolate none }
                    start -> both
                    both -> a -> joined
                    both -> b -> joined
                    a -> resolve when conflict
                    b -> resolve when conflict
                    resolve -> joined
                    joined -> end
                }
                """.formatted(meet.formatted("a"), meet.formatted("b")));
        Cli run = ws.flow("run", project.resolve("iso.flow").toString());
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        String id = Workspace.executionOf(run.out());

        Cli status = ws.flow("status", id, "--color=never");
        String applied = git(project, "rev-parse", "--short=7", "HEAD").strip();
        assertThat(status.out()).contains("worktrees:", "NODE", "WORKTREE", "CHANGES")
                .containsPattern("(?m)^[ab] +\\S+/worktrees/" + id + "/[ab]-1-1 +applied " + applied + "$")
                .containsPattern("(?m)^[ab] +\\S+/worktrees/" + id + "/[ab]-1-1 +conflict in notes.txt \\([0-9a-f]{7} kept\\)$");

        JsonNode json = ws.status(id);
        JsonNode a = Workspace.node(json, "a").get("isolation");
        JsonNode b = Workspace.node(json, "b").get("isolation");
        assertThat(a.get("worktree").asText()).isEqualTo(dir.resolve("worktrees").resolve(id).resolve("a-1-1").toString());
        assertThat(List.of(a.get("appliedCommit").asText(""), b.get("appliedCommit").asText("")))
                .containsExactlyInAnyOrder(git(project, "rev-parse", "HEAD").strip(), "");
        JsonNode lost = a.get("appliedCommit").isNull() ? a : b;
        assertThat(lost.get("conflictFiles")).extracting(JsonNode::asText).containsExactly("notes.txt");
        // the conflicting change is kept under a ref, so that git gc does not prune it (issue 19, low)
        String loser = lost == a ? "a" : "b";
        String kept = git(project, "rev-parse", "refs/flow/" + id + "/kept/" + loser + "-1-1").strip();
        assertThat(lost.get("stepCommit").asText()).isEqualTo(kept);
        git(project, "gc", "-q", "--prune=now");
        assertThat(git(project, "show", "--format=%H", "--no-patch", kept).strip()).isEqualTo(kept);
        assertThat(Workspace.node(json, "resolve").get("isolation")).isNull();
    }

    @Test
    void statusOfOneExecutionShowsEveryNodeWithAttemptsPassesAndTimes() {
        String id = run("fix_loop.flow");
        Cli r = ws.flow("status", id);
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("execution " + id + "  fix_loop  completed: reached end")
                .contains("NODE", "KIND", "STATUS", "ATTEMPT", "PASS", "STARTED", "DURATION", "OUTPUT")
                .containsPattern("(?m)^fix +task +completed +1 +3 +\\d\\d:\\d\\d:\\d\\d +\\d+ms +done$")
                .containsPattern("(?m)^escalate +human +skipped")
                .contains("loops taken: test->fix 2 times", "attempts = 3");

        JsonNode json = ws.status(id);
        assertThat(json.get("status").asText()).isEqualTo("completed");
        JsonNode fix = Workspace.node(json, "fix");
        assertThat(fix.get("iteration").asInt()).isEqualTo(3);
        assertThat(fix.get("attempt").asInt()).isEqualTo(1);
        assertThat(fix.get("output").asText()).isEqualTo("done");
        assertThat(fix.get("started").asText()).endsWith("Z");
        assertThat(json.get("state").get("attempts").asInt()).isEqualTo(3);
        assertThat(json.get("loops").get("test->fix").asInt()).isEqualTo(2);
    }

    /**
     * Issue 19, item 8: a warning-level gate whose program is missing lets the run go on (it does
     * not block), but it did not pass: the run line, {@code flow status} and its JSON say it could
     * not run, and why.
     */
    @Test
    void aWarningGateThatCouldNotRunShowsAsNotRunEverywhereNotAsPassed() {
        Path flow = ws.write("lint.flow", """
                workflow lint {
                    gate style { run ["no-such-linter-for-flow-tests"] severity warning }
                    gate lint uses style
                    start -> lint
                    lint -> end when lint.passed
                }
                """);
        Cli r = ws.flow("run", flow.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.OK);
        String id = Workspace.executionOf(r.out());
        assertThat(r.out()).contains("node lint could not run", "no-such-linter-for-flow-tests").doesNotContain("completed passed");

        Cli text = ws.flow("status", id);
        assertThat(text.out()).containsPattern("(?m)^lint +gate +completed +1 +1 +\\d\\d:\\d\\d:\\d\\d +\\d+ms +could not run$")
                .contains("  lint: could not run (it does not block): program \"no-such-linter-for-flow-tests\"");

        JsonNode lint = Workspace.node(ws.status(id), "lint");
        assertThat(lint.get("output").asText()).isEqualTo("error");
        assertThat(lint.get("routedAs").asText()).isEqualTo("passed");
        assertThat(lint.get("error").asText()).contains("no-such-linter-for-flow-tests");
    }

    /** Issue 19: a warning-level gate that fails after a task let the task succeed and left no trace in status. */
    @Test
    void aWarningGateThatFailsAfterATaskShowsInStatusAndItsJson() {
        Path flow = ws.write("warned.flow", """
                workflow warned {
                    gate style { run ["sh", "-c", "echo 3 lines too long; exit 1"] severity warning }
                    task build { sh "echo built"  gates style }
                    start -> build -> end
                }
                """);
        Cli r = ws.flow("run", flow.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.OK);
        String id = Workspace.executionOf(r.out());

        Cli text = ws.flow("status", id);
        assertThat(text.out()).contains("  build: gate \"style\" failed", "(severity warning: not blocking): 3 lines too long");

        JsonNode build = Workspace.node(ws.status(id), "build");
        assertThat(build.get("status").asText()).isEqualTo("completed");
        assertThat(build.get("gateWarnings").get(0).asText()).contains("gate \"style\"", "3 lines too long");
    }

    @Test
    void statusLogAndGraphShowWhatAPlannerAddedAndWhichVersionAddedIt() {
        String id = run("growing.flow");
        assertThat(ws.flow("status", id).out()).contains("graph grown",
                "version 1 by plan (pass 1, attempt 1): added design, build, test, plan-grown");
        assertThat(ws.flow("log", id).out()).containsPattern("graph_grown +plan +\\{\"version\":1,\"nodes\":\\[\"design\",\"build\",\"test\"");

        Cli now = ws.flow("graph", id);
        assertThat(now.exit()).as(now.err()).isZero();
        assertThat(now.out()).contains("task design", "added by plan (v1)", "checkpoint plan-grown");
        Cli first = ws.flow("graph", id, "--graph-version", "0", "--format", "dot");
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).contains("plan").doesNotContain("design", "added by");
        Cli none = ws.flow("graph", id, "--graph-version", "7");
        assertThat(none.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(none.err()).contains("has no version 7; its versions are 0 to 1");
    }

    @Test
    void statusAndLogShowTheClassOfEveryFailedAttempt() throws Exception {
        String agent = EXAMPLES.resolve("agents/scripted-agent").toString();
        Path flow = ws.write("classes.flow", """
                workflow classes {
                    agent bot { run ["%s"] }
                    task decide { agent bot  prompt "@outputs maybe,yes\n@cost 0.25"  outputs yes, no }
                    task flaky { sh "test \\"$FLOW_ATTEMPT\\" -ge 2"  retry 1 backoff 1ms }
                    start -> decide
                    decide -> flaky when yes
                    decide -> end when no
                    flaky -> end
                }
                """.formatted(agent));
        Cli r = ws.flow("run", flow.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.OK);
        String id = Workspace.executionOf(r.out());

        JsonNode json = ws.status(id);
        JsonNode decide = Workspace.node(json, "decide");
        assertThat(decide.get("attempt").asInt()).isEqualTo(2);
        JsonNode first = decide.get("earlier").get(0);
        assertThat(first.get("attempt").asInt()).isEqualTo(1);
        assertThat(first.get("status").asText()).isEqualTo("failed");
        assertThat(first.get("errorClass").asText()).isEqualTo("validation");
        assertThat(first.get("cost").asDouble()).isEqualTo(0.25);
        assertThat(first.get("error").asText()).contains("answered output \"maybe\"");
        assertThat(decide.get("session").asText()).startsWith("scripted-");
        assertThat(Workspace.node(json, "flaky").get("earlier").get(0).get("errorClass").asText()).isEqualTo("transient");
        assertThat(json.get("cost").asDouble()).isEqualTo(0.5);

        Cli text = ws.flow("status", id);
        assertThat(text.out()).contains("failed attempts:",
                "  decide pass 1 attempt 1 (validation): agent \"bot\" answered output \"maybe\"",
                "  flaky pass 1 attempt 1 (transient): exited with code 1", "agent sessions:");

        assertThat(ws.flow("log", id).out()).containsPattern("node_retry +decide +\\{\"attempt\":2,.*\"class\":\"validation\",\"cost\":0.25}")
                .containsPattern("node_retry +flaky +\\{.*\"class\":\"transient\"}");
        assertThat(ws.flow("log", id, "--format", "json").out()).contains("\"class\":\"validation\"");
        // flow run says it as it happens
        assertThat(r.out()).contains("node decide failed (validation), will retry (attempt 2 in 0ms): agent \"bot\" answered output \"maybe\"")
                .contains("[cost $0.25]")
                .contains("node flaky failed (transient), will retry (attempt 2 in ");
    }

    @Test
    void logPrintsTheEventsInOrderAsTextOrJsonLines() throws Exception {
        String id = run("hello.flow");
        Cli text = ws.flow("log", id);
        assertThat(text.exit()).isZero();
        var lines = text.out().lines().toList();
        assertThat(lines.get(0)).matches(" +1 \\d\\d:\\d\\d:\\d\\d\\.\\d{3} execution_started +- +\\{\"workflow\":\"hello\"}");
        assertThat(text.out()).contains("node_started     greet", "node_completed   report", "execution_finished");

        Cli json = ws.flow("log", id, "--format", "json");
        var events = json.out().lines().toList();
        assertThat(events).hasSameSizeAs(lines);
        var mapper = new ObjectMapper();
        long seq = 0;
        for (String line : events) {
            JsonNode e = mapper.readTree(line);
            assertThat(e.get("seq").asLong()).isEqualTo(++seq);
            assertThat(e.fieldNames()).toIterable().contains("seq", "execution", "at", "kind", "node", "data");
        }
        assertThat(ws.flow("log", id, "--follow").out()).as("an execution that ended: follow prints it all and returns").isEqualTo(text.out());
    }

    @Test
    void logInterleavesTheEventsOfChildExecutionsNamedAfterTheirSubgraphNode() throws Exception {
        String id = run("nested.flow");
        Cli all = ws.flow("log", id);
        assertThat(all.exit()).isZero();
        assertThat(all.out()).contains("node_waiting     core  {\"child\":\"" + id + ".core.1\"}", "node_started     core/build",
                "node_completed   cli/test", "execution_finished core/", "node_completed   publish");
        // in time order: each child finishes before the parent's subgraph node completes with what it returned
        var lines = all.out().lines().toList();
        assertThat(indexOf(lines, "node_completed   core/test")).isLessThan(indexOf(lines, "node_completed   core "));
        assertThat(indexOf(lines, "node_completed   publish")).isGreaterThan(indexOf(lines, "execution_finished cli/"));

        var json = all.out().lines().count();
        var mapper = new ObjectMapper();
        var executions = ws.flow("log", id, "--format", "json").out().lines().map(l -> {
            try {
                return mapper.readTree(l).get("execution").asText();
            } catch (IOException e) {
                throw new AssertionError(l, e);
            }
        }).distinct().toList();
        assertThat(executions).containsExactlyInAnyOrder(id, id + ".core.1", id + ".cli.1");

        Cli own = ws.flow("log", id, "--no-children");
        assertThat(own.out()).doesNotContain("core/", "cli/").contains("node_completed   publish");
        assertThat(own.out().lines().count()).isLessThan(json);
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        throw new AssertionError("no line with '" + part + "' in:\n" + String.join("\n", lines));
    }

    @Test
    void logFollowKeepsPrintingWhileTheExecutionRunsAndStopsWhenItEnds() throws Exception {
        Path file = ws.write("steps.flow", """
                workflow steps {
                    task one { sh "sleep 0.5; echo one" }
                    task two { sh "echo two" }
                    start -> one -> two -> end
                }
                """);
        String id = ws.flow("run", "--detach", file.toString()).out().strip();
        Cli.Live follow = ws.start("log", id, "--follow");
        follow.awaitOut("execution_started"); // it follows from before the run goes on
        assertThat(ws.flow("resume", id).exit()).isZero();
        Cli log = follow.finish();
        assertThat(log.exit()).isZero();
        assertThat(log.out()).contains("execution_started", "node_started     one", "node_completed   two", "execution_finished");
    }

    @Test
    void logFollowKeepsFollowingWhileTheParentWaitsForItsChildren() throws Exception {
        String id = ws.flow("run", "--detach", EXAMPLES.resolve("nested.flow").toString()).out().strip();
        // The parent already waits for core and cli: following must not stop there. It has read the
        // children once it printed their first events; what it prints after the resume below shows
        // that it kept following (the resume runs for longer than a pass of --follow).
        Cli.Live follow = ws.start("log", id, "--follow");
        follow.awaitOut("core/");
        follow.awaitOut("cli/");
        assertThat(follow.exit()).as("follow stopped while the children had work left").isNotDone();
        assertThat(ws.flow("status", id).out()).startsWith("execution " + id + "  release  waiting: 2 child executions run");
        assertThat(ws.flow("resume", id).exit()).isZero();
        Cli log = follow.finish();
        assertThat(log.exit()).isZero();
        assertThat(log.out()).contains("node_completed   core/test", "node_completed   publish", "execution_finished -");
    }

    @Test
    void answerRefusesAnOutputTheNodeDoesNotDeclareAndASecondAnswer() {
        String id = run("approval.flow");
        Cli undeclared = ws.flow("answer", id, "review", "maybe");
        assertThat(undeclared.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(undeclared.err()).contains("\"maybe\" is not an answer to \"review\": choose one of approved, rejected");

        Cli answered = ws.flow("answer", id, "review", "approved", "--note", "ship it");
        assertThat(answered.exit()).isZero();
        assertThat(answered.out()).contains("answered review: approved", "resume " + id);

        Cli again = ws.flow("answer", id, "review", "rejected");
        assertThat(again.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(again.err()).contains("node \"review\" was already answered \"approved\"; a question is answered once");

        Cli resumed = ws.flow("resume", id);
        assertThat(resumed.exit()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("node ship completed done").contains("completed in");
        assertThat(ws.flow("answer", id, "nobody", "approved").err()).contains("has no node \"nobody\"");
    }

    @Test
    void aPauseExplainsTheQuestionAndPrintsTheExactCommandsWithTheDatabase() {
        Cli r = ws.flow("run", EXAMPLES.resolve("approval.flow").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.PAUSED);
        String id = Workspace.executionOf(r.out());
        String db = Invocation.quote(ws.db.toString());
        assertThat(r.out()).containsPattern("(?m)^paused after \\d+(\\.\\d)?m?s, 2 steps, execution " + id + ": waiting for a person$")
                .contains("  review: Ship it?", "    The build made version 1.2.3. Ship it?", "    answer with one of:",
                        "      flow answer " + id + " review approved --db " + db,
                        "      flow answer " + id + " review rejected --db " + db,
                        "then continue the run with:", "  flow resume " + id + " --db " + db);
        Cli status = ws.flow("status", id);
        assertThat(status.out()).contains("waiting for a person at review: Ship it?", "flow answer " + id + " review approved");
    }

    @Test
    void kvStoresValuesByNodeAndForTheRunWithTheirHistory() throws Exception {
        String id = run("hello.flow");
        assertThat(ws.flow("kv", "put", "-e", id, "-n", "greet", "mood", "calm").exit()).isZero();
        assertThat(ws.flow("kv", "put", "-e", id, "-n", "greet", "mood", "bright").exit()).isZero();
        assertThat(ws.flow("kv", "put", "-e", id, "--run", "release", "1.2.3").exit()).isZero();
        assertThat(ws.flow("kv", "get", "-e", id, "-n", "greet", "mood").out()).isEqualTo("bright\n");
        assertThat(ws.flow("kv", "get", "-e", id, "--run", "release").out()).isEqualTo("1.2.3\n");
        var history = ws.flow("kv", "get", "-e", id, "-n", "greet", "mood", "--history").out().lines().toList();
        assertThat(history).hasSize(2).allSatisfy(l -> assertThat(l).contains("person"));
        assertThat(history.get(0)).as("oldest first, as docs/cli.md and --help say").endsWith("calm");
        assertThat(history.get(1)).endsWith("bright");
        Cli ls = ws.flow("kv", "ls", "-e", id, "-n", "greet");
        assertThat(ls.out()).contains("KEY", "mood", "bright", "person");
        JsonNode json = new ObjectMapper().readTree(ws.flow("kv", "ls", "-e", id, "--run", "--format", "json").out());
        assertThat(json.get(0).get("key").asText()).isEqualTo("release");
        assertThat(json.get(0).get("value").asText()).isEqualTo("1.2.3");

        Cli missing = ws.flow("kv", "get", "-e", id, "-n", "greet", "nothing");
        assertThat(missing.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(missing.err()).contains("no value for \"nothing\" in node \"greet\" of execution " + id);
        Cli unknownNode = ws.flow("kv", "put", "-e", id, "-n", "gret", "k", "v");
        assertThat(unknownNode.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(unknownNode.err()).contains("\"gret\" is neither a node of execution " + id);
        Cli noExecution = ws.flow("kv", "get", "k");
        assertThat(noExecution.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(noExecution.err()).contains("give --execution ID");
    }

    @Test
    void escapeCodesFromCommandsAndValuesAreShownNotObeyedInTextAndKeptInJson() throws Exception {
        // A command whose last line clears the screen and turns text red, and one that retitles the terminal as it fails.
        var loud = ws.write("loud.flow", """
                workflow loud {
                    state { said: string = "" }
                    task paint { sh "printf 'plain\\\\n\\\\033[2J\\\\033[31mred\\\\a\\\\n'"  on done set said = paint.summary }
                    task shout { sh "printf '\\\\033]0;pwned\\\\a\\\\n' >&2; exit 3" }
                    start -> paint -> shout -> end
                }
                """);
        Cli run = ws.flow("run", loud.toString(), "--color", "never");
        assertThat(run.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(run.out()).contains("completed done", ": \\e[2J\\e[31mred?", "exited with code 3: \\e]0;pwned?")
                .doesNotContain("\u001B", "\u0007");
        String id = Workspace.executionOf(run.out());
        assertThat(ws.flow("kv", "put", "-e", id, "--run", "title", "\u001B]0;pwned\u0007").exit()).isZero();

        for (String[] text : new String[][] {{"status", id, "--color", "never"}, {"log", id}, {"kv", "ls", "-e", id, "--run"},
                {"kv", "get", "-e", id, "--run", "title", "--history"}}) {
            Cli shown = ws.flow(text);
            assertThat(shown.exit()).as(String.join(" ", text)).isZero();
            assertThat(shown.out()).as(String.join(" ", text)).doesNotContain("\u001B", "\u0007");
        }
        assertThat(ws.flow("kv", "ls", "-e", id, "--run").out()).contains("\\e]0;pwned?");
        assertThat(ws.flow("status", id, "--color", "never").out()).contains("said = \\e[2J\\e[31mred?", "shout (transient): exited with code 3: \\e]0;pwned?");

        JsonNode status = ws.status(id);
        assertThat(status.get("state").get("said").asText()).isEqualTo("\u001B[2J\u001B[31mred\u0007");
        JsonNode kv = new ObjectMapper().readTree(ws.flow("kv", "ls", "-e", id, "--run", "--format", "json").out());
        assertThat(kv.get(0).get("value").asText()).isEqualTo("\u001B]0;pwned\u0007");
        assertThat(ws.flow("kv", "get", "-e", id, "--run", "title").out()).as("a value fetched for a script is the value")
                .isEqualTo("\u001B]0;pwned\u0007\n");
    }

    @Test
    void anUnknownExecutionIsAUsageErrorThatNamesTheRecentOnes() {
        String id = run("hello.flow");
        for (String verb : new String[] {"status", "log", "resume"}) {
            Cli r = ws.flow(verb, "nosuchid");
            assertThat(r.exit()).as(verb).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).as(verb).contains("flow " + verb + ": no execution \"nosuchid\" in ", "recent executions: " + id, "\"flow status\" lists them")
                    .doesNotContain("Exception");
        }
        assertThat(ws.flow("answer", "nosuchid", "review", "approved").exit()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void aMistypedExecutionIdSuggestsTheNearestOne() {
        String id = run("hello.flow");
        String typo = id.substring(0, 7) + (id.charAt(7) == 'x' ? 'y' : 'x');
        for (String[] args : new String[][] {{"status", typo}, {"log", typo}, {"resume", typo}, {"kv", "ls", "-e", typo}}) {
            Cli r = ws.flow(args);
            assertThat(r.exit()).as(args[0]).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).as(args[0]).contains("no execution \"" + typo + "\" in ", "did you mean \"" + id + "\"?")
                    .doesNotContain("recent executions");
        }
    }

    @Test
    void aDatabaseThatDoesNotExistIsNotCreatedByVerbsThatOnlyRead() {
        for (String[] args : new String[][] {{"status"}, {"log", "x"}, {"resume", "x"}, {"answer", "x", "n", "o"}, {"kv", "ls", "-e", "x"}}) {
            Cli r = ws.flow(args);
            assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).contains("no database at " + ws.db + " (flow run creates one; --db names another)");
        }
        assertThat(ws.db).doesNotExist();
    }

    @Test
    void aCorruptDatabaseIsRefusedWithItsPathAndLeftUntouched() throws Exception {
        byte[] junk = new byte[4096];
        new Random(7).nextBytes(junk);
        Files.write(ws.db, junk);
        for (String[] args : new String[][] {{"status"}, {"run", EXAMPLES.resolve("hello.flow").toString()}, {"worker"}}) {
            Cli r = ws.flow(args);
            assertThat(r.exit()).as(args[0]).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).as(args[0]).contains("\"" + ws.db + "\" is not a Flow database: it is not an SQLite file at all").doesNotContain("Exception");
        }
        assertThat(Arrays.equals(Files.readAllBytes(ws.db), junk)).as("nothing lost").isTrue();
    }

    @Test
    void anotherApplicationsSqliteDatabaseIsRefusedAndLeftUntouched() throws Exception {
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + ws.db); var s = c.createStatement()) {
            s.execute("CREATE TABLE contacts(name TEXT)");
            s.execute("INSERT INTO contacts VALUES ('Ada')");
        }
        byte[] before = Files.readAllBytes(ws.db);
        Cli r = ws.flow("run", EXAMPLES.resolve("hello.flow").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("\"" + ws.db + "\" is an SQLite database of another application, not a Flow database");
        assertThat(ws.flow("status").exit()).isEqualTo(ExitCode.USAGE);
        assertThat(Arrays.equals(Files.readAllBytes(ws.db), before)).as("nothing lost").isTrue();
    }
}
