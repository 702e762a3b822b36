package dev.flow.check;

import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.on;
import static dev.flow.check.TestFlow.outputs;
import static dev.flow.check.TestFlow.prompt;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Workflows with nothing wrong must check silently: every rule's quiet case at once. */
class ValidWorkflowsTest {

    /** examples/debug_loop.flow, built by hand. */
    static TestFlow debugLoop() {
        return TestFlow.workflow("debug_loop")
                .input("issue", "string")
                .state("attempts", "int", "0")
                .gateDef("tests")
                .task("analyze", agent("claude"), prompt("Analyze this issue: ${issue}"), outputs("done", "blocked"))
                .task("fix", agent("claude"), prompt("Fix based on the analysis: ${analyze.summary}"),
                        on("done", "set attempts = state.attempts + 1"))
                .gate("test", "tests")
                .task("review", agent("codex"), prompt("Review the fix"))
                .human("escalate", prompt("The tests still fail after ${attempts} attempts. Take over?"), outputs("ok"))
                .edge("start -> analyze")
                .edge("analyze -> fix when done")
                .edge("analyze -> escalate when blocked")
                .edge("fix -> test")
                .edge("test -> review when test.passed")
                .edge("test -> analyze loop max 3 when !test.passed")
                .edge("test -> escalate on limit")
                .edge("review -> end")
                .edge("escalate -> end");
    }

    @Test
    void theDebugLoopExampleChecksClean() {
        var found = debugLoop().check();
        assertThat(found).as(Findings.describe(found)).isEmpty();
    }

    @Test
    void aCommandTaskChainChecksClean() {
        var found = TestFlow.workflow("build")
                .task("compile", command("make"))
                .task("package", command("make", "dist"))
                .edge("start -> compile -> package -> end")
                .check();
        assertThat(found).as(Findings.describe(found)).isEmpty();
    }
}
