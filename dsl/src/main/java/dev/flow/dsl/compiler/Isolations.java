package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.GateNode;
import dev.flow.dsl.flow.Isolate;
import dev.flow.dsl.flow.IsolationMode;
import dev.flow.dsl.flow.Member;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Repository;
import dev.flow.dsl.flow.Task;
import dev.flow.dsl.flow.Workflow;
import dev.flow.model.Isolation;
import java.util.function.BiPredicate;
import java.util.function.Supplier;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Where tasks and gate nodes run, as the graph model will see it: a task's own {@code isolate},
 * else its workflow's {@code isolate} (the last one written counts); a gate node's own, else none.
 */
public final class Isolations {
    private Isolations() {}

    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    /** The node's isolation; reads the workflow's setting (all its members), so compilers pass it in instead. */
    public static Isolation of(Node node) {
        return of(node, () -> workflowDefault(workflowOf(node)), Isolations::written);
    }

    /**
     * The node's isolation, with its workflow's default (read only when the node sets none);
     * {@code written} tells whether the text sets a feature (the compiler answers from the positions it already read).
     */
    static Isolation of(Node node, Supplier<Isolation> workflowDefault, BiPredicate<EObject, EAttribute> written) {
        if (node instanceof Task t) {
            return written.test(t, FLOW.getTask_Isolation()) ? mode(t.getIsolation()) : workflowDefault.get();
        }
        if (node instanceof GateNode g && written.test(g, FLOW.getGateNode_Isolation())) {
            return mode(g.getIsolation());
        }
        return Isolation.NONE;
    }

    /** The workflow's {@code isolate} setting; none when it has none. */
    public static Isolation workflowDefault(Workflow w) {
        Isolation mode = Isolation.NONE;
        if (w != null) {
            for (Member m : w.getMembers()) {
                if (m instanceof Isolate i) {
                    mode = mode(i.getMode());
                }
            }
        }
        return mode;
    }

    /** The workflow's {@code repository} setting; null when it has none. */
    static String repository(Workflow w) {
        String path = null;
        for (Member m : w.getMembers()) {
            if (m instanceof Repository r) {
                path = r.getPath();
            }
        }
        return path;
    }

    private static Workflow workflowOf(EObject o) {
        return o.eContainer() instanceof Workflow w ? w : null;
    }

    /** An enum property's default value looks unset to EMF: whether it was written is in the text. */
    private static boolean written(EObject owner, EAttribute feature) {
        return !NodeModelUtils.findNodesForFeature(owner, feature).isEmpty();
    }

    private static Isolation mode(IsolationMode mode) {
        return mode == IsolationMode.NONE ? Isolation.NONE : Isolation.WORKTREE;
    }
}
