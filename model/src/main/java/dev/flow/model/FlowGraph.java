package dev.flow.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A compiled flow: the workflow to run and every workflow its subgraph nodes call, directly or
 * through other subgraphs. This is what front ends produce, what the checker checks, what
 * {@code flow compile} writes as JSON ({@code flow-graph/1}) and what the runtime executes.
 *
 * @param subworkflows the called workflows, each once, by id
 */
public record FlowGraph(Workflow main, List<Workflow> subworkflows) {

    /** The format tag written into every compiled graph. */
    public static final String FORMAT = "flow-graph/1";

    public FlowGraph {
        Objects.requireNonNull(main, "main");
        subworkflows = Models.list(subworkflows);
    }

    public static FlowGraph of(Workflow main) {
        return new FlowGraph(main, List.of());
    }

    /** The main workflow or one of the subworkflows, by id. */
    public Optional<Workflow> workflow(String id) {
        if (main.id().equals(id)) {
            return Optional.of(main);
        }
        return subworkflows.stream().filter(w -> w.id().equals(id)).findFirst();
    }

    /** The main workflow followed by the subworkflows. */
    public List<Workflow> all() {
        var all = new ArrayList<Workflow>(subworkflows.size() + 1);
        all.add(main);
        all.addAll(subworkflows);
        return List.copyOf(all);
    }
}
