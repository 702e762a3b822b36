package dev.flow.studio;

import dev.flow.engine.NodeState;
import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.Workflow;
import dev.flow.render.MermaidRenderer;
import dev.flow.store.NodeStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the page draws of an execution's graph: the whole graph up to {@link #WHOLE_MAX} nodes,
 * and above that the neighbourhood of one node (the one a person picked, else the first running,
 * waiting, failed or ready one, else the one that finished last): the nodes nearest it, edges
 * either way, at most {@link #NEIGHBOURHOOD} of them.
 *
 * <p>Why a limit: Mermaid lays a graph out in the page's only thread, and its time grows faster
 * than the graph. {@code bench/run.sh studio mermaid} on the development machine (2 shared cores,
 * load 19, best of 5): 12 nodes 134 ms, 27 nodes 281 ms, 42 nodes 393 ms, 62 nodes 655 ms, 102
 * nodes 1.1 s, 302 nodes 2.8 s; 10,000 froze the tab for minutes. 200 ms at that load is about 20
 * nodes; the load makes everything about five times slower than on the quiet machine
 * (bench/README.md, Studio), so 50 nodes (about 0.5 s loaded) stays near 100 ms there, and a
 * neighbourhood of 25 (about 0.3 s loaded) is what the page draws again, at most every 5 s, while it
 * follows a run.
 * Each picture is Mermaid source with the Mermaid id of each node drawn and the status of each, so
 * that the page colours what it drew without the whole nodes table.
 */
final class GraphPicture {
    /** The most nodes drawn whole; measured in Chromium (docs/studio.md, Large runs). */
    static final int WHOLE_MAX = 50;
    /** The most nodes a neighbourhood holds. */
    static final int NEIGHBOURHOOD = 25;
    private static final int CACHED = 256;

    // the whole graph's picture never changes under its hash
    private final Map<String, Map<String, Object>> whole = new ConcurrentHashMap<>();
    // nor does a neighbourhood's: the latest few are kept, as the running node moves on
    private final Map<String, Map<String, Object>> around = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Map<String, Object>> eldest) {
            return size() > CACHED;
        }
    });
    private final Map<String, Map<String, List<String>>> neighbours = new ConcurrentHashMap<>();

    /**
     * The picture for the page: {@code drawn} ({@code whole} or {@code neighbourhood}), {@code total}
     * and {@code edges} (the whole graph's counts), {@code mermaid}, {@code ids} and {@code status}
     * of the nodes drawn; for a neighbourhood also {@code focus} (its node), {@code picked} (whether
     * a person picked it) and {@code live} (the node the studio would pick now); {@code shown} and
     * {@code drawnEdges} count what is drawn.
     *
     * @param key the graph's hash and workflow: pictures are kept under it
     * @param picked the node a person asked to see, or null
     */
    Map<String, Object> of(String key, Workflow workflow, List<NodeState> nodes, String picked) {
        var out = new LinkedHashMap<String, Object>();
        out.put("total", workflow.nodes().size());
        out.put("edges", workflow.edges().size());
        out.put("limit", WHOLE_MAX);
        var status = new HashMap<String, NodeStatus>();
        nodes.forEach(n -> status.put(n.nodeId(), n.status()));
        Map<String, Object> drawing;
        if (workflow.nodes().size() <= WHOLE_MAX) {
            out.put("drawn", "whole");
            drawing = whole.computeIfAbsent(key, k -> draw(workflow));
        } else {
            String live = live(nodes);
            boolean known = picked != null && status.containsKey(picked);
            String focus = known ? picked : live;
            out.put("drawn", "neighbourhood");
            out.put("focus", focus);
            out.put("picked", known);
            out.put("live", live);
            drawing = around.computeIfAbsent(key + "\u0000" + focus, k -> draw(neighbourhood(key, workflow, focus)));
        }
        out.putAll(drawing);
        var shown = new LinkedHashMap<String, String>();
        @SuppressWarnings("unchecked")
        Map<String, String> ids = (Map<String, String>) drawing.get("ids");
        ids.keySet().forEach(id -> shown.put(id, status.getOrDefault(id, NodeStatus.PENDING).keyword()));
        out.put("status", shown);
        return out;
    }

    /** The node the studio shows when nobody picked one: the first running, waiting, failed or ready, else the one that finished last. */
    static String live(List<NodeState> nodes) {
        for (NodeStatus wanted : List.of(NodeStatus.RUNNING, NodeStatus.WAITING, NodeStatus.FAILED, NodeStatus.READY)) {
            for (NodeState n : nodes) {
                if (n.status() == wanted) {
                    return n.nodeId();
                }
            }
        }
        NodeState last = null;
        for (NodeState n : nodes) {
            if (n.finishedAt() != null && (last == null || n.finishedAt() >= last.finishedAt())) {
                last = n;
            }
        }
        return last != null ? last.nodeId() : nodes.isEmpty() ? null : nodes.get(0).nodeId();
    }

    /** The workflow cut down to the nodes nearest {@code focus} (by edges either way) and the edges among them. */
    private Workflow neighbourhood(String key, Workflow workflow, String focus) {
        Map<String, List<String>> next = neighbours.computeIfAbsent(key, k -> adjacency(workflow));
        var kept = new LinkedHashSet<String>();
        var queue = new ArrayDeque<String>();
        if (focus != null) {
            kept.add(focus);
            queue.add(focus);
        }
        while (!queue.isEmpty() && kept.size() < NEIGHBOURHOOD) {
            for (String n : next.getOrDefault(queue.poll(), List.of())) {
                if (kept.size() < NEIGHBOURHOOD && kept.add(n)) {
                    queue.add(n);
                }
            }
        }
        List<Node> nodes = workflow.nodes().stream().filter(n -> kept.contains(n.id())).toList();
        List<Edge> edges = workflow.edges().stream()
                .filter(e -> kept.contains(e.from().name()) && kept.contains(e.to().name())).toList();
        return workflow.toBuilder().nodes(nodes).edges(edges).build();
    }

    private static Map<String, List<String>> adjacency(Workflow workflow) {
        var next = new HashMap<String, List<String>>();
        for (Edge e : workflow.edges()) {
            next.computeIfAbsent(e.from().name(), k -> new ArrayList<>()).add(e.to().name());
            next.computeIfAbsent(e.to().name(), k -> new ArrayList<>()).add(e.from().name());
        }
        return next;
    }

    private static Map<String, Object> draw(Workflow workflow) {
        var out = new LinkedHashMap<String, Object>();
        out.put("mermaid", new MermaidRenderer().render(workflow));
        out.put("ids", MermaidRenderer.ids(workflow));
        out.put("shown", workflow.nodes().size());
        Set<String> drawn = MermaidRenderer.ids(workflow).keySet();
        out.put("drawnEdges", workflow.edges().stream().filter(e -> drawn.contains(e.from().name()) && drawn.contains(e.to().name())).count());
        return out;
    }
}
