package dev.flow.dsl.scoping;

import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.EdgeEnd;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.EdgeStep;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.StateBlock;
import dev.flow.dsl.flow.StateVar;
import dev.flow.dsl.flow.Workflow;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;

/** Finding things in a file's syntax tree: the declarations of a workflow and of a file. */
public final class SyntaxTree {
    private SyntaxTree() {}

    /** The workflow that contains {@code element}, or null at the top level of a file. */
    public static Workflow workflowOf(EObject element) {
        return EcoreUtil2.getContainerOfType(element, Workflow.class);
    }

    public static FlowFile fileOf(EObject element) {
        return EcoreUtil2.getContainerOfType(element, FlowFile.class);
    }

    public static List<Node> nodes(Workflow workflow) {
        return members(workflow, Node.class);
    }

    /** The nodes of every workflow of a file: nodes are only ever members of a workflow, so no walk of the whole tree. */
    public static List<Node> nodes(FlowFile file) {
        var out = new ArrayList<Node>();
        for (Workflow w : topLevel(file, Workflow.class)) {
            out.addAll(nodes(w));
        }
        return out;
    }

    public static List<Input> inputs(Workflow workflow) {
        return members(workflow, Input.class);
    }

    public static List<GateDef> gates(Workflow workflow) {
        return members(workflow, GateDef.class);
    }

    public static List<AgentDef> agents(Workflow workflow) {
        return members(workflow, AgentDef.class);
    }

    public static List<EdgeStatement> edgeStatements(Workflow workflow) {
        return members(workflow, EdgeStatement.class);
    }

    public static List<StateVar> stateVariables(Workflow workflow) {
        var out = new ArrayList<StateVar>();
        for (StateBlock block : members(workflow, StateBlock.class)) {
            out.addAll(block.getVariables());
        }
        return out;
    }

    public static <T> List<T> members(Workflow workflow, Class<T> type) {
        return workflow == null ? List.of() : ofType(workflow.getMembers(), type);
    }

    public static <T> List<T> topLevel(FlowFile file, Class<T> type) {
        return file == null ? List.of() : ofType(file.getElements(), type);
    }

    private static <T> List<T> ofType(List<?> elements, Class<T> type) {
        var out = new ArrayList<T>();
        for (var element : elements) {
            if (type.isInstance(element)) {
                out.add(type.cast(element));
            }
        }
        return out;
    }

    /** The end an edge step leaves from: the statement's source for the first step, else the previous target. */
    public static EdgeEnd sourceOf(EdgeStep step) {
        var statement = (EdgeStatement) step.eContainer();
        int index = statement.getSteps().indexOf(step);
        return index <= 0 ? statement.getSource() : statement.getSteps().get(index - 1).getTarget();
    }
}
