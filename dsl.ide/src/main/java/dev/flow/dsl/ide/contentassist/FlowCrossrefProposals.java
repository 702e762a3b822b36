package dev.flow.dsl.ide.contentassist;

import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.StateVar;
import dev.flow.dsl.ide.hover.FlowDocumentation;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IdeCrossrefProposalProvider;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.IEObjectDescription;

/**
 * Names in scope (nodes, gates, agents, inputs, state variables, outputs), each with a detail that
 * tells them apart: a gate's command, a variable's type, a node's kind and label.
 */
public class FlowCrossrefProposals extends IdeCrossrefProposalProvider {

    @Override
    protected ContentAssistEntry createProposal(IEObjectDescription candidate, CrossReference crossRef, ContentAssistContext context) {
        ContentAssistEntry entry = super.createProposal(candidate, crossRef, context);
        if (entry != null) {
            EObject target = candidate.getEObjectOrProxy();
            if (target.eIsProxy() && context.getResource() != null) {
                target = EcoreUtil.resolve(target, context.getResource());
            }
            if (!target.eIsProxy()) {
                entry.setDescription(detail(target));
                entry.setKind(kind(target));
            }
        }
        return entry;
    }

    /** One line that tells this candidate apart from others of the same name. */
    static String detail(EObject target) {
        if (target instanceof GateDef gate) {
            String command = FlowDocumentation.commandText(gate.getCommand());
            return command == null ? "gate" : command;
        }
        if (target instanceof AgentDef agent) {
            String command = FlowDocumentation.commandText(agent.getCommand());
            return command == null ? "agent" : "agent: " + command;
        }
        if (target instanceof Input input) {
            return "input: " + text(input.getType());
        }
        if (target instanceof StateVar variable) {
            return "state: " + text(variable.getType());
        }
        if (target instanceof Output output) {
            return output.eContainer() instanceof Node owner ? "output of " + owner.getName() : "output";
        }
        if (target instanceof Node node) {
            String kind = FlowDocumentation.kindOf(node);
            String label = dev.flow.dsl.ide.syntax.SyntaxAccess.string(node, "label");
            return label == null ? kind : kind + " \"" + label + "\"";
        }
        return target.eClass().getName();
    }

    private static String kind(EObject target) {
        if (target instanceof GateDef || target instanceof Node) {
            return ContentAssistEntry.KIND_FUNCTION;
        }
        if (target instanceof AgentDef) {
            return ContentAssistEntry.KIND_CLASS;
        }
        if (target instanceof Output) {
            return ContentAssistEntry.KIND_ENUM;
        }
        return ContentAssistEntry.KIND_VARIABLE;
    }

    private static String text(EObject object) {
        var node = object == null ? null : NodeModelUtils.findActualNodeFor(object);
        return node == null ? "?" : NodeModelUtils.getTokenText(node);
    }
}
