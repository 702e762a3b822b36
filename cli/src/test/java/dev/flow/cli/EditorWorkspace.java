package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The files the editor tests open, and what {@code flow check --format json} says about them, as
 * lines {@code LINE:COL-ENDLINE:ENDCOL severity CODE message} that each editor's report is
 * compared with.
 */
final class EditorWorkspace {
    private EditorWorkspace() {}

    static final String LIBRARY = """
            gate tests {
                description "Run the unit tests"
                run ["mvn", "-q", "test"]
            }
            """;

    /** An unknown gate, a cycle without loop control, an unsafe field and an unreachable node. */
    static final String BROKEN = """
            import "gates.flow"

            workflow review_loop {
                state { attempts: int = 0 }
                task analyze { agent claude prompt "Analyze" outputs done, blocked }
                task fix { agent claude prompt "Fix it" on done set attempts = attempts + 1 }
                gate test uses tsets
                task orphan { agent claude prompt "never runs" }
                start -> analyze
                analyze -> fix when done
                analyze -> end when blocked
                fix -> test
                test -> end when test.`passed; rm -rf /`
                test -> analyze when !test.passed
            }
            """;

    static Path repository() {
        return Path.of(System.getProperty("flow.repository", "..")).toAbsolutePath().normalize();
    }

    /** The repository's {@code ./flow} launcher: what docs/editors.md calls {@code flow}. */
    static Path launcher() {
        return repository().resolve("flow");
    }

    /**
     * Runs an editor in {@code dir} until it exits (it quits on its own once it wrote {@code out}),
     * with {@code FLOW_LAUNCHER} and {@code FLOW_OUT} and the given variables in its environment.
     */
    static void runEditor(Path dir, Path log, Path out, Map<String, String> env, String... command) throws Exception {
        var pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("FLOW_LAUNCHER", launcher().toString());
        pb.environment().put("FLOW_OUT", out.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command[0] + " did not finish in 180 s: " + Files.readString(log));
        }
        assertThat(out).as(command[0] + " wrote its results; its log: " + Files.readString(log)).exists();
    }

    /** A YAML file of another tool, with an indented {@code nodes:} key: not Flow's. */
    static final String COMPOSE = "services:\n  web:\n    image: nginx\n    nodes: 3\n";

    /** Writes the library and the broken workflow into {@code dir}. */
    static void write(Path dir) throws IOException {
        Files.writeString(dir.resolve("gates.flow"), LIBRARY);
        Files.writeString(dir.resolve("broken.flow"), BROKEN);
    }

    /** Writes a YAML file of another tool, {@code other.yaml}, into {@code dir}. */
    static void writeOtherYaml(Path dir) throws IOException {
        Files.writeString(dir.resolve("other.yaml"), COMPOSE);
    }

    /** Copies the repository's example workflows (.flow and .yaml) into {@code dir/examples}. */
    static void copyExamples(Path dir) throws IOException {
        copyTree(repository().resolve("examples"), dir.resolve("examples"));
    }

    static Map<String, TreeSet<String>> commandLine(Path dir, List<String> files) throws Exception {
        var command = new ArrayList<>(List.of(launcher().toString(), "check", "--format", "json"));
        command.addAll(files);
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(dir.resolve("check.err").toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("flow check: " + Files.readString(dir.resolve("check.err"))).isIn(0, 1);
        var result = new TreeMap<String, TreeSet<String>>();
        files.forEach(f -> result.put(f, new TreeSet<>()));
        for (JsonNode d : new ObjectMapper().readTree(new String(out, StandardCharsets.UTF_8))) {
            var lines = result.get(d.path("file").asText());
            if (lines != null) {
                lines.add(d.path("line").asInt() + ":" + d.path("column").asInt() + "-" + d.path("endLine").asInt() + ":"
                        + d.path("endColumn").asInt() + " " + d.path("severity").asText() + " " + d.path("code").asText() + " "
                        + d.path("message").asText());
            }
        }
        return result;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (p.toString().endsWith(".flow") || p.toString().endsWith(".yaml")) {
                    Files.copy(p, target);
                }
            }
        }
    }
}
