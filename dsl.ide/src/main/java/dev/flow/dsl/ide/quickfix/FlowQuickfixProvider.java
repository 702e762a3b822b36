package dev.flow.dsl.ide.quickfix;

import com.google.inject.Inject;
import com.google.inject.Provider;
import dev.flow.check.NameSuggester;
import dev.flow.dsl.compiler.Outputs;
import dev.flow.dsl.flow.FlowPackage;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.scoping.IScopeProvider;
import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.BranchTarget;
import dev.flow.dsl.flow.EdgeEnd;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.EdgeStep;
import dev.flow.dsl.scoping.SyntaxTree;
import dev.flow.dsl.flow.Member;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Workflow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.ide.editor.quickfix.AbstractDeclarativeIdeQuickfixProvider;
import org.eclipse.xtext.ide.editor.quickfix.DiagnosticResolution;
import org.eclipse.xtext.ide.editor.quickfix.DiagnosticResolutionAcceptor;
import org.eclipse.xtext.ide.editor.quickfix.QuickFix;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2.Options;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Quick fixes for the diagnostics authors meet most: take the name the checker suggests, declare a
 * gate or an output that is missing, and put a loop limit on the edge that closes an uncontrolled
 * cycle. Each fix is one text edit the author sees before applying it.
 */
public class FlowQuickfixProvider extends AbstractDeclarativeIdeQuickfixProvider {
    /** The limit a new loop edge gets; the author changes it to what the loop needs. */
    static final int DEFAULT_LOOP_LIMIT = 3;
    /** How many suggested names are offered as fixes. */
    static final int MAX_SUGGESTIONS = 3;

    @Inject
    private Provider<DiagnosticResolutionAcceptor> acceptors;

    @Inject
    private IScopeProvider scopes;

    @Inject
    private EObjectAtOffsetHelper offsets;

    /** Offers the names the checker suggests (FLOW201-207), nearest first, before the declared fixes. */
    @Override
    public List<DiagnosticResolution> getResolutions(Options options, Diagnostic diagnostic) {
        DiagnosticResolutionAcceptor acceptor = acceptors.get();
        suggestions(options, diagnostic).stream().limit(MAX_SUGGESTIONS).forEach(name -> acceptor.accept("Change to '" + name + "'",
                (Diagnostic d, EObject object, Document document) -> List.of(new TextEdit(d.getRange(), name))));
        var all = new ArrayList<>(acceptor.getDiagnosticResolutions(options, diagnostic));
        all.addAll(super.getResolutions(options, diagnostic));
        return all;
    }

    /**
     * The checker's suggestions; for an unknown gate without any (the checker sees only the gates a
     * workflow uses, not all those its libraries offer), the visible gates nearest to the name.
     */
    private List<String> suggestions(Options options, Diagnostic diagnostic) {
        List<String> names = Suggestions.of(diagnostic);
        if (!names.isEmpty() || !"FLOW202".equals(Suggestions.code(diagnostic))
                || !(options.getResource() instanceof org.eclipse.xtext.resource.XtextResource resource)) {
            return names;
        }
        String written = text(options.getDocument(), diagnostic.getRange());
        EObject at = offsets.resolveContainedElementAt(resource, options.getDocument().getOffSet(diagnostic.getRange().getStart()));
        if (at == null || written.isBlank()) {
            return names;
        }
        var visible = new ArrayList<String>();
        scopes.getScope(at, FlowPackage.Literals.GATE_NODE__GATE).getAllElements()
                .forEach(d -> visible.add(d.getName().getLastSegment()));
        return NameSuggester.suggest(written, visible);
    }

    @Override
    public boolean handlesDiagnostic(Diagnostic diagnostic) {
        return !Suggestions.of(diagnostic).isEmpty() || super.handlesDiagnostic(diagnostic);
    }

