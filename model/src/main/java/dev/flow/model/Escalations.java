package dev.flow.model;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The escalation in effect for each node of a workflow: its own ({@link Node#escalation()}), else
 * the workflow's default ({@link Config#escalation()}) for the nodes that can fail and handle no
 * escalation themselves (a default that sends every failure to {@code triage} does not send
 * {@code triage}'s own). Automatic escalation nodes never escalate. Built once per workflow.
 */
public final class Escalations {
    private final Map<String, Escalation> effective = new HashMap<>();
    private final Set<String> targets = new HashSet<>();

    private Escalations(Workflow workflow) {
        for (Node n : workflow.nodes()) {
            if (n.escalation() != null && n.escalation().mode() == Escalation.Mode.TO && n.escalation().target() != null) {
                targets.add(n.escalation().target().name());
            }
        }
        Escalation fallback = workflow.config().escalation();
        if (fallback != null && fallback.mode() == Escalation.Mode.TO && fallback.target() != null) {
            targets.add(fallback.target().name());
        }
        for (Node n : workflow.nodes()) {
            Escalation e = n.escalation();
            if (e == null && fallback != null && fallback.mode() != Escalation.Mode.NONE && canFail(n) && !targets.contains(n.id())) {
                e = fallback;
            }
            if (e != null && e.mode() != Escalation.Mode.NONE && Provenance.escalates(n).isEmpty()) {
                effective.putIfAbsent(n.id(), e);
            }
        }
    }

    public static Escalations of(Workflow workflow) {
        return new Escalations(workflow);
    }

    /** Where a permanent failure of {@code nodeId} goes; empty when it stands. */
    public Optional<Escalation> of(String nodeId) {
        return Optional.ofNullable(effective.get(nodeId));
    }

    /** Every node that escalates, with its escalation. */
    public Map<String, Escalation> all() {
        return Collections.unmodifiableMap(effective);
    }

    /** Whether some escalation names {@code nodeId} as its target. */
    public boolean isTarget(String nodeId) {
        return targets.contains(nodeId);
    }

    /** Whether a node of this kind can fail for good, and so escalate: tasks, gates, subgraphs, humans and merges with an agent. */
    public static boolean canFail(Node node) {
        return node.spec().accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                return true;
            }

            @Override
            public Boolean gate(NodeSpec.Gate gate) {
                return true;
            }

            @Override
            public Boolean branch(NodeSpec.Branch branch) {
                return false;
            }

            @Override
            public Boolean parallel(NodeSpec.Parallel parallel) {
                return false;
            }

            @Override
            public Boolean merge(NodeSpec.Merge merge) {
                return merge.agent() != null;
            }

            @Override
            public Boolean subgraph(NodeSpec.Subgraph subgraph) {
                return true;
            }

            @Override
            public Boolean human(NodeSpec.Human human) {
                return true;
            }

            @Override
            public Boolean checkpoint(NodeSpec.Checkpoint checkpoint) {
                return false;
            }

            @Override
            public Boolean start(NodeSpec.Start start) {
                return false;
            }

            @Override
            public Boolean end(NodeSpec.End end) {
                return false;
            }

            @Override
            public Boolean unknown(NodeSpec.Unknown unknown) {
                return false;
            }
        });
    }

    /** Whether a node can handle an escalation: a task run by an agent (or a role), or a person. */
    public static boolean canHandle(Node node) {
        return node.spec().accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                return task.command() == null && (task.call().agent() != null || task.call().role() != null);
            }

            @Override
            public Boolean gate(NodeSpec.Gate gate) {
                return false;
            }

            @Override
            public Boolean branch(NodeSpec.Branch branch) {
                return false;
            }

            @Override
            public Boolean parallel(NodeSpec.Parallel parallel) {
                return false;
            }

            @Override
            public Boolean merge(NodeSpec.Merge merge) {
                return false;
            }

            @Override
            public Boolean subgraph(NodeSpec.Subgraph subgraph) {
                return false;
            }

            @Override
            public Boolean human(NodeSpec.Human human) {
                return true;
            }

            @Override
            public Boolean checkpoint(NodeSpec.Checkpoint checkpoint) {
                return false;
            }

            @Override
            public Boolean start(NodeSpec.Start start) {
                return false;
            }

            @Override
            public Boolean end(NodeSpec.End end) {
                return false;
            }

            @Override
            public Boolean unknown(NodeSpec.Unknown unknown) {
                return false;
            }
        });
    }
}
