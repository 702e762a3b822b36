package dev.flow.studio;

import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.store.Store;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's timeline: one bar for each attempt of each node (every loop pass and retry), with
 * when it was queued, ran and ended, how it ended, and whether it lies on the critical path.
 * Bars come a page at a time, ordered by when they began, so that a run of ten thousand nodes
 * loads its first screen at once and the rest on demand.
 */
final class TimelineData {
    /** Bars a page holds unless asked otherwise, and at most. */
    static final int PAGE = 500;
    static final int MAX_PAGE = 5000;

    private final Store store;
    private final StudioData data;

    TimelineData(Store store, StudioData data) {
        this.store = store;
        this.data = data;
    }

    /** One attempt as a bar. {@code phase} is what the page colours it by. */
    record Bar(String node, String kind, String agent, int iteration, int attempt, String phase, Long queuedAt, Long startedAt,
            Long finishedAt, String output, String error, Usage usage) {
        /** When the bar begins: queued, or started when its queueing is not known (earlier runs keep no ready time). */
        long begin() {
            return queuedAt != null ? queuedAt : startedAt;
        }

        /** When it ends: now while it goes on. */
        long end(long now) {
            return finishedAt != null ? finishedAt : now;
        }
    }

    /** Bars {@code offset} to {@code offset + limit} of the run's timeline, with its span and critical path. */
    Map<String, Object> timeline(String executionId, int offset, int limit) {
        ExecutionRow row = data.row(executionId);
        Workflow workflow = data.workflow(row);
        long now = System.currentTimeMillis();
        List<Bar> bars = bars(workflow, executionId);
        var critical = CriticalPath.of(bars, predecessors(workflow), now);
        var out = new LinkedHashMap<String, Object>();
        out.put("start", row.createdAt());
        out.put("end", row.finishedAt());
        out.put("now", now);
        out.put("total", bars.size());
        out.put("criticalMillis", critical.millis());
        out.put("criticalCount", critical.bars().size());
        int from = Math.min(Math.max(0, offset), bars.size());
        int to = Math.min(bars.size(), from + Math.max(1, Math.min(limit, MAX_PAGE)));
        var page = new ArrayList<Map<String, Object>>();
        for (Bar b : bars.subList(from, to)) {
            page.add(json(b, critical.bars().contains(b)));
        }
        out.put("offset", from);
        out.put("bars", page);
        out.put("next", to < bars.size() ? to : null);
        return out;
    }

    /** Every attempt that was queued or began, ordered by when it began. */
    private List<Bar> bars(Workflow workflow, String executionId) {
        record Rows(List<NodeRow> nodes, List<RunRow> runs) {}
        Rows rows = store.read(tx -> new Rows(tx.nodes().all(executionId), tx.runs().all(executionId)));
        var kinds = new HashMap<String, Node>();
        workflow.nodes().forEach(n -> kinds.put(n.id(), n));
        // a failed attempt followed by another of the same pass was retried
        var lastAttempt = new HashMap<String, Integer>();
        for (NodeRow n : rows.nodes()) {
            lastAttempt.merge(n.nodeId() + "#" + n.iteration(), n.attempt(), Math::max);
        }
        for (RunRow r : rows.runs()) {
            lastAttempt.merge(r.nodeId() + "#" + r.iteration(), r.attempt(), Math::max);
        }
        // a retry is queued when the attempt before it failed (its backoff included); earlier runs keep no other ready time
        var failedAt = new HashMap<String, Long>();
        for (RunRow r : rows.runs()) {
            failedAt.put(r.nodeId() + "#" + r.iteration() + "#" + r.attempt(), r.finishedAt());
        }
        var bars = new ArrayList<Bar>();
        for (RunRow r : rows.runs()) {
            if (r.startedAt() != null && shown(kinds.get(r.nodeId()))) {
                boolean retried = r.attempt() < lastAttempt.get(r.nodeId() + "#" + r.iteration());
                Long queued = failedAt.get(r.nodeId() + "#" + r.iteration() + "#" + (r.attempt() - 1));
                bars.add(bar(kinds.get(r.nodeId()), r.nodeId(), r.iteration(), r.attempt(), r.status(), retried, queued, r.startedAt(),
                        r.finishedAt(), r.output(), r.error(), Usage.of(r.resultJson(), r.cost())));
            }
        }
        for (NodeRow n : rows.nodes()) {
            // when it became ready for this attempt; a node that waits (a person, a child run) is never queued
            Long queued = n.readyAt() != null && (n.startedAt() == null || n.readyAt() <= n.startedAt()) ? n.readyAt() : null;
            if ((n.startedAt() != null || queued != null) && shown(kinds.get(n.nodeId()))) {
                bars.add(bar(kinds.get(n.nodeId()), n.nodeId(), n.iteration(), n.attempt(), n.status(), false, queued, n.startedAt(),
                        n.finishedAt(), n.output(), n.error(), Usage.of(n.resultJson(), n.cost())));
            }
        }
        bars.sort(Comparator.comparingLong(Bar::begin).thenComparing(Bar::node).thenComparingInt(Bar::iteration).thenComparingInt(Bar::attempt));
        return bars;
    }

    /** Start and end take no time and say nothing a bar would: they are left out. */
    private static boolean shown(Node node) {
        return node == null || node.kind() != NodeKind.START && node.kind() != NodeKind.END;
    }

    private static Bar bar(Node node, String id, int iteration, int attempt, NodeStatus status, boolean retried, Long queuedAt,
            Long startedAt, Long finishedAt, String output, String error, Usage usage) {
        String kind = node == null ? "" : node.kind().keyword();
        String agent = node == null || node.namedAgent() == null ? null : node.namedAgent().name();
        return new Bar(id, kind, agent, iteration, attempt, phase(status, retried, startedAt, error), queuedAt, startedAt, finishedAt, output,
                error, usage);
    }

    /** queued, running, waiting (for a person or a child run), completed, failed, retried, cancelled or skipped. */
    private static String phase(NodeStatus status, boolean retried, Long startedAt, String error) {
        if (retried) {
            return "retried";
        }
        if (status == NodeStatus.FAILED && error != null && error.startsWith("cancelled")) {
            return "cancelled";
        }
        if (status == NodeStatus.READY || status == NodeStatus.RUNNING && startedAt == null) {
            return "queued";
        }
        return status.keyword();
    }

    /** Each node's predecessors in the graph: the ends of the edges into it. */
    private static Map<String, List<String>> predecessors(Workflow workflow) {
        var out = new HashMap<String, List<String>>();
        for (Edge e : workflow.edges()) {
            out.computeIfAbsent(e.to().name(), k -> new ArrayList<>()).add(e.from().name());
        }
        return out;
    }

    private static Map<String, Object> json(Bar b, boolean critical) {
        var out = new LinkedHashMap<String, Object>();
        out.put("node", b.node());
        out.put("kind", b.kind());
        out.put("agent", b.agent());
        out.put("iteration", b.iteration());
        out.put("attempt", b.attempt());
        out.put("phase", b.phase());
        out.put("queuedAt", b.queuedAt());
        out.put("startedAt", b.startedAt());
        out.put("finishedAt", b.finishedAt());
        out.put("output", b.output());
        out.put("error", b.error());
        out.putAll(b.usage().json());
        out.put("critical", critical);
        return out;
    }
}
