package dev.flow.dsl.ide.contentassist;

import dev.flow.check.TypeResolver;
import dev.flow.dsl.compiler.FlowCompiler;
import dev.flow.dsl.naming.SourceNames;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.scoping.SyntaxTree;
import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.Type;
import dev.flow.model.Workflow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.emf.ecore.EObject;

/**
 * What a condition may read, with types, as the checker sees it: the workflow around the cursor is
 * compiled to the graph model and read through {@link TypeResolver}, so that completion offers
 * exactly the paths the checker accepts (a gate's {@code passed}, a task's {@code summary}, the
 * outputs a node has by default).
 */
final class ConditionNames {
    /** How many upstream nodes lend their outputs to a completion list, nearest first. */
    static final int MAX_UPSTREAM = 25;

    private final Workflow workflow;
    private final TypeResolver types;

    private ConditionNames(Workflow workflow) {
        this.workflow = workflow;
        this.types = TypeResolver.of(workflow);
    }

    /** The compiled workflow around {@code context}; empty while the text is too broken to compile. */
    static Optional<ConditionNames> around(EObject context, FlowCompiler compiler) {
        var syntax = SyntaxTree.workflowOf(context);
        FlowFile file = SyntaxTree.fileOf(context);
        if (syntax == null || file == null || syntax.getName() == null) {
            return Optional.empty();
        }
        try {
            return compiler.compile(file, Optional.of(syntax.getName()), SourceNames.byUri()).graph()
                    .map(graph -> new ConditionNames(graph.main()));
        } catch (RuntimeException e) {
            // Half-typed text the compiler does not expect: complete from the syntax tree alone.
            return Optional.empty();
        }
    }

    /** The fields of a node's result, with their types. */
    Map<String, Type> fieldsOf(String node) {
        return types.node(node).map(TypeResolver::fieldsOf).orElse(Map.of());
    }

    /** The outputs a node has (declared, else its kind's). */
    List<String> outputsOf(String node) {
        return types.node(node).map(Node::effectiveOutputs).orElse(List.of());
    }

    /** The type of {@code NODE.output}. */
    Type outputType(String node) {
        return Type.enumOf(outputsOf(node));
    }

    /**
     * The nodes that can have run before {@code node} is left: itself, then its predecessors
     * breadth first (nearest first), at most {@link #MAX_UPSTREAM}; start and end left out.
     */
    List<String> upstreamOf(String node) {
        Map<String, List<String>> predecessors = new HashMap<>();
        for (Edge e : workflow.edges()) {
            predecessors.computeIfAbsent(e.to().name(), k -> new ArrayList<>()).add(e.from().name());
        }
        var seen = new LinkedHashSet<String>();
        var queue = new ArrayDeque<String>(List.of(node));
        while (!queue.isEmpty() && seen.size() < MAX_UPSTREAM) {
            String next = queue.poll();
            if (types.node(next).isPresent() && !next.equals(Node.START_ID) && !next.equals(Node.END_ID) && seen.add(next)) {
                queue.addAll(predecessors.getOrDefault(next, List.of()));
            }
        }
        return new ArrayList<>(seen);
    }

    /** {@code NODE.output} and {@code NODE.OUTPUT} for each upstream node, with their types. */
    Map<String, Type> upstreamOutputs(String node) {
        var paths = new LinkedHashMap<String, Type>();
        for (String upstream : upstreamOf(node)) {
            paths.put(upstream + ".output", outputType(upstream));
            for (String output : outputsOf(upstream)) {
                paths.putIfAbsent(upstream + "." + output, Type.BOOL);
            }
        }
        return paths;
    }
}
