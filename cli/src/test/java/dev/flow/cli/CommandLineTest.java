package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.model.FlowGraph;
import dev.flow.model.json.GraphJson;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandLineTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    @ParameterizedTest
    @ValueSource(strings = {"check", "compile", "graph", "import"})
    void everyVerbExplainsItselfWithHelp(String verb) {
        Cli r = Cli.run(verb, "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("Usage: flow " + verb).contains("--help", "Exit status");
    }

    /** Every verb, nested ones ("kv get") included, as the command line knows them. */
    static Stream<String> verbs() {
        var verbs = new ArrayList<String>();
        collectVerbs(FlowCli.commandLine(), "", verbs);
        return verbs.stream();
    }

    private static void collectVerbs(picocli.CommandLine cli, String prefix, List<String> into) {
        cli.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                into.add(prefix + name);
                collectVerbs(sub, prefix + name + " ", into);
            }
        });
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("verbs")
    void everyVerbPrintsTheVersion(String verb) {
        for (String option : List.of("-V", "--version")) {
            var args = new ArrayList<>(List.of(verb.split(" ")));
            args.add(option);
            Cli r = Cli.run(args.toArray(String[]::new));
            assertThat(r.exit()).as(verb + " " + option + ": " + r.err()).isZero();
            assertThat(r.out()).as(verb + " " + option).startsWith("flow ").contains("Java ");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"check", "compile", "graph", "import", "run", "resume", "status", "worker"})
    void anUnknownColourIsAUsageError(String verb) {
        Cli r = Cli.run(verb, "--color", "blue", "x");
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).startsWith("flow " + verb + ": ").contains("Invalid value for option '--color': expected auto, always or never, not \"blue\"")
                .contains("Try \"flow " + verb + " --help\"");
        assertThat(Cli.run(verb, "--color=purple", "x").exit()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void withoutAVerbFlowListsTheVerbs() {
        Cli r = Cli.run();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("check", "compile", "graph", "import");
    }

    @Test
    void theVersionSaysHowTheProcessesOfAStepAreKilled() {
        Cli r = Cli.run("--version");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).containsPattern("processes: (cgroup v2 per step|process sweep \\(no cgroup: .+\\))");
    }

    @Test
    void aMissingFileIsAnIoProblem() {
        Cli r = Cli.run("check", dir.resolve("absent.flow").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.out()).contains("absent.flow:1:1: error FLOW003: \"").contains("does not exist");
    }

    @Test
    void aFileOfAnUnknownKindIsRefusedWithWhatFlowReads() throws Exception {
        Cli r = Cli.run("check", write("notes.txt", "hello").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.out()).contains("FLOW003", "Flow reads .flow, .yaml, .yml and compiled .json files");
    }

    @Test
    void anUnknownOptionIsAUsageErrorWithAHint() {
        Cli r = Cli.run("check", "--formt", "json", "x.flow");
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).startsWith("flow check: Unknown option: '--formt'").contains("Try \"flow check --help\"");
        Cli nested = Cli.run("kv", "put", "key");
        assertThat(nested.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(nested.err()).startsWith("flow kv put: Missing required parameter: 'VALUE'").contains("Try \"flow kv put --help\"");
        Cli top = Cli.run("--bogus");
        assertThat(top.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(top.err()).startsWith("flow: Unknown option: '--bogus'");
    }

    @Test
    void aFolderStandsForTheWorkflowFilesInIt() throws Exception {
        write("a.flow", "workflow a {\n    task t { run [\"true\"] }\n    start -> t -> end\n}\n");
        Files.createDirectories(dir.resolve("more/.hidden"));
        Files.createDirectories(dir.resolve("target"));
        write("more/b.yaml", "workflow: b\nnodes:\n  t:\n    type: task\n    agent: bash\n    command: \"true\"\n"
                + "    outputs: [done]\nedges:\n  - from: START\n    to: t\n  - from: t\n    to: END\n");
        write("more/broken.flow", "workflow broken {\n    start -> nowhere\n}\n");
        write("more/compose.yml", "services:\n  db:\n    image: postgres\n"); // not Flow's: left alone
        write("more/.hidden/c.flow", "this is not looked at");
        write("target/d.flow", "nor is this");
        Cli r = Cli.run("check", "--format", "json", dir.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.FAILED);
        var files = new TreeSet<String>();
        new ObjectMapper().readTree(r.out()).forEach(d -> files.add(d.get("file").asText()));
        assertThat(files).containsExactly(dir.resolve("more/broken.flow").toString());
        Cli text = Cli.run("check", "--color=never", dir.toString());
        assertThat(text.err()).contains("in 3 files");

        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli none = Cli.run("check", empty.toString());
        assertThat(none.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(none.err()).startsWith("flow check: no workflow files in \"" + empty + "\"");
    }

    @Test
    void aFolderLeavesFacebookFlowDeclarationsNodeModulesAndRunStateAlone() throws Exception {
        write("review.flow", "workflow review {\n    task t { run [\"true\"] }\n    start -> t -> end\n}\n");
        String declarations = "// @flow\ndeclare export function greet(name: string): string;\n";
        write("web/src/api.js.flow", declarations);
        write("web/src/view.jsx.flow", declarations);
        write("web/node_modules/lib/index.js.flow", declarations);
        write("node_modules/lib/workflow.flow", "workflow broken {\n");
        write(".flow/state.db", "SQLite format 3");
        write("nested.flow/inner.flow", "workflow inner {\n    task t { run [\"true\"] }\n    start -> t -> end\n}\n");
        Cli r = Cli.run("check", "--color=never", dir.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.err()).contains("no problems in 2 files");

        Path onlyDeclarations = Files.createDirectories(dir.resolve("web"));
        Cli none = Cli.run("check", onlyDeclarations.toString());
        assertThat(none.exit()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void aValidCompiledGraphChecksClean() throws Exception {
        Path graph = write("tiny.json", GraphJson.write(tiny()));
        Cli r = Cli.run("check", graph.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("no problems in 1 file");
    }

    @Test
    void aDiagnosticShowsItsPositionTheSourceLineAndACaret() throws Exception {
        Path broken = write("broken.json", "{\n  \"format\": \"flow-graph/1\",\n  oops: 1\n}\n");
        Cli r = Cli.run("check", "--color=never", broken.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        var lines = r.out().split("\n");
        assertThat(lines[0]).startsWith(broken + ":3:3: error FLOW003: not a compiled Flow graph:");
        assertThat(lines[1]).isEqualTo("      oops: 1");
        assertThat(lines[2]).isEqualTo("      ^");
    }

    @Test
    void jsonFormatPrintsAnArrayOfDiagnostics() throws Exception {
        Path broken = write("broken.json", "{\"format\": \"flow-graph/7\"}");
        Cli r = Cli.run("check", "--format", "json", broken.toString(), write("ok.json", GraphJson.write(tiny())).toString());
        JsonNode array = new ObjectMapper().readTree(r.out());
        assertThat(array.isArray()).isTrue();
        assertThat(array).hasSize(1);
        JsonNode d = array.get(0);
        assertThat(d.fieldNames()).toIterable().contains("file", "line", "column", "endLine", "endColumn", "severity", "code", "message");
        assertThat(d.get("code").asText()).isEqualTo("FLOW003");
        assertThat(d.get("message").asText()).contains("unsupported format \"flow-graph/7\"");
    }

    @Test
    void compileWritesTheGraphWithItsFormatTagAndItReadsBackEqual() throws Exception {
        Path graph = write("tiny.json", GraphJson.write(tiny()));
        Cli r = Cli.run("compile", graph.toString());
        assertThat(r.exit()).isZero();
        assertThat(new ObjectMapper().readTree(r.out()).get("format").asText()).isEqualTo("flow-graph/1");
        assertThat(GraphJson.read(r.out())).isEqualTo(tiny());

        Path out = dir.resolve("out.json");
        assertThat(Cli.run("compile", graph.toString(), "-o", out.toString()).exit()).isZero();
        assertThat(GraphJson.read(Files.readString(out))).isEqualTo(tiny());
    }

    @Test
    void compileRefusesInputItCannotReadAndWritesNothing() throws Exception {
        Path out = dir.resolve("out.json");
        Cli r = Cli.run("compile", write("bad.json", "[]").toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(out).doesNotExist();
    }

    @Test
    void graphDrawsMermaidAndDot() throws Exception {
        Path graph = write("tiny.json", GraphJson.write(tiny()));
        Cli mermaid = Cli.run("graph", graph.toString());
        assertThat(mermaid.exit()).isZero();
        assertThat(mermaid.out()).contains("flowchart TD", "-.->|\"loop max 2\"|");
        Cli dot = Cli.run("graph", graph.toString(), "--format", "dot");
        assertThat(dot.out()).startsWith("digraph \"tiny\" {").contains("style=dashed");
        Cli bad = Cli.run("graph", graph.toString(), "--format", "png");
        assertThat(bad.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(bad.err()).contains("--format must be mermaid or dot, not \"png\"");
    }

    @Test
    void theRealCommandExitsWithTheDocumentedCodes() throws Exception {
        // Starts a JVM per call: about a second each.
        Path graph = write("tiny.json", GraphJson.write(tiny()));
        assertThat(FlowProcess.run(dir, "check", graph.toString()).exit()).isZero();
        FlowProcess missing = FlowProcess.run(dir, "check", "absent.flow");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).doesNotContain("Exception", "\tat ");
        assertThat(FlowProcess.run(dir, "frobnicate").exit()).isEqualTo(2);
    }

    /** start -> work -> end, work looping on itself at most twice: a graph that needs no front end. */
    private static FlowGraph tiny() {
        return GraphBuilder.workflow("tiny").name("Tiny").argv("work", "true")
                .edge("start", "work").loop("work", "work", 2, null).edge("work", "end").graph();
    }
}
