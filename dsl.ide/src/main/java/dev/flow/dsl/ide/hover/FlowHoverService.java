package dev.flow.dsl.ide.hover;

import com.google.inject.Inject;
import dev.flow.dsl.docs.KeywordDocs;
import dev.flow.dsl.ide.registry.RegistryGates;
import java.util.ArrayList;
import java.util.stream.Collectors;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.DocumentExtensions;
import org.eclipse.xtext.ide.server.hover.HoverService;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Hovers: the documentation of the keyword under the cursor ({@link KeywordDocs}, the text
 * docs/language.md shows too), else that of the node, gate, agent, input, state variable or output named there
 * ({@link FlowDocumentation}).
 */
public class FlowHoverService extends HoverService {

    @Inject
    private DocumentExtensions documents;

    @Inject
    private RegistryGates registryGates;

    @Override
    public Hover hover(Document document, XtextResource resource, HoverParams params, CancelIndicator cancelIndicator) {
        if (resource.getParseResult() != null) {
            int offset = document.getOffSet(params.getPosition());
            ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(resource.getParseResult().getRootNode(), offset);
            if (leaf != null && leaf.getGrammarElement() instanceof Keyword keyword && !usedAsName(leaf)) {
                var text = KeywordDocs.of(keyword.getValue());
                if (text.isPresent()) {
                    return new Hover(new MarkupContent(MarkupKind.MARKDOWN, "**" + keyword.getValue() + "**\n\n" + text.get()),
                            documents.newRange(resource, leaf.getTextRegion()));
                }
            }
            var registered = registryGates.referencedAt(resource, offset);
            if (registered.isPresent()) {
                var reference = registered.get();
                return new Hover(new MarkupContent(MarkupKind.MARKDOWN, markdown(reference.target())),
                        documents.newRange(resource, new org.eclipse.xtext.util.TextRegion(reference.offset(), reference.length())));
            }
        }
        return super.hover(document, resource, params, cancelIndicator);
    }

    /** A registered gate as the hover of a gate written in Flow shows it: what it is, runs and where it is defined. */
    private static String markdown(RegistryGates.RegistryGate registered) {
        var gate = registered.gate();
        var parts = new ArrayList<String>();
        parts.add("**registered gate** `" + gate.name() + "`");
        if (gate.description() != null && !gate.description().isBlank()) {
            parts.add(gate.description());
        }
        if (gate.command() != null) {
            parts.add("runs `" + gate.command().display() + "`");
        }
        var facts = new ArrayList<String>();
        if (gate.timeout() != null) {
            facts.add("timeout " + dev.flow.dsl.conversion.Durations.format(gate.timeout()));
        }
        if (gate.severity() == dev.flow.model.Severity.WARNING) {
            facts.add("severity warning: a failure does not fail the run");
        }
        if (!gate.dependsOn().isEmpty()) {
            facts.add("depends on " + gate.dependsOn().stream().map(r -> "`" + r.name() + "`").collect(Collectors.joining(", ")));
        }
        if (!facts.isEmpty()) {
            parts.add(String.join("; ", facts));
        }
        parts.add("defined in " + registered.registry().lastSegment() + ":" + gate.source().line());
        return String.join("\n\n", parts);
    }

    /**
     * Words like {@code fail}, {@code timeout} or {@code rounds} are keywords that may also name an
     * output or a variable: where they declare it (a call of {@code ValidID} or {@code FieldName})
     * and where they refer to it (a cross-reference, which is written as a {@code ValidID}).
     */
    private static boolean usedAsName(ILeafNode leaf) {
        EObject parent = leaf.getParent() == null ? null : leaf.getParent().getGrammarElement();
        return parent instanceof CrossReference
                || parent instanceof RuleCall call && call.getRule() != null
                        && (call.getRule().getName().equals("ValidID") || call.getRule().getName().equals("FieldName"));
    }
}
