package dev.flow.yaml;

import static dev.flow.yaml.YamlTestSupport.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.yaml.read.YamlComments;
import dev.flow.yaml.read.YamlComments.Kind;
import dev.flow.yaml.read.YamlComments.Target;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Comments attached to the elements they document, for flow import to print. */
class YamlCommentsTest {

    @Test
    void attachesDialect1CommentsToTheWorkflowNodesEdgesAndSections() {
        YamlComments c = read("""
                # Debug workflow
                # with a loop
                id: w
                name: W  # the title
                entry_point: a

                # The steps
                nodes:
                  # Plan first
                  - id: a
                    type: task
                    task_config:
                      # a planner
                      role: planner
                  - id: b  # second
                    type: task
                    task_config: {role: coder}
                edges:
                  - {id: e1, source: a, target: b}  # the only edge
                # end of file
                """).comments();
        assertThat(c.header()).containsExactly("Debug workflow", "with a loop");
        assertThat(c.of(new Target(Kind.SECTION, "name")).within()).containsExactly("the title");
        assertThat(c.of(new Target(Kind.SECTION, "nodes")).before()).containsExactly("The steps");
        assertThat(c.node("a")).isEqualTo(new YamlComments.Attached(List.of("Plan first"), List.of("a planner")));
        assertThat(c.node("b").within()).containsExactly("second");
        assertThat(c.edge("e1").within()).containsExactly("the only edge");
        assertThat(c.footer()).containsExactly("end of file");
    }

    @Test
    void attachesDialect2CommentsToNodesStateInterruptsAndCompletion() {
        YamlComments c = read("""
                workflow: w
                state:
                  variables:
                    # how many times
                    attempts: 0
                nodes:
                  # Parallel research
                  work:
                    type: task
                    agent: bash
                    command: wc -l
                    outputs: [done]
                    on_output:
                      done:
                        set:
                          # Agent output assigned directly
                          total: output
                  # Then save
                  save: {type: checkpoint, outputs: [done]}
                edges:
                  # go
                  - from: START
                    to: work
                interrupts:
                  # ask first
                  - before: work
                completion:
                  # done when saved
                  - save.done
                """).comments();
        assertThat(c.of(new Target(Kind.STATE_VARIABLE, "attempts")).before()).containsExactly("how many times");
        assertThat(c.node("work")).isEqualTo(new YamlComments.Attached(List.of("Parallel research"), List.of("Agent output assigned directly")));
        assertThat(c.node("save").before()).containsExactly("Then save");
        assertThat(c.edge("start->work").before()).containsExactly("go");
        assertThat(c.of(new Target(Kind.INTERRUPT, "0")).before()).containsExactly("ask first");
        assertThat(c.of(new Target(Kind.COMPLETION, "0")).before()).containsExactly("done when saved");
        assertThat(c.header()).isEmpty();
        assertThat(c.footer()).isEmpty();
    }

    @Test
    void keepsTheCommentsOfTheFullSeedExample() throws Exception {
        String text = Files.readString(YamlTestSupport.repositoryRoot().resolve("examples/yaml/full-feature-implementation.yaml"));
        YamlComments c = read(text).comments();
        assertThat(c.node("research").before()).containsExactly("Parallel research");
        assertThat(c.node("write_tests").before()).containsExactly("Implementation");
        assertThat(c.node("run_tests").within()).containsExactly("Parse coverage from test output");
        assertThat(c.node("approval").before()).containsExactly("User approval");
    }

    @Test
    void hasNoCommentsWhenTheFileHasNone() {
        assertThat(read(YamlWorkflowReaderTest.DIALECT1).comments().isEmpty()).isTrue();
    }
}
