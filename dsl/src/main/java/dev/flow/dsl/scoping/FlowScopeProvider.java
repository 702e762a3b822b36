package dev.flow.dsl.scoping;

import com.google.inject.Inject;
import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.EdgeEnd;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.EdgeStep;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Human;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.NodeEnd;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.OutputHandler;
import dev.flow.dsl.flow.OutputTestExpr;
import dev.flow.dsl.flow.RefExpr;
import dev.flow.dsl.flow.Subgraph;
import dev.flow.dsl.flow.Workflow;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.StateVar;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.Scopes;
import org.eclipse.xtext.scoping.impl.MapBasedScope;
import org.eclipse.xtext.util.IResourceScopeCache;
import org.eclipse.xtext.util.Tuples;

/**
 * What each name in a Flow file can refer to. Scopes chain from inner to outer, so an inner
 * declaration shadows an outer one of the same name:
 * <ul>
 *   <li>nodes, state variables and inputs: the enclosing workflow's;
 *   <li>gates and agents: the workflow's, then the file's top level, then imported files and the
 *       built-in library;
 *   <li>workflows (a subgraph's {@code runs}): the file's, then imported files';
 *   <li>outputs: in {@code on X}, {@code default X} and {@code retry N on X}, the node's own; in an edge condition, the
 *       outputs of the node the edge leaves (for a merge, also those of the nodes it joins);
 *   <li>a name in an expression: {@code state.x} a state variable, {@code input.x} an input; a
 *       dotted name {@code a.b} a node first, then a state variable or an input; a bare name an
 *       output of the edge's source (edge conditions only), then a state variable, an input, a node.
 *       In a subgraph's {@code returns} mapping, names are those of the called workflow.
 * </ul>
 * A name that resolves to nothing is left for the compiler, which carries it into the graph as
 * written, and for the checker, which reports it.
 */
public class FlowScopeProvider extends AbstractFlowScopeProvider {

    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    @Inject
    private IGlobalScopeProvider globalScopes;

    @Inject
    private IResourceScopeCache cache;

    @Override
    public IScope getScope(EObject context, EReference reference) {
        EClass type = reference.getEReferenceType();
        if (type == FLOW.getNode()) {
            return local(SyntaxTree.workflowOf(context), Node.class, IScope.NULLSCOPE);
        } else if (type == FLOW.getStateVar()) {
            return local(SyntaxTree.workflowOf(context), StateVar.class, IScope.NULLSCOPE);
        } else if (type == FLOW.getGateDef()) {
            return definitions(context, reference, GateDef.class);
        } else if (type == FLOW.getAgentDef()) {
            return definitions(context, reference, AgentDef.class);
        } else if (type == FLOW.getWorkflow()) {
            return topLevel(context, Workflow.class, global(context, reference));
        } else if (type == FLOW.getOutput()) {
            return MapBasedScope.createScope(IScope.NULLSCOPE, Scopes.scopedElementsFor(outputsFor(context)));
        } else if (type == FLOW.getReferable()) {
            return expressionScope(context);
        }
        return super.getScope(context, reference);
    }

    /** The workflow's own definitions, then the file's top-level ones, then imported and built-in ones. */
    private IScope definitions(EObject context, EReference reference, Class<?> kind) {
        return local(SyntaxTree.workflowOf(context), kind, topLevel(context, kind, global(context, reference)));
    }

    private IScope global(EObject context, EReference reference) {
        return globalScopes.getScope(context.eResource(), reference, null);
    }

    // Declarations are indexed once per workflow and resource state: a file with 40,000 nodes
    // links in seconds instead of hours.
    private IScope local(Workflow workflow, Class<?> kind, IScope parent) {
        if (workflow == null) {
            return parent;
        }
        Declarations declarations = cache.get(Tuples.pair(workflow, Declarations.class), workflow.eResource(),
                () -> Declarations.of(workflow));
        return declarations.scope(kind, parent);
    }

