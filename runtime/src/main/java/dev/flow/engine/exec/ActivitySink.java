package dev.flow.engine.exec;

/**
 * Hears what an agent is doing now, read from its event stream while it works ("editing
 * greeting.txt", "running mvn test"): {@code flow run}'s progress line. Called from the thread that
 * watches the agent, never inside a transaction; nothing of it is stored (the whole stream is, as the
 * attempt's {@code stdout.log}).
 */
@FunctionalInterface
public interface ActivitySink {
    ActivitySink NONE = (execution, node, what) -> {};

    void activity(String executionId, String nodeId, String what);
}
