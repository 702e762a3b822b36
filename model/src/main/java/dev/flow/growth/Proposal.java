package dev.flow.growth;

import dev.flow.model.Edge;
import dev.flow.model.Node;
import java.util.List;

/**
 * The nodes and edges a planner's answer proposes, as model elements whose positions point into the
 * answer, or why the answer cannot be read as such.
 *
 * @param edges the edges the answer names: each {@code dependsOn} entry, or each edge of its own form
 * @param problems what makes the answer unreadable, each with its position; empty when it was read
 */
public record Proposal(List<Node> nodes, List<Edge> edges, List<String> problems) {
    public Proposal {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        problems = List.copyOf(problems);
    }

    public boolean readable() {
        return problems.isEmpty();
    }
}
