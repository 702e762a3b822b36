package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.model.BuiltinAgents;
import dev.flow.model.Edge;
import dev.flow.model.GateDef;
import dev.flow.model.Interrupt;
import dev.flow.model.KvRef;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputHandler;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * FLOW2xx: names that must resolve to a node, gate, agent, workflow or output. References inside
 * expressions are typed, and reported, by {@link TypeRules}.
 */
final class ReferenceRules {
    private ReferenceRules() {}

    /** FLOW201: edges, parallel branches, merge wait lists and interrupts that name no node. */
    static void unknownNodes(WorkflowIndex w, Report out) {
        var ids = new ArrayList<String>(w.names().nodeIds());
        for (String implicit : List.of(Node.START_ID, Node.END_ID)) {
            if (!ids.contains(implicit)) {
                ids.add(implicit);
            }
        }
        for (Edge edge : w.workflow().edges()) {
            node(w, edge.from(), edge.source(), ids, out);
            node(w, edge.to(), edge.source(), ids, out);
        }
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Parallel parallel) {
                parallel.branches().forEach(b -> node(w, b, node.source(), ids, out));
            }
            if (node.spec() instanceof NodeSpec.Merge merge) {
                merge.waitFor().forEach(b -> node(w, b, node.source(), ids, out));
            }
        }
        for (Interrupt interrupt : w.workflow().interrupts()) {
            node(w, interrupt.node(), interrupt.source(), ids, out);
        }
        kvInputs(w, ids, out);
    }

    /** A task's inputs read a node's keys, or the run's ({@code run["key"]}), which is always there. */
    private static void kvInputs(WorkflowIndex w, List<String> ids, Report out) {
        var scopes = new ArrayList<String>(ids);
        scopes.add(KvRef.RUN);
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Task task) {
                for (KvRef ref : task.inputs()) {
                    if (!ref.readsRun() && !w.isKnown(ref.node().name())) {
                        out.unknown(Code.UNKNOWN_NODE, Report.at(ref.node().source(), ref.source(), node.source()),
                                "unknown node " + Messages.q(ref.node().name()) + " in the inputs of " + Messages.q(node.id()), ref.node().name(),
                                scopes, "name one of the workflow's nodes, or run for the run-wide keys");
                    }
                }
            }
        }
    }

    private static void node(WorkflowIndex w, NameRef ref, SourceRef fallback, List<String> ids, Report out) {
        if (!w.isKnown(ref.name())) {
            out.unknown(Code.UNKNOWN_NODE, Report.at(ref.source(), fallback), "unknown node " + Messages.q(ref.name()), ref.name(), ids,
                    "declare it, or use one of the workflow's nodes");
        }
    }

    /** FLOW202: gate nodes, a task's gates and a gate's {@code after} list that name no gate. */
    static void unknownGates(WorkflowIndex w, Report out) {
        Workflow workflow = w.workflow();
        Set<String> gates = new LinkedHashSet<>();
        workflow.gates().forEach(g -> gates.add(g.name()));
        var refs = new ArrayList<Located>();
        for (Node node : workflow.nodes()) {
            if (node.spec() instanceof NodeSpec.Gate gate) {
                refs.add(new Located(gate.gate(), node.source()));
            }
            if (node.spec() instanceof NodeSpec.Task task) {
                task.gates().forEach(g -> refs.add(new Located(g, node.source())));
            }
        }
        for (GateDef gate : workflow.gates()) {
            gate.dependsOn().forEach(g -> refs.add(new Located(g, gate.source())));
        }
        for (Located ref : refs) {
            // A gate node that names no gate at all is FLOW105's.
            if (!ref.name().name().isEmpty() && !gates.contains(ref.name().name())) {
                out.unknown(Code.UNKNOWN_GATE, ref.at(), "unknown gate " + Messages.q(ref.name().name()), ref.name().name(), gates,
                        "define it with gate " + ref.name().name() + " { run [...] }, import a library that does, or register it in gates.yaml");
            }
        }
    }

    /** FLOW203: tasks and merges that name an agent that is neither built in nor defined. */
    static void unknownAgents(WorkflowIndex w, Report out) {
        Set<String> agents = new LinkedHashSet<>(BuiltinAgents.NAMES);
        w.workflow().agents().forEach(a -> agents.add(a.name()));
        for (Node node : w.workflow().nodes()) {
            NameRef agent = null;
            if (node.spec() instanceof NodeSpec.Task task) {
                agent = task.agent();
            } else if (node.spec() instanceof NodeSpec.Merge merge) {
                agent = merge.agent();
            }
            if (agent != null && !agents.contains(agent.name())) {
                out.unknown(Code.UNKNOWN_AGENT, Report.at(agent.source(), node.source()), "unknown agent " + Messages.q(agent.name()),
                        agent.name(), agents,
                        "use a built-in agent (" + String.join(", ", BuiltinAgents.NAMES) + ") or define it with agent "
                                + agent.name() + " { run [...] }");
            }
        }
    }

    /** FLOW205: subgraphs that run a workflow the graph does not hold. */
    static void unknownWorkflows(WorkflowIndex w, Report out) {
        var ids = w.graph().all().stream().map(Workflow::id).toList();
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Subgraph subgraph && w.graph().workflow(subgraph.workflow().name()).isEmpty()) {
                out.unknown(Code.UNKNOWN_WORKFLOW, Report.at(subgraph.workflow().source(), node.source()),
                        "unknown workflow " + Messages.q(subgraph.workflow().name()), subgraph.workflow().name(), ids, "define it, or import the file that does");
            }
        }
    }

    /** FLOW206: on-output handlers, human defaults and {@code retry ... on} lists naming outputs the node does not have. */
    static void unknownOutputs(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            boolean hasDefault = node.spec() instanceof NodeSpec.Human human && human.defaultOutput() != null;
            boolean retriesOutputs = node.retry() != null && !node.retry().on().isEmpty();
            if (node.onOutput().isEmpty() && !hasDefault && !retriesOutputs) {
                continue;
            }
            List<String> outputs = node.effectiveOutputs();
            for (OutputHandler handler : node.onOutput()) {
                output(node, handler.output(), Report.at(handler.output().source(), handler.source(), node.source()), outputs, out);
            }
            if (retriesOutputs) {
                for (NameRef retried : node.retry().on()) {
                    output(node, retried, Report.at(retried.source(), node.retry().source(), node.source()), outputs, out);
                }
            }
            if (node.spec() instanceof NodeSpec.Human human && human.defaultOutput() != null) {
                output(node, human.defaultOutput(), Report.at(human.defaultOutput().source(), node.source()), outputs, out);
            }
        }
    }

    private static void output(Node node, NameRef output, SourceRef at, List<String> outputs, Report out) {
        if (!outputs.contains(output.name())) {
            out.unknown(Code.UNKNOWN_OUTPUT, at, Messages.q(node.id()) + " has no output " + Messages.q(output.name()), output.name(),
                    outputs, "declare it in \"outputs\", or use one of " + Messages.list(outputs));
        }
    }

    /** A name and where to report it when it has no position of its own. */
    private record Located(NameRef name, SourceRef fallback) {
        SourceRef at() {
            return Report.at(name.source(), fallback);
        }
    }
}
