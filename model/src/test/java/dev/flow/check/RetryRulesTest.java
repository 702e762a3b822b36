package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.outputs;
import static dev.flow.check.TestFlow.prompt;
import static dev.flow.check.TestFlow.retry;
import static dev.flow.check.TestFlow.retryOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.model.Severity;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryRulesTest {

    private static final TestFlow.Part RETRY_3 = retry(3, Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1));

    /** A command task with the outputs given, each routed to end. */
    private static TestFlow commandTask(TestFlow.Part... parts) {
        return TestFlow.workflow("demo")
                .task("deploy", TestFlow.prepend(command("./deploy.sh"), parts))
                .edge("start -> deploy")
                .edge("deploy -> end");
    }

    @Test
    void warnsWhenEveryFailureOfACommandTaskTakesADeclaredOutput() {
        var flow = commandTask(outputs("done", "fail", "timeout"), RETRY_3);
        var d = only(flow.check(), Code.RETRY_NEVER_HAPPENS);
        assertThat(d.severity()).isEqualTo(Severity.WARNING);
        assertThat(flow.text(d.source())).startsWith("retry 3");
        assertThat(d.message()).isEqualTo("\"retry 3\" of \"deploy\" can never happen: a non-zero exit takes its output \"fail\" and a timeout "
                + "its output \"timeout\"; write \"retry 3 on fail\" to try it again before \"fail\" is routed");
    }

    @Test
    void warnsOnAGateNodeAndOnNodesThatNeverFailRetryably() {
        var flow = TestFlow.workflow("demo")
                .gate("test", "tests", RETRY_3)
                .checkpoint("mark", RETRY_3)
                .edge("start -> test -> mark -> end");
        assertThat(of(flow.check(), Code.RETRY_NEVER_HAPPENS)).extracting(dev.flow.diagnostic.Diagnostic::message).containsExactly(
                "\"retry 3\" of \"test\" can never happen: a failed gate takes its output \"failed\", which is routed, not retried; "
                        + "write \"retry 3 on failed\" to run it again before \"failed\" is routed",
                "\"retry 3\" of \"mark\" can never happen: a checkpoint node never fails in a way that is retried; remove the retry");
    }

    @Test
    void isQuietWhenARetryCanHappen() {
        // a failure output but no timeout output: a timeout is retried
        assertThat(of(commandTask(outputs("done", "fail"), RETRY_3).check(), Code.RETRY_NEVER_HAPPENS)).isEmpty();
        // the outputs to retry are named
        assertThat(of(commandTask(outputs("done", "fail", "timeout"), retryOn(3, "fail")).check(), Code.RETRY_NEVER_HAPPENS)).isEmpty();
        // an agent can always answer badly
        var agentTask = TestFlow.workflow("demo").task("fix", agent("claude"), prompt("fix it"), outputs("done", "fail", "timeout"), RETRY_3)
                .edge("start -> fix").edge("fix -> end");
        assertThat(of(agentTask.check(), Code.RETRY_NEVER_HAPPENS)).isEmpty();
        // retry 0 asks for nothing
        assertThat(of(commandTask(outputs("done", "fail", "timeout"), retry(0, Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1))).check(),
                Code.RETRY_NEVER_HAPPENS)).isEmpty();
    }

    @Test
    void anOutputToRetryMustBeDeclared() {
        var flow = commandTask(outputs("done", "fail"), retryOn(2, "failure"));
        var d = only(flow.check(), Code.UNKNOWN_OUTPUT);
        assertThat(flow.text(d.source())).isEqualTo("failure");
        assertThat(d.message()).startsWith("\"deploy\" has no output \"failure\"");
    }
}
