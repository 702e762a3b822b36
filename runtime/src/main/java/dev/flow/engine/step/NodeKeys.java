package dev.flow.engine.step;

import dev.flow.model.KvRef;
import dev.flow.model.Node;
import dev.flow.store.NodeRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The keys Flow writes in a node's own scope of the key-value store when an attempt of it finishes,
 * in the transaction that records the attempt, so that the next agent (a later node, an escalation,
 * a person) finds what it did and where its files are without being told:
 * <ul>
 *   <li>{@value #SUMMARY}: what it produced, its {@code summary} (else its text result), when it completed;
 *   <li>{@value #STDOUT}: the path of its standard output log, when it ran a process;
 *   <li>{@value #RESULT}: the path of its result as JSON ({@code result.json} in its run folder), when it ran a process;
 *   <li>{@value #ERROR}: why it failed, for a failed attempt (retried or not) and for a failure
 *       output such as {@code fail}.
 * </ul>
 * Only nodes that do work (tasks, gates, merges with an agent, humans, subgraphs) get them; control
 * nodes have nothing to say. Each key keeps its history like any other ({@link dev.flow.store.KvTable#HISTORY_KEPT}),
 * written by {@value #WRITER}; no event is added for them.
 */
final class NodeKeys {
    static final String SUMMARY = KvRef.SUMMARY;
    static final String STDOUT = KvRef.STDOUT_PATH;
    static final String RESULT = KvRef.RESULT_PATH;
    static final String ERROR = KvRef.ERROR;
    /** Who the store says wrote them. */
    static final String WRITER = "flow";

    private NodeKeys() {}

    /** An attempt that completed with {@code output}. */
    static void completed(Step step, RunContext ctx, NodeRow row, Node node, String output, Map<String, Object> result) {
        if (!RunGraph.isWork(node)) {
            return;
        }
        String summary = result.get("summary") instanceof String s && !s.isBlank() ? s : TextResult.of(node, output, result);
        if (summary != null && !summary.isBlank()) {
            put(step, ctx, row, SUMMARY, summary);
        }
        if (RunGraph.isFailureOutput(node, output)) {
            put(step, ctx, row, ERROR, "produced \"" + output + "\"" + (summary == null || summary.isBlank() ? "" : ": " + summary));
        }
        files(step, ctx, row, node, result);
    }

    /** An attempt that failed with {@code error}. */
    static void failed(Step step, RunContext ctx, NodeRow row, Node node, String error, Map<String, Object> result) {
        if (!RunGraph.isWork(node)) {
            return;
        }
        put(step, ctx, row, ERROR, error);
        files(step, ctx, row, node, result);
    }

    /** The run folder's logs and the result, when the attempt ran a process there. */
    private static void files(Step step, RunContext ctx, NodeRow row, Node node, Map<String, Object> result) {
        if (step.core.runsInProcess(node)) {
            return; // Java code in this process: no run folder (and no file system call on the engine's fastest path)
        }
        Path runDir = step.core.runDir(ctx.id(), row.nodeId(), row.iteration(), row.attempt());
        Path stdout = runDir.resolve("stdout.log");
        if (!Files.isRegularFile(stdout)) {
            return;
        }
        put(step, ctx, row, STDOUT, stdout.toString());
        Path file = runDir.resolve("result.json");
        try {
            if (!Files.exists(file) && !result.isEmpty()) {
                // a large result is already there (ResultCodec); a small one is written for readers
                Files.writeString(file, Json.write(result), StandardCharsets.UTF_8);
            }
            if (Files.exists(file)) {
                put(step, ctx, row, RESULT, file.toString());
            }
        } catch (IOException e) {
            // a convenience copy: without it the key is not written, and the result stays in the database
        }
    }

    private static void put(Step step, RunContext ctx, NodeRow row, String key, String value) {
        step.tx.kv().put(KvValues.entry(step.core, ctx.id(), row.nodeId(), key, value, WRITER, step.now));
    }
}
