package dev.flow.dsl.ide.contentassist;

import com.google.inject.Inject;
import com.google.inject.Provider;
import dev.flow.dsl.compiler.FlowCompiler;
import dev.flow.dsl.flow.EdgeStep;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.NodeEnd;
import dev.flow.dsl.flow.OutputHandler;
import dev.flow.dsl.ide.registry.RegistryGates;
import dev.flow.dsl.scoping.SyntaxTree;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.EcoreUtil2;
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
 * Completion beyond the grammar's keywords and names in scope: a snippet for each kind of node; in a
 * condition the outputs of the node being left and of the nodes upstream of it ({@code
 * analyze.blocked}); after {@code node.} the fields of that node's result with their types. Types
 * and fields come from the checker's {@link dev.flow.check.TypeResolver} ({@link ConditionNames}).
 */
public class FlowProposalProvider extends IdeContentProposalProvider {

    @Inject
    private Provider<FlowCompiler> compilers;

    @Inject
    private RegistryGates registryGates;

    @Inject
    private org.eclipse.xtext.scoping.IScopeProvider scopes;

    @Override
    public void createProposals(Collection<ContentAssistContext> contexts, IIdeContentProposalAcceptor acceptor) {
        // Once per request (the same position may come with several contexts), and first, so that
        // the condition's own names are not crowded out of the list by keywords.
        // The first context that knows the condition's place in the edge or handler is used: with a
        // prefix typed, the parser also offers the whole edge statement, which does not.
        contexts.stream().filter(FlowProposalProvider::expectsAName)
                .anyMatch(context -> proposeConditionNames(context, acceptor));
        if (contexts.stream().noneMatch(FlowProposalProvider::expectsAnOutput)) {
            boolean failureOffered = contexts.stream().anyMatch(context -> offersKeyword(context, "failure"));
            contexts.stream().filter(FlowProposalProvider::afterOn).findFirst()
                    .ifPresent(context -> proposeOwnOutputs(context, !failureOffered, acceptor));
        }
        super.createProposals(contexts, acceptor);
    }

    /**
     * After {@code on} in a node ({@code retry 2 on |}, {@code on |}): its outputs. The parser cannot
     * always tell there whether a retry's outputs, a handler or {@code on failure escalate} follows,
     * and then offers none of them; the node's declared outputs are what an author types most.
     * {@code failure} too, unless the parser offers that keyword itself.
     */
    private void proposeOwnOutputs(ContentAssistContext context, boolean failure, IIdeContentProposalAcceptor acceptor) {
        Node node = EcoreUtil2.getContainerOfType(context.getCurrentModel(), Node.class);
        if (node == null) {
            return;
        }
        for (var output : node.getOutputs()) {
            if (output.getName() != null) {
                accept(output.getName(), "output of " + node.getName(), null, ContentAssistEntry.KIND_VALUE, 0, context, acceptor);
            }
        }
        if (failure) {
            accept("failure", "on failure escalate ...", null, ContentAssistEntry.KIND_KEYWORD, 0, context, acceptor);
        }
    }

    private static boolean offersKeyword(ContentAssistContext context, String keyword) {
        return context.getFirstSetGrammarElements().stream().anyMatch(e -> e instanceof Keyword k && keyword.equals(k.getValue()));
    }

    private static boolean afterOn(ContentAssistContext context) {
        var last = context.getLastCompleteNode();
        return last != null && "on".equals(last.getText()) && context.getPrefix().isEmpty();
    }

    private static boolean expectsAnOutput(ContentAssistContext context) {
        return context.getFirstSetGrammarElements().stream().anyMatch(e -> e instanceof CrossReference c
                && GrammarUtil.getReference(c) != null && GrammarUtil.getReference(c).getEReferenceType() == FlowPackage.Literals.OUTPUT);
    }

