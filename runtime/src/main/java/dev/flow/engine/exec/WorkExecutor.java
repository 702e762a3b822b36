package dev.flow.engine.exec;

/**
 * Does the work of a claimed node, outside any transaction. Implementations never throw for the
 * node's own failures: a process that exits badly, an agent that answers nonsense, a missing
 * program all become a failed {@link Outcome} with a clear message.
 */
@FunctionalInterface
public interface WorkExecutor {
    Outcome execute(Job job, Cancellation cancellation);
}
