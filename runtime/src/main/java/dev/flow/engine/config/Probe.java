package dev.flow.engine.config;

/**
 * Named points in the engine's work that tests can stop at, to kill the process exactly there:
 * {@code before-commit} (inside a transaction, all its changes made), {@code after-commit} (a
 * transaction is durable and the next one has not begun), {@code before-execute} (a node is claimed
 * and its process not yet started), and in an isolated step's apply: {@code before-apply} (its gates
 * passed and are recorded, nothing applied), {@code apply-files-written} (the target's files hold its
 * changes, its branch has not moved), {@code during-apply} (the branch has moved, the node's
 * completion is not committed). The default does nothing.
 */
@FunctionalInterface
public interface Probe {
    Probe NONE = (point, detail) -> {};

    /**
     * Called at a point.
     *
     * @param detail what the transaction did, e.g. {@code loop-reset,completed}, or the node id
     */
    void at(String point, String detail);
}