    @Override
    protected void _createProposals(Keyword keyword, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        if (isFieldPosition(context)) {
            // 'output', 'state', ... are field names here, offered with their types below
            return;
        }
        if (!isWord(keyword.getValue()) || isMisplacedEdgeEnd(keyword, context) || isMisplacedAfterOn(keyword, context)) {
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
        if (assignment.getFeature().equals(FlowPackage.Literals.KV_INPUT__KEY.getName())) {
            proposeKvKeys(context, acceptor);
            return;
        }
        if (assignment.getTerminal() instanceof org.eclipse.xtext.RuleCall call && call.getRule() instanceof org.eclipse.xtext.TerminalRule) {
            // Xtext would offer the feature's name ("value") as a placeholder: noise in Flow.
            return;
        }
        super._createProposals(assignment, context, acceptor);
    }

    @Override
    protected void _createProposals(CrossReference reference, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        super._createProposals(reference, context, acceptor);
        var type = GrammarUtil.getReference(reference);
        if (type != null && type.getEReferenceType() == FlowPackage.Literals.GATE_DEF) {
            proposeRegistryGates(type, context, acceptor);
        }
    }

    /** The gates of imported registries that no gate written in Flow takes the place of. */
    private void proposeRegistryGates(org.eclipse.emf.ecore.EReference reference, ContentAssistContext context,
            IIdeContentProposalAcceptor acceptor) {
        EObject model = context.getCurrentModel();
        var scope = scopes.getScope(model, reference);
        registryGates.visibleFrom(model).forEach((name, registered) -> {
            if (scope.getSingleElement(org.eclipse.xtext.naming.QualifiedName.create(name)) == null) {
                var gate = registered.gate();
                String documentation = gate.description() == null ? "" : gate.description();
                accept(name, gate.command() == null ? "gate" : gate.command().display(),
                        documentation + (documentation.isEmpty() ? "" : "\n\n") + "registered in " + registered.registry().lastSegment(),
                        ContentAssistEntry.KIND_FUNCTION, 0, context, acceptor);
            }
        });
    }

    @Override
    protected com.google.common.base.Predicate<IEObjectDescription> getCrossrefFilter(CrossReference reference, ContentAssistContext context) {
        // The same thing is in scope under its simple name; a qualified duplicate is noise.
        return candidate -> candidate.getName().getSegmentCount() == 1;
    }

    /** In a task's {@code inputs}, after {@code node[}: the keys Flow writes for every node that does work. */
    private void proposeKvKeys(ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        for (String key : dev.flow.model.KvRef.WRITTEN_BY_FLOW) {
            accept(dev.flow.model.Literals.quote(key), "written by Flow", "`" + key + "`: one of the keys Flow writes in a node's scope when it"
                    + " finishes (out.summary, out.last_stdout_path, out.last_result_path, err.summary)", ContentAssistEntry.KIND_VALUE, 0,
                    context, acceptor);
        }
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
        var names = ConditionNames.around(node, compilers.get());
        names.map(n -> n.fieldsOf(owner)).orElse(Map.of()).forEach((field, type) -> accept(field, type.toString(),
                "`" + owner + "." + field + "`: " + type + ", a field of " + owner + "'s result", ContentAssistEntry.KIND_FIELD, 0,
                context, acceptor));
    }

    /**
     * In a condition: the outputs of the node being left, then those of the nodes upstream of it.
     * Returns whether the context placed the condition (whether there was anything to look at).
     */
    private boolean proposeConditionNames(ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        EObject model = context.getCurrentModel();
        EdgeStep step = EcoreUtil2.getContainerOfType(model, EdgeStep.class);
        Node after = null;
        boolean bareOutputs = false;
        if (step != null && SyntaxTree.sourceOf(step) instanceof NodeEnd end && end.getNode() != null && !end.getNode().eIsProxy()) {
            after = end.getNode();
            // Inside a started condition the scope already offers them; before it, it does not.
            bareOutputs = model == step;
        } else if (EcoreUtil2.getContainerOfType(model, OutputHandler.class) != null) {
            after = EcoreUtil2.getContainerOfType(model, Node.class);
        }
        if (after == null || after.getName() == null) {
            return false;
        }
        var names = ConditionNames.around(after, compilers.get());
        if (names.isEmpty()) {
            return true;
        }
        String source = after.getName();
        if (bareOutputs) {
            for (String output : names.get().outputsOf(source)) {
                accept(output, "output of " + source, "holds when `" + source + "` produced `" + output + "`",
                        ContentAssistEntry.KIND_ENUM, 1, context, acceptor);
            }
        }
        names.get().upstreamOutputs(source).forEach((path, type) -> accept(path, type.toString(),
                "`" + path + "`: " + type, ContentAssistEntry.KIND_FIELD, 0, context, acceptor));
        return true;
    }

    private void accept(String proposal, String detail, String documentation, String kind, int boost, ContentAssistContext context,
            IIdeContentProposalAcceptor acceptor) {
        ContentAssistEntry entry = getProposalCreator().createProposal(proposal, context, e -> {
            e.setKind(kind);
            e.setDescription(detail);
            e.setDocumentation(documentation);
        });
        if (entry != null) {
            acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry) + boost);
        }
    }

    /** The grammar's expression rules: a first-set element in one of them means an expression may start here. */
    private static final Set<String> EXPRESSION_RULES = Set.of("Expr", "Or", "And", "Not", "Comparison", "Additive",
            "Multiplicative", "Unary", "Primary");

    /**
     * Whether the context is where an expression (and so a name of a condition) may start: a name
     * may come next, not only an operator after one ({@code when d|} is also read as {@code d} done,
     * followed by {@code ==} or {@code &&}), nor a field after a dot.
     */
    private static boolean expectsAName(ContentAssistContext context) {
        return !isFieldPosition(context) && context.getFirstSetGrammarElements().stream().anyMatch(e -> {
            if (isReferenceInAnExpression(e instanceof CrossReference ? e.eContainer() : e)) {
                return true;
            }
            return e instanceof Assignment a && a.getTerminal() instanceof RuleCall call && call.getRule() != null
                    && EXPRESSION_RULES.contains(call.getRule().getName());
        });
    }

    /** The name a condition reads ({@code RefExpr.target}), not the target of an edge. */
    private static boolean isReferenceInAnExpression(EObject element) {
        var rule = GrammarUtil.containingRule(element);
        return element instanceof Assignment a && a.getFeature().equals(FlowPackage.Literals.REF_EXPR__TARGET.getName())
                && rule != null && EXPRESSION_RULES.contains(rule.getName());
    }

    /** Keywords worth a completion item are words; punctuation ({@code .}, {@code ->}, {@code }}) is typed, not chosen. */
    private static boolean isWord(String keyword) {
        return keyword.chars().anyMatch(Character::isLetter);
    }

    /**
     * {@code start} where an edge goes to (after {@code ->}, {@code then}, {@code else}) or
     * {@code end} where one comes from: no edge enters start or leaves end.
     */
    private static boolean isMisplacedEdgeEnd(Keyword keyword, ContentAssistContext context) {
        var rule = GrammarUtil.containingRule(keyword);
        if (rule == null || !"EdgeEnd".equals(rule.getName())) {
            return false;
        }
        var last = context.getLastCompleteNode();
        boolean target = last != null && Set.of("->", "then", "else").contains(last.getText());
        return target ? "start".equals(keyword.getValue()) : "end".equals(keyword.getValue());
    }

    /** The keywords the grammar has right after {@code on}: {@code continue on failure}, {@code on failure escalate}, {@code a -> b on limit}. */
    private static final Set<String> AFTER_ON = Set.of("failure", "limit");

    /**
     * Any other keyword right after {@code on}, where a name, {@code failure} or {@code limit} comes:
     * after {@code retry 2 on} the parser also offers every property of the node, as if there were
     * no {@code on}.
     */
    private static boolean isMisplacedAfterOn(Keyword keyword, ContentAssistContext context) {
        var last = context.getLastCompleteNode();
        return last != null && "on".equals(last.getText()) && !AFTER_ON.contains(keyword.getValue());
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
                && Set.of("Task", "Supervisor", "GateNode", "Branch", "Parallel", "Merge", "Subgraph", "Human", "Checkpoint")
                        .contains(parser.getName());
    }
}
