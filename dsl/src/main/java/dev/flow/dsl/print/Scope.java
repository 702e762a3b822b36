package dev.flow.dsl.print;

import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.Workflow;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The names an expression's bare words would resolve to once printed and parsed again, mirroring
 * the language's scoping: in an edge condition the outputs of the edge's source, then state
 * variables, inputs and nodes. The printer writes a name bare only when it would come back as the
 * same thing, and qualifies it ({@code state.x}, {@code any(x)}) otherwise.
 */
final class Scope {

    final Set<String> state = new LinkedHashSet<>();
    final Set<String> inputs = new LinkedHashSet<>();
    final Set<String> nodes = new LinkedHashSet<>();
    /** Outputs declared by the edge's source (and, for a merge, by the nodes it joins): they resolve first. */
    final Set<String> declaredOutputs = new LinkedHashSet<>();
    /** What an unresolved bare word in the condition becomes an output test for. */
    final Set<String> testableOutputs = new LinkedHashSet<>();
    final boolean edgeCondition;

    private Scope(Workflow workflow, boolean edgeCondition) {
        this.edgeCondition = edgeCondition;
        if (workflow != null) {
            workflow.state().forEach(v -> state.add(v.name()));
            workflow.inputs().forEach(i -> inputs.add(i.name()));
            workflow.nodes().stream().filter(n -> n.kind() != NodeKind.START && n.kind() != NodeKind.END).forEach(n -> nodes.add(n.id()));
        }
    }

    /** Names in an expression that is not an edge condition. */
    static Scope of(Workflow workflow) {
        return new Scope(workflow, false);
    }

    /** Names in the condition of an edge leaving {@code from}. */
    static Scope leaving(Workflow workflow, String from) {
        var scope = new Scope(workflow, true);
        workflow.node(from).filter(n -> n.kind() != NodeKind.START && n.kind() != NodeKind.END).ifPresent(source -> {
            source.outputs().forEach(o -> scope.declaredOutputs.add(o.name()));
            if (source.spec() instanceof NodeSpec.Merge merge) {
                for (Node joined : joinedBy(workflow, source, merge)) {
                    joined.outputs().stream().map(OutputDecl::name).forEach(scope.declaredOutputs::add);
                }
            }
            scope.testableOutputs.addAll(source.effectiveOutputs());
            scope.testableOutputs.addAll(scope.declaredOutputs);
        });
        return scope;
    }

    /** The nodes a merge joins: its {@code wait ... of} list, else the sources of the edges entering it. */
    private static Set<Node> joinedBy(Workflow workflow, Node merge, NodeSpec.Merge spec) {
        var joined = new LinkedHashSet<Node>();
        spec.waitFor().forEach(ref -> workflow.node(ref.name()).ifPresent(joined::add));
        if (joined.isEmpty()) {
            for (var edge : workflow.edgesTo(merge.id())) {
                workflow.node(edge.from().name())
                        .filter(n -> n != merge && n.kind() != NodeKind.START && n.kind() != NodeKind.END)
                        .ifPresent(joined::add);
            }
        }
        return joined;
    }

    /** Whether a bare word resolves to something other than a state variable, input or node (an output). */
    boolean isOutputInScope(String name) {
        return edgeCondition && declaredOutputs.contains(name);
    }
}
