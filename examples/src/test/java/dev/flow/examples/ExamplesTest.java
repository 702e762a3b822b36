package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.cli.ExitCode;
import dev.flow.cli.FlowCli;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.FlowGraph;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example through the real {@code flow} command: each workflow checks as documented, and
 * each runnable one completes with {@code flow run}. An example is runnable when it needs no AI
 * service: every agent it uses is one it defines to run a program of {@code agents/} (the scripted
 * agent); everything else it runs is a shell command (examples/README.md says so too).
 */
class ExamplesTest {
    /** The module's folder is the examples folder. */
    static final Path EXAMPLES = Path.of("").toAbsolutePath();

    /** Written down, so that an example that stops being runnable (or starts) is noticed. */
    static final List<String> RUNNABLE = List.of("approval.flow", "fix_loop.flow", "flaky_retry.flow", "growing.flow", "handoff.flow", "hello.flow", "nested.flow",
            "parallel_checks.flow", "polish.flow", "sandboxed.flow", "supervisor.flow", "tour.flow", "worktree.flow");

    /** worktree.flow shows a change whose gate fails never reaching the project: its run fails, on purpose. */
    static final String FAILS_ON_PURPOSE = "worktree.flow";

    @TempDir
    Path dir;

    record Result(int exit, String out, String err) {}

    private Result flow(String... args) {
        var all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db", dir.resolve("state.db").toString()));
        var out = new StringWriter();
        var err = new StringWriter();
        int exit = FlowCli.run(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    static Stream<String> workflowsInTheLanguage() throws IOException {
        try (var files = Files.list(EXAMPLES)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".flow")).sorted().toList().stream();
        }
    }

    static Stream<String> runnable() {
        return RUNNABLE.stream();
    }

    @Test
    void theRunnableExamplesAreExactlyThoseThatNeedNoAiService() throws IOException {
        var found = new ArrayList<String>();
        for (String name : workflowsInTheLanguage().toList()) {
            var c = Compiler.withInstalledFrontEnds().compile(EXAMPLES.resolve(name), name, LoadOptions.DEFAULT);
            assertThat(c.graph()).as(name).isPresent();
            if (needsNoAiService(c.graph().get())) {
                found.add(name);
            }
        }
        assertThat(found).containsExactlyElementsOf(RUNNABLE);
        assertThat(workflowsInTheLanguage().toList()).as("the check-only ones are there too").contains("debug_loop.flow", "full_feature.flow");
    }

    /** Every agent a node names is defined by its workflow and runs a program from agents/. */
    static boolean needsNoAiService(FlowGraph graph) {
        for (Workflow w : graph.all()) {
            for (Node n : w.nodes()) {
                Optional<String> agent = agentOf(n);
                if (agent.isPresent() && !scripted(w, agent.get())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Optional<String> agentOf(Node n) {
        if (n.spec() instanceof NodeSpec.Task t && t.call().agent() != null) {
            return Optional.of(t.call().agent().name());
        }
        if (n.spec() instanceof NodeSpec.Merge m && m.agent() != null) {
            return Optional.of(m.agent().name());
        }
        return Optional.empty();
    }

    private static boolean scripted(Workflow w, String agent) {
        return w.agents().stream().filter(a -> a.name().equals(agent)).map(AgentDef::command)
                .anyMatch(c -> c instanceof Command.Argv argv && !argv.args().isEmpty() && argv.args().get(0).startsWith("agents/"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runnable")
    void everyRunnableExampleCompletesWithFlowRun(String name) {
        Result run = flow("run", EXAMPLES.resolve(name).toString());
        if (name.equals("approval.flow")) {
            // a person approves, as the example's comment says
            assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ExitCode.PAUSED);
            String id = executionOf(run.out());
            assertThat(flow("answer", id, "review", "approved").exit()).isZero();
            run = flow("resume", id);
        }
        if (name.equals("supervisor.flow")) {
            // the supervisor asks the person once, as the example's comment says
            assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ExitCode.PAUSED);
            String id = executionOf(run.out());
            assertThat(flow("answer", id, "person", "answered", "--note", "Saturday, up to 1,500 EUR").exit()).isZero();
            run = flow("resume", id);
        }
        if (name.equals(FAILS_ON_PURPOSE)) {
            assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ExitCode.FAILED);
            assertThat(run.out()).containsPattern("(?m)^failed in ").contains("node \"curt\" failed: gate \"greets\" failed");
            return;
        }
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).containsPattern("(?m)^completed in ");
    }

    @Test
    void theWorktreeExampleRunsTwiceInARowAndOnlyThePassedChangeReachesItsProject() throws Exception {
        Path project = EXAMPLES.getParent().resolve(".flow/worktree-demo");
        for (int i = 0; i < 2; i++) {
            Result run = flow("run", EXAMPLES.resolve("worktree.flow").toString());
            assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ExitCode.FAILED);
            assertThat(run.out()).contains("node report completed done").contains("Hello, dear world");
            assertThat(Files.readString(project.resolve("greeting.txt"))).isEqualTo("Hello, dear world\n");
            assertThat(git(project, "log", "--format=%s")).isEqualTo("Make the greeting polite\nA greeting\n");
            assertThat(git(project, "status", "--porcelain")).isEmpty();
            assertThat(git(project, "worktree", "list")).as("the steps' worktrees are gone").hasLineCount(1);
            Result status = flow("status", executionOf(run.out()));
            assertThat(status.out()).containsPattern("polite +\\S*worktrees/\\S+/polite-1-1 +applied [0-9a-f]{7}")
                    .containsPattern("curt +\\S*worktrees/\\S+/curt-1-[0-9] +not applied");
        }
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        var argv = new ArrayList<String>(List.of("git"));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workflowsInTheLanguage")
    void everyWorkflowInTheLanguageChecksWithoutProblems(String name) {
        Result check = checkFile(EXAMPLES.resolve(name));
        assertThat(check.exit()).as(check.out()).isZero();
        assertThat(check.err()).contains("no problems in 1 file");
    }

    @Test
    void theYamlExamplesCheckAsTheirReadmeSays() throws IOException {
        try (var files = Files.list(EXAMPLES.resolve("yaml"))) {
            for (Path yaml : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                Result check = checkFile(yaml);
                assertThat(check.exit()).as(yaml + ": " + check.out()).isEqualTo(ExitCode.OK);
            }
        }
    }

    private Result checkFile(Path file) {
        var out = new StringWriter();
        var err = new StringWriter();
        int exit = FlowCli.run(new String[] {"check", "--color=never", file.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    @Test
    void theReadmesFirstCommandRunsARunnableExample() throws IOException {
        String readme = Files.readString(EXAMPLES.getParent().resolve("README.md"));
        Matcher m = Pattern.compile("```sh\\n(.*)\\n").matcher(readme);
        assertThat(m.find()).isTrue();
        Matcher run = Pattern.compile("\\./flow run examples/([a-z_]+\\.flow)").matcher(m.group(1));
        assertThat(run.find()).as("the first command: " + m.group(1)).isTrue();
        assertThat(RUNNABLE).contains(run.group(1));
    }

    private static String executionOf(String output) {
        Matcher m = Pattern.compile("as execution ([a-z0-9]+)").matcher(output);
        assertThat(m.find()).as(output).isTrue();
        return m.group(1);
    }
}