    @QuickFix("FLOW202")
    public void declareTheMissingGate(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Declare the missing gate", (Diagnostic diagnostic, EObject object, Document document) -> {
            String name = text(document, diagnostic.getRange());
            Member member = EcoreUtil2.getContainerOfType(object, Member.class);
            if (name.isBlank() || member == null) {
                return List.of();
            }
            ICompositeNode at = NodeModelUtils.findActualNodeFor(member);
            Position lineStart = new Position(document.getPosition(at.getOffset()).getLine(), 0);
            String indent = indentation(document, at.getOffset());
            String gate = indent + "gate " + name + " {\n"
                    + indent + "    description \"TODO: what " + name + " checks\"\n"
                    + indent + "    run [\"true\"]\n"
                    + indent + "}\n\n";
            return List.of(new TextEdit(new Range(lineStart, lineStart), gate));
        });
    }

    @QuickFix("FLOW306")
    public void addALoopLimit(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Add a loop limit (loop max " + DEFAULT_LOOP_LIMIT + ")", (Diagnostic diagnostic, EObject object, Document document) -> {
            EdgeEnd target = ClosingEdge.unlimitedTarget(object, document.getOffSet(diagnostic.getRange().getEnd()));
            if (target == null) {
                return List.of();
            }
            Position end = document.getPosition(NodeModelUtils.findActualNodeFor(target).getEndOffset());
            return List.of(new TextEdit(new Range(end, end), " loop max " + DEFAULT_LOOP_LIMIT));
        });
    }

    @QuickFix("FLOW206")
    public void declareTheMissingOutput(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Declare the missing output", (Diagnostic diagnostic, EObject object, Document document) -> {
            String name = text(document, diagnostic.getRange());
            Node owner = OutputOwner.find(object);
            if (name.isBlank() || owner == null) {
                return List.of();
            }
            return List.of(declareOutput(owner, name, document));
        });
    }

    private static TextEdit declareOutput(Node owner, String name, Document document) {
        var outputs = owner.getOutputs();
        if (!outputs.isEmpty()) {
            Position end = document.getPosition(NodeModelUtils.findActualNodeFor(outputs.get(outputs.size() - 1)).getEndOffset());
            return new TextEdit(new Range(end, end), ", " + name);
        }
        // Declaring outputs replaces the kind's defaults (a task's "done"), which may be in use: keep them.
        var names = new ArrayList<>(Outputs.effective(owner));
        names.add(name);
        String declaration = "outputs " + String.join(", ", names);
        ICompositeNode node = NodeModelUtils.findActualNodeFor(owner);
        String text = document.getContents().substring(node.getOffset(), node.getEndOffset());
        int brace = text.indexOf('{');
        if (brace >= 0) {
            String indent = indentation(document, node.getOffset());
            Position after = document.getPosition(node.getOffset() + brace + 1);
            return new TextEdit(new Range(after, after), "\n" + indent + "    " + declaration);
        }
        Position end = document.getPosition(node.getEndOffset());
        return new TextEdit(new Range(end, end), " { " + declaration + " }");
    }

    static String text(Document document, Range range) {
        int start = document.getOffSet(range.getStart());
        int end = document.getOffSet(range.getEnd());
        return start < 0 || end < start ? "" : document.getContents().substring(start, end);
    }

    static String indentation(Document document, int offset) {
        String contents = document.getContents();
        int lineStart = contents.lastIndexOf('\n', offset - 1) + 1;
        int i = lineStart;
        while (i < offset && (contents.charAt(i) == ' ' || contents.charAt(i) == '\t')) {
            i++;
        }
        return contents.substring(lineStart, i);
    }

    /**
     * The edge a loop limit belongs on: the checker reports a cycle on the edge that closes it, ending
     * at its target; that edge is a step of an edge statement or the {@code then} or {@code else} of
     * a branch.
     */
    static final class ClosingEdge {
        private ClosingEdge() {}

        /** The target of the edge without a loop limit that ends at {@code end}, or null when there is none. */
        static EdgeEnd unlimitedTarget(EObject object, int end) {
            Workflow workflow = EcoreUtil2.getContainerOfType(object, Workflow.class);
            if (workflow == null) {
                return null;
            }
            for (EdgeStatement statement : SyntaxTree.edgeStatements(workflow)) {
                for (EdgeStep step : statement.getSteps()) {
                    if (step.getLoop() == null && endsAt(step.getTarget(), end)) {
                        return step.getTarget();
                    }
                }
            }
            for (Branch branch : SyntaxTree.members(workflow, Branch.class)) {
                for (BranchTarget target : Arrays.asList(branch.getThen(), branch.getElse())) {
                    if (target != null && target.getLoop() == null && endsAt(target.getTarget(), end)) {
                        return target.getTarget();
                    }
                }
            }
            return null;
        }

        private static boolean endsAt(EdgeEnd target, int end) {
            ICompositeNode node = target == null ? null : NodeModelUtils.findActualNodeFor(target);
            return node != null && node.getEndOffset() == end;
        }
    }
}
