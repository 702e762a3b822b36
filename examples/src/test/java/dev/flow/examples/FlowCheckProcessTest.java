package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code flow check} command, started as a process from the repository root, on files of
 * {@code examples/invalid/}: its exit status, its text output and its JSON. Each test starts a
 * JVM that loads the language (two to three seconds each), so a few files stand for the rest, which
 * {@link InvalidExamplesTest} runs through the same command in this JVM.
 */
class FlowCheckProcessTest {

    @TempDir
    Path scratch;

    private record Run(int exit, String out, String err) {}

    private Run flow(String... args) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.flow.cli.FlowCli"));
        command.addAll(List.of(args));
        Path out = scratch.resolve("out.txt");
        Path err = scratch.resolve("err.txt");
        Process p = new ProcessBuilder(command).directory(Repository.root().toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("flow " + String.join(" ", args) + " did not finish within 60 s");
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private static Expectation only(String file) {
        var expected = Expectation.of(Repository.resolve(file));
        assertThat(expected).as(file).hasSize(1);
        return expected.get(0);
    }

    /** {@code flow check FILE} in text: the exit status, and the location, severity and code of its one expectation. */
    private Run checkOne(String file, int exit) throws IOException, InterruptedException {
        Expectation e = only(file);
        Run run = flow("check", "--color", "never", file);
        assertThat(run.exit()).as(run.err()).isEqualTo(exit);
        assertThat(run.out()).contains(file + ":" + e.line() + ":" + e.column() + ": " + e.severity().label() + " " + e.code().id() + ": ");
        return run;
    }

    @Test
    void anErrorFailsTheCheckWithTheCodeAtItsLineAndColumn() throws Exception {
        Run run = checkOne("examples/invalid/FLOW306-uncontrolled-cycle.flow", 1);
        assertThat(run.err()).contains("1 error and 0 warnings in 1 file");
    }

    @Test
    void aWarningAloneIsReportedAndTheCheckPasses() throws Exception {
        Run run = checkOne("examples/invalid/warnings/FLOW303-unreachable-node.flow", 0);
        assertThat(run.err()).contains("0 errors and 1 warning in 1 file");
    }

    @Test
    void everyFileAtOnceAsJsonGivesEachExpectedCodeAtItsPlace() throws Exception {
        var files = InvalidExamplesTest.files().stream().map(Repository::relative).toList();
        var args = new ArrayList<>(List.of("check", "--format", "json"));
        args.addAll(files);
        Run run = flow(args.toArray(String[]::new));
        // Every file is read (even the one that is not UTF-8 is opened): errors in the input, exit 1.
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        JsonNode array = new ObjectMapper().readTree(run.out());
        assertThat(array.isArray()).as(run.out()).isTrue();
        var reported = new ArrayList<String>();
        array.forEach(d -> reported.add(d.get("file").asText() + " " + d.get("code").asText() + " at " + d.get("line").asInt() + ":"
                + d.get("column").asInt() + " (" + d.get("severity").asText() + ")"));
        var expected = new ArrayList<String>();
        for (String file : files) {
            Expectation.of(Repository.resolve(file)).forEach(e -> expected.add(file + " " + e.describe()));
        }
        assertThat(reported).containsExactlyInAnyOrderElementsOf(expected);
        array.forEach(d -> assertThat(d.get("message").asText()).isNotBlank());
    }

    @Test
    void aYamlFileIsCheckedTheSameWay() throws Exception {
        String file = "examples/invalid/FLOW608-yaml-invalid-value.yaml";
        Expectation e = only(file);
        Run run = flow("check", "--format", "json", file);
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        JsonNode d = new ObjectMapper().readTree(run.out()).get(0);
        assertThat(d.get("code").asText()).isEqualTo("FLOW608");
        assertThat(d.get("name").asText()).isEqualTo("yaml-invalid-value");
        assertThat(d.get("line").asInt() + ":" + d.get("column").asInt()).isEqualTo(e.line() + ":" + e.column());
    }
}
