package dev.flow.cli;

import static dev.flow.yaml.YamlTestSupport.corpus;
import static dev.flow.yaml.YamlTestSupport.repositoryRoot;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flow import}: where it writes, what it refuses, and what it says. */
class ImportCommandTest {

    @TempDir
    Path dir;

    private static String example(String name) {
        return repositoryRoot().resolve("examples/yaml").resolve(name).toString();
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void importPrintsTheFlowSourceOnStandardOutput() {
        Cli r = Cli.run("import", example("debug-loop.yaml"));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("// A debug loop in dialect 1").contains("import \"gates.yaml\"", "workflow `debug-loop`",
                "    // The gate comes from gates.yaml beside this file.\n    gate test \"Run the tests\" uses tests\n");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void importWritesTheOutputFileAndOverwritesItOnlyWhenForced() throws Exception {
        Path out = dir.resolve("review-loop.flow");
        Cli first = Cli.run("import", example("review-loop.yaml"), "-o", out.toString());
        assertThat(first.exit()).isZero();
        assertThat(first.err()).isEqualTo("wrote " + out + "\n");
        assertThat(Files.readString(out)).contains("workflow `review-loop`");

        Files.writeString(out, "mine");
        Cli again = Cli.run("import", example("review-loop.yaml"), "-o", out.toString());
        assertThat(again.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(again.err()).contains("\"" + out + "\" exists; use --force to overwrite it");
        assertThat(Files.readString(out)).isEqualTo("mine");

        assertThat(Cli.run("import", example("review-loop.yaml"), "-o", out.toString(), "--force").exit()).isZero();
        assertThat(Files.readString(out)).contains("workflow `review-loop`");
    }

    @Test
    void theOutputIsAFlowFile() {
        Cli r = Cli.run("import", example("debug-loop.yaml"), "-o", dir.resolve("debug-loop.yaml").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("name it with .flow");
        assertThat(dir.resolve("debug-loop.yaml")).doesNotExist();
    }

    @Test
    void theRegistryImportIsRelativeToTheOutputFile() throws Exception {
        Files.createDirectories(dir.resolve("flows/sub"));
        Path out = dir.resolve("flows/sub/debug.flow");
        assertThat(Cli.run("import", example("debug-loop.yaml"), "-o", out.toString()).exit()).isZero();
        String expected = dir.resolve("flows/sub").relativize(repositoryRoot().resolve("examples/yaml/gates.yaml").toAbsolutePath().normalize())
                .toString().replace('\\', '/');
        assertThat(Files.readString(out)).contains("import \"" + expected + "\"");
        Cli check = Cli.run("check", out.toString());
        assertThat(check.exit()).as(check.out()).isZero();
    }

    @Test
    void yamlErrorsArePrintedAndNothingIsWritten() throws Exception {
        Path yaml = write("w.yaml", "id: w\nname: W\nentry_point: a\nnodes:\n  - id: a\n    type: task\n    task_cofig: {role: r}\nedges: []\n");
        Path out = dir.resolve("w.flow");
        Cli r = Cli.run("import", "--color=never", yaml.toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.err()).contains(yaml + ":7:5: error FLOW602: unknown key \"task_cofig\"",
                "flow import: 1 YAML error in " + yaml + ": the import would lose what Flow could not read", "(nothing written)");
        assertThat(out).doesNotExist();
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aYamlSyntaxErrorIsRefused() throws Exception {
        Path yaml = write("w.yaml", "workflow: w\nnodes: {a: [\n");
        Cli r = Cli.run("import", "--color=never", yaml.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.err()).contains("error FLOW601", "nothing written");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void theCheckersFindingsAreReportedAndCarriedIntoTheFlowFile() throws Exception {
        Path out = dir.resolve("parallel_review.flow");
        Cli r = Cli.run("import", "--color=never", corpus("supervisor-yaml", "parallel_review.yaml").toString(),
                "--gates", corpus("supervisor-yaml", "gates.yaml").toString(), "-o", out.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).contains("parallel_review.yaml:26:18: error FLOW202", "wrote " + out
                + "; it carries over the YAML's 3 errors and 0 warnings (flow check reports them in the Flow file too); "
                + "3 warnings above are about the YAML text and not carried over: the Flow source writes out what they warn of");
        Cli check = Cli.run("check", "--color=never", out.toString());
        assertThat(check.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(check.out().lines().filter(l -> l.contains("error FLOW202")))
                .extracting(l -> l.substring(l.indexOf("unknown gate")))
                .containsExactly("unknown gate \"lint_gate\"; did you mean \"lint\"?", "unknown gate \"test_gate\"; did you mean \"test\"?",
                        "unknown gate \"security_gate\"; did you mean \"security\"?");
    }

    @Test
    void onlyYamlFilesCanBeImported() throws Exception {
        Cli r = Cli.run("import", write("w.flow", "workflow w { }").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("is not a YAML file: flow import reads .yaml and .yml workflows");
    }

    @Test
    void aGateRegistryIsNotAWorkflowToImport() {
        Cli r = Cli.run("import", example("gates.yaml"));
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("holds no workflow");
    }

    @Test
    void aMissingFileIsAnIoProblem() {
        Cli r = Cli.run("import", dir.resolve("absent.yaml").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("FLOW003", "does not exist");
    }

    @Test
    void theDialectOptionIsHonoured() {
        assertThat(Cli.run("import", "--dialect", "supervisor", example("debug-loop.yaml")).exit()).isZero();
        Cli forced = Cli.run("import", "--color=never", "--dialect", "2", example("debug-loop.yaml"));
        assertThat(forced.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(forced.err()).contains("FLOW602", "belongs to dialect 1 (supervisor)", "nothing written");
    }
}
