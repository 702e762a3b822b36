package dev.flow.model;

import java.util.Locale;

/** What a node does. Control kinds run no process and cost no extra transaction. */
public enum NodeKind {
    /** Runs an agent or a command. */
    TASK,
    /** Runs a gate definition and reports passed/failed. */
    GATE,
    /** Evaluates a condition and takes one of its outputs {@code on_true}/{@code on_false}. */
    BRANCH,
    /** Starts several branches at once. */
    PARALLEL,
    /** Waits for incoming branches and combines their results. */
    MERGE,
    /** Runs another workflow as a child execution. */
    SUBGRAPH,
    /** Waits for a person's answer. */
    HUMAN,
    /** Marks a point whose state is kept for recovery and inspection. */
    CHECKPOINT,
    /** Where every run begins (one per workflow, id {@code start}). */
    START,
    /** Where a run completes (one per workflow, id {@code end}). */
    END,
    /**
     * A node whose type its front end could not read (a YAML {@code type: loop}, which it reported):
     * kept so that edges to it resolve, assumed nothing about, never run (the checker reports it).
     */
    UNKNOWN;

    /** The kind as written in the language, in YAML and in JSON. */
    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the runtime executes this kind without starting a process. */
    public boolean isControl() {
        return switch (this) {
            case BRANCH, PARALLEL, MERGE, CHECKPOINT, START, END, UNKNOWN -> true;
            case TASK, GATE, SUBGRAPH, HUMAN -> false;
        };
    }

    public static NodeKind fromKeyword(String keyword) {
        return valueOf(keyword.toUpperCase(Locale.ROOT));
    }
}
