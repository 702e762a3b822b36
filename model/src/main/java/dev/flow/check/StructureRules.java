package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.SourceRef;
import dev.flow.model.StateVariable;
import dev.flow.model.Workflow;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** FLOW1xx: what the workflow is made of, before any name or path is followed. */
final class StructureRules {
    private StructureRules() {}

    /** FLOW101: two nodes with one id. A misused {@code start}/{@code end} is FLOW104's alone. */
    static void duplicateNodes(WorkflowIndex w, Report out) {
        List<Node> nodes = w.workflow().nodes().stream().filter(n -> !misusesReservedName(n)).toList();
        duplicates(nodes, Node::id, Node::source, out, Code.DUPLICATE_NODE,
                id -> "duplicate node id " + Messages.q(id) + "; another node already has it, so rename one of them");
    }

    /** FLOW102: two edges with one id, or with the same ends under the same condition. */
    static void duplicateEdges(WorkflowIndex w, Report out) {
        var byKey = new HashMap<EdgeKey, Edge>();
        var byId = new HashMap<String, Edge>();
        for (Edge edge : w.workflow().edges()) {
            String condition = edge.condition() == null ? "" : " when " + ExprText.of(edge.condition());
            Edge sameEnds = byKey.putIfAbsent(new EdgeKey(edge.from().name(), edge.to().name(), condition, edge.onLimitReached()), edge);
            Edge sameId = byId.putIfAbsent(edge.id(), edge);
            if (sameEnds != null) {
                out.add(Diagnostic.of(Code.DUPLICATE_EDGE, "duplicate edge " + WorkflowIndex.name(edge) + condition
                        + "; an edge with the same ends and condition comes first, so remove one", edge.source())
                        .withRelated(List.of(new Diagnostic.Related(sameEnds.source(), "the first edge " + WorkflowIndex.name(sameEnds)))));
            } else if (sameId != null) {
                out.add(Diagnostic.of(Code.DUPLICATE_EDGE, "duplicate edge id " + Messages.q(edge.id()) + "; the edge "
                        + WorkflowIndex.name(sameId) + " already has it, so give each edge its own id", edge.source())
                        .withRelated(List.of(new Diagnostic.Related(sameId.source(), "the edge that has the id first"))));
            }
        }
    }

    /** What makes two edges the same transition. */
    private record EdgeKey(String from, String to, String condition, boolean onLimit) {}

    /** FLOW103: gates, agents, inputs, state variables or a node's outputs that share a name. */
    static void duplicateDefinitions(WorkflowIndex w, Report out) {
        Workflow workflow = w.workflow();
        duplicates(workflow.gates(), GateDef::name, GateDef::source, out, Code.DUPLICATE_DEFINITION, definition("gate", ""));
        duplicates(workflow.agents(), AgentDef::name, AgentDef::source, out, Code.DUPLICATE_DEFINITION, definition("agent", ""));
        duplicates(workflow.inputs(), Input::name, Input::source, out, Code.DUPLICATE_DEFINITION, definition("input", ""));
        duplicates(workflow.state(), StateVariable::name, StateVariable::source, out, Code.DUPLICATE_DEFINITION, definition("state variable", ""));
        for (Node node : workflow.nodes()) {
            if (node.outputs().size() < 2) {
                continue;
            }
            duplicates(node.outputs(), OutputDecl::name, o -> Report.at(o.source(), node.source()), out,
                    Code.DUPLICATE_DEFINITION, definition("output", " of " + Messages.q(node.id())));
        }
    }

    /** FLOW103: two workflows of one graph with the same id. */
    static void duplicateWorkflows(FlowGraph graph, Report out) {
        duplicates(graph.all(), Workflow::id, Workflow::source, out, Code.DUPLICATE_DEFINITION, definition("workflow", ""));
    }

    private static Function<String, String> definition(String kind, String owner) {
        return name -> "duplicate " + kind + " " + Messages.q(name) + owner + "; another " + kind
                + " already has this name, so rename or remove one";
    }

