package dev.flow.dsl.ide.contentassist;

import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.RefExpr;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;

/**
 * Completion beyond the grammar's keywords and names in scope: a snippet for each kind of node, and
 * after {@code node.} in a condition the fields of that node's result with their types.
 */
public class FlowProposalProvider extends IdeContentProposalProvider {

    @Override
    protected void _createProposals(Keyword keyword, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        if (isFieldPosition(context)) {
            // 'output', 'state', ... are field names here, offered with their types below
            return;
        }
        super._createProposals(keyword, context, acceptor);
        var snippet = NodeSnippets.BY_KEYWORD.get(keyword.getValue());
        if (snippet != null && declaresNode(keyword)) {
            var entry = new ContentAssistEntry();
            entry.setPrefix(context.getPrefix());
            entry.setProposal(snippet.body());
            entry.setLabel(keyword.getValue() + " …");
            entry.setDescription(snippet.description());
            entry.setKind(ContentAssistEntry.KIND_SNIPPET);
            if (getProposalCreator().isValidProposal(keyword.getValue(), context.getPrefix(), context)) {
                acceptor.accept(entry, getProposalPriorities().getKeywordPriority(keyword.getValue(), entry) + 1);
            }
        }
    }

    @Override
    protected void _createProposals(Assignment assignment, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        if (assignment.getFeature().equals(FlowPackage.Literals.REF_EXPR__FIELDS.getName())) {
            proposeFields(context, acceptor);
            return;
        }
        if (assignment.getTerminal() instanceof org.eclipse.xtext.RuleCall call && call.getRule() instanceof org.eclipse.xtext.TerminalRule) {
            // Xtext would offer the feature's name ("value") as a placeholder: noise in Flow.
            return;
        }
        super._createProposals(assignment, context, acceptor);
    }

    @Override
    protected com.google.common.base.Predicate<IEObjectDescription> getCrossrefFilter(CrossReference reference, ContentAssistContext context) {
        // The same thing is in scope under its simple name; a qualified duplicate is noise.
        return candidate -> candidate.getName().getSegmentCount() == 1;
    }

    private void proposeFields(ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        Node node = referencedNode(context.getCurrentModel());
        if (node == null) {
            node = referencedNode(context.getPreviousModel());
        }
        if (node == null) {
            return;
        }
        String owner = node.getName();
        ResultFieldTable.of(node).forEach((field, type) -> {
            ContentAssistEntry entry = getProposalCreator().createProposal(field, context, e -> {
                e.setKind(ContentAssistEntry.KIND_FIELD);
                e.setDescription(type.toString());
                e.setDocumentation("`" + owner + "." + field + "`: " + type + ", a field of " + owner + "'s result");
            });
            if (entry != null) {
                acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry));
            }
        });
    }

    private static Node referencedNode(EObject model) {
        if (model instanceof RefExpr ref && ref.eIsSet(FlowPackage.Literals.REF_EXPR__TARGET)
                && ref.getTarget() instanceof Node node && !node.eIsProxy()) {
            return node;
        }
        return null;
    }

    private static boolean isFieldPosition(ContentAssistContext context) {
        return context.getFirstSetGrammarElements().stream().anyMatch(e -> e instanceof Assignment a
                && a.getFeature().equals(FlowPackage.Literals.REF_EXPR__FIELDS.getName()))
                && (referencedNode(context.getCurrentModel()) != null || referencedNode(context.getPreviousModel()) != null)
                && context.getLastCompleteNode() != null && ".".equals(context.getLastCompleteNode().getText());
    }

    /** Whether this keyword starts a node declaration (and not, say, {@code gate} in {@code gates}). */
    private static boolean declaresNode(Keyword keyword) {
        EObject rule = keyword;
        while (rule != null && !(rule instanceof org.eclipse.xtext.AbstractRule)) {
            rule = rule.eContainer();
        }
        return rule instanceof org.eclipse.xtext.ParserRule parser
                && java.util.Set.of("Task", "GateNode", "Branch", "Parallel", "Merge", "Subgraph", "Human", "Checkpoint")
                        .contains(parser.getName());
    }
}
