package dev.flow.model;

import java.util.List;
import java.util.Objects;

/**
 * A value of the key-value store that a task reads as one of its inputs (a task's {@code inputs}:
 * {@code goal = plan["ctx.goal"]} in the language, seed 003's {@code {nodeId, key, as}}). At run
 * time it is rendered into the agent's prompt (inlined when small, as a {@code flow kv get}
 * command otherwise) and listed in the context file; the node is read in the task's own execution.
 *
 * @param node the node whose keys hold it, or {@link #RUN} for the run-wide namespace
 * @param key the key, as {@code flow kv} names it
 * @param as what the prompt calls it; null when it is named by its node and key only
 */
public record KvRef(NameRef node, String key, String as, SourceRef source) {
    /** The name of the run-wide namespace, which every node of the run may read and write. */
    public static final String RUN = "run";

    public KvRef {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(key, "key");
        source = source == null ? SourceRef.NONE : source;
    }

    /** The keys Flow writes in a node's scope when an attempt of it finishes (docs/runtime.md, "The keys Flow writes"). */
    public static final String SUMMARY = "out.summary";
    public static final String STDOUT_PATH = "out.last_stdout_path";
    public static final String RESULT_PATH = "out.last_result_path";
    public static final String ERROR = "err.summary";
    public static final List<String> WRITTEN_BY_FLOW = List.of(SUMMARY, STDOUT_PATH, RESULT_PATH, ERROR);

    /** The most characters a key may have. */
    public static final int KEY_MAX = 200;

    /** Whether the key-value store can hold {@code key}: 1 to {@value #KEY_MAX} characters, none of them a control character. */
    public static boolean isValidKey(String key) {
        return key != null && !key.isEmpty() && key.length() <= KEY_MAX && key.chars().noneMatch(Character::isISOControl);
    }

    /** Whether it reads the run-wide namespace rather than a node's keys. */
    public boolean readsRun() {
        return RUN.equals(node.name());
    }

    /** How the prompt and messages name it: {@code plan["ctx.goal"]}, {@code run["ctx.decisions"]}. */
    public String describe() {
        return node.name() + "[" + Literals.quote(key) + "]";
    }
}
