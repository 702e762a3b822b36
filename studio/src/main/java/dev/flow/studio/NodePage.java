package dev.flow.studio;

import dev.flow.engine.NodeState;
import dev.flow.store.NodeStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.jetty.util.Fields;

/**
 * One page of an execution's nodes table, as {@code GET /api/executions/ID/nodes} and the
 * execution's own answer take it: {@code status} (one node status), {@code name} (a substring of
 * the node's id, ignoring case), {@code after} (the {@code next} of the page before: the id of its
 * last node) and {@code limit}. Nodes come in the workflow's order, which never changes under a
 * run (a grown graph only adds nodes), so a page is cut by keyset: "the nodes after this one", and
 * a node that changes status while a person pages moves no other node from its page.
 *
 * <p>A run of 10,000 nodes sent every node in each answer (3.1 MB, 10,000 table rows drawn by the
 * browser); a page holds 100.
 */
record NodePage(NodeStatus status, String name, String after, int limit) {
    /** Rows a page holds unless asked otherwise, and at most. */
    static final int PAGE = 100;
    static final int MAX_PAGE = 1000;

    /** The first page of the whole table. */
    static final NodePage FIRST = new NodePage(null, null, null, PAGE);

    /** Reads the query string; a status that does not exist or a limit that is not a number is refused with 400. */
    static NodePage parse(Fields query) {
        String limit = query.getValue("limit");
        int size = limit == null || limit.isEmpty() ? PAGE : (int) Math.min(MAX_PAGE, Math.max(1, number(limit)));
        return new NodePage(status(query.getValue("status")), blankToNull(query.getValue("name")), blankToNull(query.getValue("after")), size);
    }

    /**
     * The page: {@code nodes} (each as {@code row} makes it), {@code next} (the {@code after} of the
     * next page, null at the end), {@code matching} (how many nodes the filter keeps) and the filter
     * as understood.
     */
    Map<String, Object> of(List<NodeState> nodes, Function<NodeState, Map<String, Object>> row) {
        int start = 0;
        if (after != null) {
            start = -1;
            for (int i = 0; i < nodes.size() && start < 0; i++) {
                if (nodes.get(i).nodeId().equals(after)) {
                    start = i + 1;
                }
            }
            if (start < 0) {
                throw new HttpProblem(400, "the execution has no node \"" + after + "\" to page after");
            }
        }
        var page = new ArrayList<Map<String, Object>>();
        String last = null;
        boolean more = false;
        int matching = 0;
        for (int i = 0; i < nodes.size(); i++) {
            NodeState n = nodes.get(i);
            if (!keeps(n)) {
                continue;
            }
            matching++;
            if (i < start) {
                continue;
            }
            if (page.size() < limit) {
                page.add(row.apply(n));
                last = n.nodeId();
            } else {
                more = true;
            }
        }
        var out = new LinkedHashMap<String, Object>();
        out.put("nodes", page);
        out.put("next", more ? last : null);
        out.put("matching", matching);
        out.put("status", status == null ? null : status.keyword());
        out.put("name", name);
        out.put("after", after);
        return out;
    }

    /** How many nodes stand in each status, every status named (zero included), in the enum's order. */
    static Map<String, Integer> counts(List<NodeState> nodes) {
        var counts = new EnumMap<NodeStatus, Integer>(NodeStatus.class);
        for (NodeStatus s : NodeStatus.values()) {
            counts.put(s, 0);
        }
        for (NodeState n : nodes) {
            counts.merge(n.status(), 1, Integer::sum);
        }
        var out = new LinkedHashMap<String, Integer>();
        counts.forEach((s, c) -> out.put(s.keyword(), c));
        return out;
    }

    private boolean keeps(NodeState n) {
        return (status == null || n.status() == status)
                && (name == null || n.nodeId().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)));
    }

    private static NodeStatus status(String keyword) {
        if (keyword == null || keyword.isBlank()) {
            return null;
        }
        return Arrays.stream(NodeStatus.values()).filter(s -> s.keyword().equals(keyword.strip())).findFirst()
                .orElseThrow(() -> new HttpProblem(400, "no node status \"" + keyword.strip() + "\": one of "
                        + Arrays.stream(NodeStatus.values()).map(NodeStatus::keyword).collect(Collectors.joining(", "))));
    }

    private static String blankToNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    private static long number(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new HttpProblem(400, "\"limit\" takes a number, not \"" + text + "\"");
        }
    }
}