    private IScope topLevel(EObject context, Class<?> kind, IScope parent) {
        FlowFile file = SyntaxTree.fileOf(context);
        if (file == null) {
            return parent;
        }
        Declarations declarations = cache.get(Tuples.pair(file, Declarations.class), file.eResource(), () -> Declarations.of(file));
        return declarations.scope(kind, parent);
    }

    private static List<Output> outputsFor(EObject context) {
        if (context instanceof OutputHandler || context instanceof Human || context instanceof dev.flow.dsl.flow.Retry) {
            Node node = EcoreUtil2.getContainerOfType(context, Node.class);
            return node == null ? List.of() : node.getOutputs();
        }
        EdgeStep step = EcoreUtil2.getContainerOfType(context, EdgeStep.class);
        if (context instanceof OutputTestExpr && step != null && EcoreUtil2.isAncestor(step.getCondition(), context)) {
            return outputsTestedLeaving(SyntaxTree.sourceOf(step));
        }
        return List.of();
    }

    /**
     * The outputs a condition on an edge leaving {@code end} can test: the node's own, and for a
     * merge those of the nodes it joins (its {@code wait ... of} list, else its predecessors).
     */
    public static List<Output> outputsTestedLeaving(EdgeEnd end) {
        if (!(end instanceof NodeEnd nodeEnd) || nodeEnd.getNode() == null || nodeEnd.getNode().eIsProxy()) {
            return List.of();
        }
        Node node = nodeEnd.getNode();
        var outputs = new ArrayList<>(node.getOutputs());
        if (node instanceof Merge) {
            for (Node joined : joinedBy(node)) {
                outputs.addAll(joined.getOutputs());
            }
        }
        return outputs;
    }

    private static List<Node> joinedBy(Node merge) {
        var joined = new LinkedHashSet<Node>();
        for (Node n : merge.getWaitFor()) {
            if (!n.eIsProxy()) {
                joined.add(n);
            }
        }
        if (joined.isEmpty()) {
            for (EdgeStatement statement : SyntaxTree.edgeStatements(SyntaxTree.workflowOf(merge))) {
                EdgeEnd from = statement.getSource();
                for (EdgeStep step : statement.getSteps()) {
                    if (step.getTarget() instanceof NodeEnd to && to.getNode() == merge
                            && from instanceof NodeEnd f && f.getNode() != null && !f.getNode().eIsProxy() && f.getNode() != merge) {
                        joined.add(f.getNode());
                    }
                    from = step.getTarget();
                }
            }
        }
        return new ArrayList<>(joined);
    }

    private IScope expressionScope(EObject context) {
        Workflow workflow = environmentOf(context);
        if (context instanceof RefExpr ref && ref.getQualifier() != null) {
            return local(workflow, "state".equals(ref.getQualifier()) ? StateVar.class : Input.class, IScope.NULLSCOPE);
        }
        if (context instanceof RefExpr ref && !ref.getFields().isEmpty()) {
            return local(workflow, Node.class, local(workflow, StateVar.class, local(workflow, Input.class, IScope.NULLSCOPE)));
        }
        IScope variables = local(workflow, StateVar.class, local(workflow, Input.class, local(workflow, Node.class, IScope.NULLSCOPE)));
        EdgeStep step = EcoreUtil2.getContainerOfType(context, EdgeStep.class);
        if (step != null && step.getCondition() != null && EcoreUtil2.isAncestor(step.getCondition(), context)) {
            return MapBasedScope.createScope(variables, Scopes.scopedElementsFor(outputsTestedLeaving(SyntaxTree.sourceOf(step))));
        }
        return variables;
    }

    /**
     * The workflow whose names an expression uses: the enclosing one, except in a subgraph's
     * {@code returns} mapping, which reads the called workflow's state and nodes.
     */
    public static Workflow environmentOf(EObject context) {
        Subgraph subgraph = EcoreUtil2.getContainerOfType(context, Subgraph.class);
        if (subgraph != null) {
            for (var result : subgraph.getResults()) {
                if (EcoreUtil2.isAncestor(result, context)) {
                    Workflow called = subgraph.getWorkflow();
                    return called == null || called.eIsProxy() ? null : called;
                }
            }
        }
        return SyntaxTree.workflowOf(context);
    }
}
