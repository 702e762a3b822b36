package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.FlowGraph;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.testing.GraphBuilder;
import dev.flow.yaml.YamlTestSupport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's text result ({@code NODE.text}), which dialect 2's {@code set: {v: output}} stores: what a
 * command printed, an agent's summary, a person's note; read as the type of the variable it goes to.
 */
@dev.flow.store.BothStores
class TextResultTest {
    @TempDir
    Path dir;

    private static FlowGraph yaml(String text) {
        return FlowGraph.of(YamlTestSupport.workflow(text));
    }

    /** Seed 001's run_tests, with a test run that prints its coverage. */
    private static String coverage(String command) {
        return "workflow: coverage\nstate:\n  variables:\n    test_coverage: 0\nnodes:\n"
                + "  run_tests:\n    type: task\n    agent: bash\n    command: \"" + command + "\"\n    outputs: [pass, fail]\n"
                + "    on_output:\n      pass:\n        set:\n          test_coverage: output\n          report: output\n"
                + "  count:\n    type: task\n    agent: bash\n    command: \"printf 'a\\\\nb\\\\n' | wc -l | tr -d ' '; echo done\"\n    outputs: [done]\n"
                + "    on_output:\n      done:\n        append:\n          counts: output\n"
                + "edges:\n  - {from: START, to: run_tests}\n  - {from: run_tests, to: count, condition: pass}\n"
                + "  - {from: run_tests, to: END, condition: fail}\n  - {from: count, to: END}\n";
    }

    @Test
    void dialect2StoresWhatACommandPrintedReadAsTheVariablesType() {
        try (var h = new Harness(dir)) {
            String id = h.start(yaml(coverage("echo 87")));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.state(id, "test_coverage")).isEqualTo(87L);
            // declared by the update itself: any, so the text as printed
            assertThat(h.state(id, "report")).isEqualTo("87");
            // the last line named the output ("done"): the text is what came before it
            assertThat(h.state(id, "counts")).isEqualTo(List.of("2"));
        }
    }

    @Test
    void textThatDoesNotReadAsTheVariablesTypeFailsTheNodeAndSaysWhy() {
        try (var h = new Harness(dir)) {
            String id = h.start(yaml(coverage("echo all tests passed")));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.node(id, "run_tests").error()).contains("test_coverage").contains("expected an int, got \"all tests passed\"");
        }
    }

    @Test
    void theTextOfAnAgentIsItsSummaryAndTheLanguageReadsItAsNodeText() {
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .state("plan", Type.STRING, Value.of(""))
                .agentTask("think", "bot", "@summary split the parser in two")
                .on("think", "done", "plan", ref("think.text"))
                .chain("start", "think", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.state(id, "plan")).isEqualTo("split the parser in two");
        }
    }

    @Test
    void theTextOfAPersonIsTheirNoteOrElseTheirAnswer() {
        var g = GraphBuilder.workflow("w")
                .state("why", Type.STRING, Value.of(""))
                .human("ok", "Ship it?", null, "yes", "no")
                .on("ok", "yes", "why", ref("ok.text"))
                .on("ok", "no", "why", ref("ok.text"))
                .chain("start", "ok", "end").graph();
        try (var h = new Harness(dir)) {
            String first = h.start(g);
            h.engine.run(first);
            h.engine.answer(first, "ok", "yes", "tests are green");
            h.engine.resume(first);
            assertThat(h.state(first, "why")).isEqualTo("tests are green");
            String second = h.start(g);
            h.engine.run(second);
            h.engine.answer(second, "ok", "no", null);
            h.engine.resume(second);
            assertThat(h.state(second, "why")).isEqualTo("no");
        }
    }
}
