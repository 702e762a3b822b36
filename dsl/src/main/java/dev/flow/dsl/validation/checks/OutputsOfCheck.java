package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.NearestNames;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.OutputsType;
import dev.flow.dsl.scoping.Containment;
import dev.flow.dsl.scoping.SyntaxTree;
import java.util.function.Consumer;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * FLOW201 for the one reference the graph model cannot carry: {@code outputs of x} becomes the
 * enum of x's outputs, so an unknown x would leave no trace for the checker to find.
 */
final class OutputsOfCheck implements LanguageCheck {

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        for (OutputsType type : Containment.all(file, OutputsType.class)) {
            var node = type.getNode();
            if (node != null && !node.eIsProxy()) {
                continue;
            }
            var written = NodeModelUtils.findNodesForFeature(type, FlowPackage.Literals.OUTPUTS_TYPE__NODE);
            if (written.isEmpty()) {
                continue;
            }
            String name = dev.flow.dsl.conversion.Names.unescape(NodeModelUtils.getTokenText(written.get(0)));
            var known = SyntaxTree.nodes(SyntaxTree.workflowOf(type)).stream().map(Node::getName).toList();
            var suggestions = NearestNames.of(name, known);
            String hint = suggestions.isEmpty() ? "" : "; did you mean \"" + suggestions.get(0) + "\"?";
            report.accept(Diagnostic.of(Code.UNKNOWN_NODE, "\"outputs of " + name + "\" names no node of this workflow" + hint,
                    positions.of(type, written.get(0))).withSuggestions(suggestions));
        }
    }
}
