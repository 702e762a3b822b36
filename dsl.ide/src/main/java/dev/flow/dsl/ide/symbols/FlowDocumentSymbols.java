package dev.flow.dsl.ide.symbols;

import com.google.inject.Inject;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.ide.syntax.SyntaxAccess;
import dev.flow.dsl.flow.Member;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.StateBlock;
import dev.flow.dsl.flow.TopElement;
import dev.flow.dsl.flow.Workflow;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * The outline of a file: each workflow with its members grouped by kind ("tasks", "gates",
 * "state", ...), each node with its declared outputs; gates and agents of a library at the top.
 */
public class FlowDocumentSymbols extends HierarchicalDocumentSymbolService {

    @Inject
    private DocumentSymbolMapper.DocumentSymbolRangeProvider ranges;

    @Inject
    private DocumentSymbolMapper.DocumentSymbolKindProvider kinds;

    @Override
    public List<DocumentSymbol> getSymbols(XtextResource resource, CancelIndicator cancelIndicator) {
        var roots = new ArrayList<DocumentSymbol>();
        if (resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof FlowFile file)) {
            return roots;
        }
        for (TopElement element : file.getElements()) {
            if (element instanceof Workflow workflow) {
                symbol(workflow, workflow.getName(), workflow.getTitle()).ifPresent(s -> {
                    s.setChildren(groups(workflow));
                    roots.add(s);
                });
            } else {
                symbol(element, SyntaxAccess.name(element), SyntaxAccess.labelOrDescription(element)).ifPresent(roots::add);
            }
        }
        return roots;
    }

    private List<DocumentSymbol> groups(Workflow workflow) {
        Map<SymbolGroup, List<DocumentSymbol>> byGroup = new EnumMap<>(SymbolGroup.class);
        for (Member member : workflow.getMembers()) {
            List<EObject> named = member instanceof StateBlock state ? new ArrayList<>(state.getVariables()) : List.of(member);
            for (EObject each : named) {
                SymbolGroup.of(each).ifPresent(group -> symbol(each, SyntaxAccess.name(each), SyntaxAccess.labelOrDescription(each)).ifPresent(s -> {
                    if (each instanceof Node node) {
                        s.setChildren(outputs(node));
                    }
                    byGroup.computeIfAbsent(group, g -> new ArrayList<>()).add(s);
                }));
            }
        }
        var groups = new ArrayList<DocumentSymbol>();
        byGroup.forEach((group, members) -> {
            var heading = new DocumentSymbol(group.title, SymbolKind.Namespace, span(members), members.get(0).getSelectionRange());
            heading.setDetail(members.size() == 1 ? "1 item" : members.size() + " items");
            heading.setChildren(members);
            groups.add(heading);
        });
        return groups;
    }

    private List<DocumentSymbol> outputs(Node node) {
        var outputs = new ArrayList<DocumentSymbol>();
        for (Output o : SyntaxAccess.outputs(node)) {
            symbol(o, o.getName(), o.getDescription()).ifPresent(outputs::add);
        }
        return outputs;
    }

    private Optional<DocumentSymbol> symbol(EObject object, String name, String detail) {
        Range range = ranges.getRange(object);
        Range selection = ranges.getSelectionRange(object);
        if (name == null || name.isBlank() || range == null || selection == null) {
            return Optional.empty();
        }
        var symbol = new DocumentSymbol(name, kinds.getSymbolKind(object), range, selection);
        symbol.setDetail(detail == null ? "" : detail);
        symbol.setChildren(new ArrayList<>());
        return Optional.of(symbol);
    }

    /** The smallest range holding all these symbols, which may be spread through the workflow. */
    private static Range span(List<DocumentSymbol> members) {
        Position start = members.get(0).getRange().getStart();
        Position end = members.get(0).getRange().getEnd();
        for (DocumentSymbol s : members) {
            if (before(s.getRange().getStart(), start)) {
                start = s.getRange().getStart();
            }
            if (before(end, s.getRange().getEnd())) {
                end = s.getRange().getEnd();
            }
        }
        return new Range(start, end);
    }

    private static boolean before(Position a, Position b) {
        return a.getLine() < b.getLine() || (a.getLine() == b.getLine() && a.getCharacter() < b.getCharacter());
    }
}
