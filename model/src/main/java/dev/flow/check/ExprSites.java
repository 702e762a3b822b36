package dev.flow.check;

import dev.flow.check.ExprSite.ReadPoint;
import dev.flow.check.ExprSite.Use;
import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.Interrupt;
import dev.flow.model.Mapping;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputHandler;
import dev.flow.model.StateUpdate;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Lists every expression of a workflow with the meaning of its names at that place, in one pass:
 * edge conditions and data mappings (evaluated when the source has finished), branch conditions,
 * the values of on-output handlers, interrupt and completion conditions, and the mappings into and
 * out of subgraphs.
 */
final class ExprSites {
    private final WorkflowIndex index;
    private final OutputScope anyNode;
    private final List<ExprSite> sites = new ArrayList<>();
    private final Map<String, Called> called = new HashMap<>();
    private final Map<String, OutputScope> leaving = new HashMap<>();

    private ExprSites(WorkflowIndex index) {
        this.index = index;
        this.anyNode = OutputScope.anyNode(index.nodes());
    }

    static List<ExprSite> of(WorkflowIndex index) {
        var sites = new ExprSites(index);
        index.workflow().edges().forEach(sites::edge);
        index.nodes().forEach(sites::node);
        index.workflow().interrupts().forEach(sites::interrupt);
        for (Expr condition : index.workflow().completion()) {
            sites.add(condition, Use.CONDITION, "a completion condition", index.names(), null, sites.anyNode, null, index.workflow().source());
        }
        return List.copyOf(sites.sites);
    }

    private void add(Expr expr, Use use, String where, TypeResolver names, Node outputOf, OutputScope outputs,
            ReadPoint readPoint, dev.flow.model.SourceRef fallback) {
        if (expr != null) {
            sites.add(new ExprSite(expr, use, where, names, outputOf, outputs, readPoint, fallback));
        }
    }

    private void edge(Edge edge) {
        if (edge.condition() == null && edge.dataMapping().isEmpty()) {
            return;
        }
        Optional<Node> source = index.node(index.from(edge));
        Node outputOf = source.orElse(null);
        // A misspelt source (read as the node it is near) took the outputs its author meant out of scope: reported once, as FLOW201.
        OutputScope outputs = source.filter(n -> index.isKnown(edge.from().name()))
                .map(n -> leaving.computeIfAbsent(n.id(), k -> outputsLeaving(n))).orElse(OutputScope.unknownSource());
        ReadPoint point = source.map(n -> new ReadPoint(n.id(), true)).orElse(null);
        String name = WorkflowIndex.name(edge);
        add(edge.condition(), Use.CONDITION, "the condition of " + name, index.names(), outputOf, outputs, point, edge.source());
        for (Mapping mapping : edge.dataMapping()) {
            add(mapping.value(), Use.VALUE, "the value of " + Messages.q(mapping.key()) + " on " + name, index.names(), outputOf, outputs,
                    point, Report.at(mapping.source(), edge.source()));
        }
    }

    /** What output tests on the edges leaving {@code node} may name: its outputs, and for a merge those it joins. */
    private OutputScope outputsLeaving(Node node) {
        if (node.kind() != NodeKind.MERGE) {
            return OutputScope.of(node);
        }
        var joined = new ArrayList<Node>();
        for (Edge in : index.edgesTo(node.id())) {
            index.node(index.from(in)).ifPresent(joined::add);
        }
        return OutputScope.join(node, joined);
    }

    private void node(Node node) {
        TypeResolver names = index.names();
        String id = Messages.q(node.id());
        node.spec().accept(new SpecSites(node));
        for (OutputHandler handler : node.onOutput()) {
            for (StateUpdate update : handler.updates()) {
                add(update.value(), Use.VALUE, "the update of " + Messages.q(update.variable().name()) + " in " + id, names, node,
                        OutputScope.of(node), new ReadPoint(node.id(), true), Report.at(update.source(), handler.source(), node.source()));
            }
        }
    }

    /** The expressions in a node's spec: a branch's condition, the mappings into and out of a subgraph. */
    private final class SpecSites implements NodeSpec.Visitor<Void> {
        private final Node node;
        private final String id;

        SpecSites(Node node) {
            this.node = node;
            this.id = Messages.q(node.id());
        }

        @Override
        public Void task(NodeSpec.Task task) {
            return null;
        }

        @Override
        public Void gate(NodeSpec.Gate gate) {
            return null;
        }

        @Override
        public Void branch(NodeSpec.Branch branch) {
            add(branch.condition(), Use.CONDITION, "the condition of branch " + id, index.names(), null, anyNode,
                    new ReadPoint(node.id(), false), node.source());
            return null;
        }

        @Override
        public Void parallel(NodeSpec.Parallel parallel) {
            return null;
        }

        @Override
        public Void merge(NodeSpec.Merge merge) {
            return null;
        }

        @Override
        public Void subgraph(NodeSpec.Subgraph subgraph) {
            for (Mapping mapping : subgraph.inputs()) {
                add(mapping.value(), Use.VALUE, "the input " + Messages.q(mapping.key()) + " of subgraph " + id, index.names(), null, anyNode,
                        new ReadPoint(node.id(), false), Report.at(mapping.source(), node.source()));
            }
            Optional<Workflow> called = index.graph().workflow(subgraph.workflow().name());
            if (called.isPresent() && !subgraph.outputs().isEmpty()) {
                // Returned values read the called workflow's names; resolve them once per workflow.
                Called scope = ExprSites.this.called.computeIfAbsent(called.get().id(),
                        k -> new Called(TypeResolver.of(called.get()), OutputScope.anyNode(called.get().nodes())));
                for (Mapping mapping : subgraph.outputs()) {
                    add(mapping.value(), Use.VALUE, "the returned value " + Messages.q(mapping.key()) + " of subgraph " + id, scope.names(), null,
                            scope.outputs(), null, Report.at(mapping.source(), node.source()));
                }
            }
            return null;
        }

        @Override
        public Void human(NodeSpec.Human human) {
            return null;
        }

        @Override
        public Void checkpoint(NodeSpec.Checkpoint checkpoint) {
            return null;
        }

        @Override
        public Void start(NodeSpec.Start start) {
            return null;
        }

        @Override
        public Void end(NodeSpec.End end) {
            return null;
        }

        @Override
        public Void unknown(NodeSpec.Unknown unknown) {
            return null;
        }
    }

    private void interrupt(Interrupt interrupt) {
        Optional<Node> node = index.node(interrupt.node().name());
        boolean after = interrupt.timing() == Interrupt.Timing.AFTER;
        ReadPoint point = node.map(n -> new ReadPoint(n.id(), after)).orElse(null);
        String where = "the condition of the interrupt " + interrupt.timing().name().toLowerCase(Locale.ROOT) + " "
                + Messages.q(interrupt.node().name());
        add(interrupt.condition(), Use.CONDITION, where, index.names(), after ? node.orElse(null) : null, anyNode, point, interrupt.source());
    }

    /** The names of a called workflow, as its returned values see them. */
    private record Called(TypeResolver names, OutputScope outputs) {}
}
