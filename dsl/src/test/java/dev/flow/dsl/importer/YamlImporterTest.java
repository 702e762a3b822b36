package dev.flow.dsl.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.yaml.YamlDocument;
import dev.flow.yaml.YamlWorkflowReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A YAML workflow as Flow source: comments in their places, the registry imported, the graph unchanged. */
class YamlImporterTest {

    private static final YamlImporter IMPORTER = YamlImporter.create();

    @TempDir
    Path dir;

    private YamlDocument read(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, yaml);
        return YamlWorkflowReader.read(new SourceFile(file, file.toString(), yaml), LoadOptions.DEFAULT);
    }

    /** Imports, and checks that the text compiles to the YAML's graph. */
    private String importOf(YamlDocument document) {
        Path target = dir.resolve("out.flow");
        String text = IMPORTER.toFlow(document, target);
        assertThat(IMPORTER.verify(text, target, document.graph().orElseThrow())).as(text).isEmpty();
        return text;
    }

    @Test
    void dialect1CommentsGoBeforeTheElementsTheyDocument() throws IOException {
        String text = importOf(read("w.yaml", """
                # The file header
                id: w
                name: W  # the title
                entry_point: a  # runs start here
                exit_points: [b]

                # The steps
                nodes:
                  # Plan first
                  - id: a
                    type: task
                    task_config:
                      role: planner  # a planner
                  - id: b
                    type: task
                    description: Does the work
                    task_config: {role: coder}
                edges:
                  # the only edge
                  - {id: e1, source: a, target: b}
                config:
                  # two at once
                  max_parallel_nodes: 2
                # the end
                """));
        assertThat(text).isEqualTo("""
                // The file header

                // the title
                workflow w "W" {
                    // two at once
                    max parallel 2

                    // The steps
                    // Plan first
                    // a planner
                    task a {
                        role "planner"
                        prompt format "{input}"
                    }

                    task b {
                        description "Does the work"
                        role "coder"
                        prompt format "{input}"
                    }

                    // runs start here
                    start -> a
                    // the only edge
                    e1: a -> b
                    b -> end
                }

                // the end
                """);
    }

    @Test
    void dialect2CommentsOfStateInterruptsCompletionAndLimitsHaveTheirPlaces() throws IOException {
        String text = importOf(read("w.yaml", """
                workflow: w
                # run-wide limits
                limits:
                  max_iterations: 10
                state:
                  variables:
                    # how many times
                    attempts: 0
                nodes:
                  work: {type: task, agent: bash, command: "make", outputs: [done]}
                edges:
                  - {from: START, to: work}
                  - {from: work, to: END}
                interrupts:
                  # ask first
                  - before: work
                    prompt: Go?
                completion:
                  # done when worked
                  - work.done
                """));
        assertThat(text).contains("""
                    // run-wide limits
                    max executions 10

                    state {
                        // how many times
                        attempts: int = 0
                    }
                """, """
                    // ask first
                    interrupt before work prompt "Go?" optional

                    // done when worked
                    complete when work.done
                """);
    }

    @Test
    void registryGatesAreImportedAndTheWorkflowsOwnGatesWritten() throws IOException {
        Files.createDirectories(dir.resolve("shared"));
        Files.writeString(dir.resolve("shared/gates.yaml"), "gates:\n  test:\n    command: [pytest]\n  lint:\n    command: [ruff]\n");
        Path file = dir.resolve("w.yaml");
        String yaml = """
                id: w
                name: W
                entry_point: t
                gates:
                  # ours
                  lint: {command: [eslint]}
                nodes:
                  - {id: t, type: gate, gate_config: {gate_type: test}}
                  - {id: l, type: gate, gate_config: {gate_type: lint}}
                  - {id: x, type: gate, gate_config: {gate_type: tset}}
                edges:
                  - {id: e1, source: t, target: l}
                  - {id: e2, source: l, target: x}
                """;
        Files.writeString(file, yaml);
        var document = YamlWorkflowReader.read(new SourceFile(file, file.toString(), yaml),
                LoadOptions.DEFAULT.withGatesFile(dir.resolve("shared/gates.yaml")));
        String text = importOf(document);
        assertThat(text).startsWith("import \"shared/gates.yaml\"\n").contains("""
                    // ours
                    gate lint {
                        run ["eslint"]
                    }
                """).contains("gate x uses tset").doesNotContain("pytest", "ruff");
    }

    @Test
    void theImportPathIsRelativeToTheFlowFile() {
        assertThat(YamlImporter.importPath(Path.of("/a/b/w.flow"), Path.of("/a/b/gates.yaml"))).isEqualTo("gates.yaml");
        assertThat(YamlImporter.importPath(Path.of("/a/b/w.flow"), Path.of("/a/gates.yaml"))).isEqualTo("../gates.yaml");
        assertThat(YamlImporter.importPath(Path.of("/a/w.flow"), Path.of("/a/b/c/../gates.yaml"))).isEqualTo("b/gates.yaml");
    }

    @Test
    void whatTheLanguageCannotWriteIsRefusedWithAReason() throws IOException {
        var document = read("w.yaml", "id: w\nname: W\nentry_point: \"a`b\"\nnodes:\n  - {id: \"a`b\", type: task, task_config: {role: r}}\nedges: []\n");
        assertThatThrownBy(() -> IMPORTER.toFlow(document, dir.resolve("w.flow")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("backquote");
    }

    @Test
    void verifyingNamesTheFirstDifference() throws IOException {
        var document = read("w.yaml", "workflow: w\nnodes:\n  a: {type: checkpoint, outputs: [done]}\nedges:\n  - {from: START, to: a}\n  - {from: a, to: END}\n");
        String text = importOf(document).replace("outputs done", "outputs finished");
        assertThat(IMPORTER.verify(text, dir.resolve("w.flow"), document.graph().orElseThrow()))
                .hasValueSatisfying(d -> assertThat(d).contains("\"done\"", "\"finished\""));
    }
}