    /** FLOW104: a node other than the implicit ones named {@code start} or {@code end}. */
    static void reservedNames(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            if (misusesReservedName(node)) {
                out.add(Code.RESERVED_NAME, node.source(), "node id " + Messages.q(node.id()) + " is reserved for the implicit "
                        + node.id() + " node; rename this " + node.kind().keyword());
            }
        }
    }

    /**
     * FLOW107: node ids that could step out of the folder their files go to, or hide in a file name
     * ({@link dev.flow.model.NodeIds}): from YAML, a compiled graph, or a quoted name in the language.
     */
    static void unsafeIds(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            dev.flow.model.NodeIds.problem(node.id()).ifPresent(why -> out.add(Code.UNSAFE_ID, node.source(), "node id " + Messages.q(node.id())
                    + " " + why + "; node ids name the folders of their files: use letters, digits, \"_\", \"-\" and single dots"));
        }
    }

    private static boolean misusesReservedName(Node node) {
        return (Node.START_ID.equals(node.id()) && node.kind() != NodeKind.START)
                || (Node.END_ID.equals(node.id()) && node.kind() != NodeKind.END);
    }

    /**
     * FLOW105: a task that runs nothing, a branch that decides nothing, a gate node that names no
     * gate, a task, gate or agent whose command names no program. A task with only a role
     * (dialect 1's {@code role: reviewer}) is complete: the agent configured for the role plays it
     * ({@code RoleAgents}).
     */
    static void missingFields(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            node.spec().accept(new MissingFields(node, out));
        }
        for (GateDef gate : w.workflow().gates()) {
            emptyCommand(gate.command(), () -> "gate " + Messages.q(gate.name()), gate.source(), out);
        }
        for (AgentDef agent : w.workflow().agents()) {
            emptyCommand(agent.command(), () -> "agent " + Messages.q(agent.name()), agent.source(), out);
        }
    }

    /** What a node of each kind cannot do without: a task something to run, a branch its condition, a gate node its gate, any node a kind Flow knows. */
    private static final class MissingFields implements NodeSpec.Visitor<Void> {
        private final Node node;
        private final Report out;

        MissingFields(Node node, Report out) {
            this.node = node;
            this.out = out;
        }

        @Override
        public Void task(NodeSpec.Task task) {
            if (task.call().agent() == null && task.command() == null && task.call().role() == null) {
                out.add(Code.MISSING_FIELD, node.source(), "task " + Messages.q(node.id())
                        + " has no agent, role or command; add \"agent NAME\" with a prompt, or a command such as run [\"make\"]");
            }
            if (task.command() != null) {
                emptyCommand(task.command(), () -> "task " + Messages.q(node.id()), node.source(), out);
            }
            return null;
        }

        @Override
        public Void gate(NodeSpec.Gate gate) {
            if (gate.gate().name().isEmpty()) {
                out.add(Code.MISSING_FIELD, node.source(), "gate " + Messages.q(node.id()) + " names no gate to run; add \"uses GATE\"");
            }
            return null;
        }

        @Override
        public Void branch(NodeSpec.Branch branch) {
            if (branch.condition() == null) {
                out.add(Code.MISSING_FIELD, node.source(), "branch " + Messages.q(node.id()) + " has no condition; add \"if CONDITION\"");
            }
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
            out.add(Code.MISSING_FIELD, node.source(), "node " + Messages.q(node.id()) + " has "
                    + (unknown.type() == null ? "no type" : "the type " + Messages.q(unknown.type()) + ", which Flow does not know")
                    + "; give it one of the kinds Flow runs: task, gate, branch, parallel, merge, subgraph, human or checkpoint");
            return null;
        }
    }

    /** A command that names no program ({@code run []}, {@code sh ""}) would fail every time it runs. */
    /** {@code owner} is only written out for a diagnostic: this runs for every task of a workflow on every edit. */
    private static void emptyCommand(Command command, Supplier<String> owner, SourceRef fallback, Report out) {
        boolean empty = command instanceof Command.Argv argv ? argv.args().isEmpty() || argv.args().get(0).isBlank()
                : command instanceof Command.Shell shell && shell.line().isBlank();
        if (empty) {
            out.add(Code.MISSING_FIELD, Report.at(command.source(), fallback), "the command of " + owner.get()
                    + " is empty: it names no program; give the program and its arguments, such as run [\"make\", \"test\"]");
        }
    }

    /** FLOW106: a task with both an agent and a command. */
    static void conflictingFields(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Task task && task.call().agent() != null && task.command() != null) {
                out.add(Diagnostic.of(Code.CONFLICTING_FIELDS, "task " + Messages.q(node.id()) + " has both an agent ("
                        + Messages.q(task.call().agent().name()) + ") and a command; keep the agent to send it the prompt, or the command to run it",
                        Report.at(task.command().source(), node.source()))
                        .withRelated(List.of(new Diagnostic.Related(Report.at(task.call().agent().source(), node.source()), "the agent"))));
            }
        }
    }

    /** Reports every item whose name an earlier item has, pointing back at that first one. */
    private static <T> void duplicates(List<T> items, Function<T, String> name, Function<T, SourceRef> at, Report out, Code code,
            Function<String, String> message) {
        Map<String, T> first = new HashMap<>();
        for (T item : items) {
            T seen = first.putIfAbsent(name.apply(item), item);
            if (seen != null) {
                out.add(Diagnostic.of(code, message.apply(name.apply(item)), at.apply(item))
                        .withRelated(List.of(new Diagnostic.Related(at.apply(seen), "the first " + Messages.q(name.apply(seen))))));
            }
        }
    }
}
