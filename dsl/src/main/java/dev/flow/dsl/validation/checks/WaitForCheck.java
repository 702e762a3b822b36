package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.scoping.SyntaxTree;
import java.util.function.Consumer;
import org.eclipse.xtext.nodemodel.INode;

/** FLOW008: {@code wait all of a, b} names the nodes a merge joins; other kinds wait for all or any incoming edge. */
final class WaitForCheck implements LanguageCheck {

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        for (Node node : SyntaxTree.nodes(file)) {
            if (node instanceof Merge || !node.eIsSet(FlowPackage.Literals.NODE__WAIT_FOR)) {
                continue; // nothing misplaced, and no walk of the node's text (eIsSet creates no list)
            }
            var written = positions.nodes(node, FlowPackage.Literals.NODE__WAIT_FOR);
            if (!written.isEmpty()) {
                INode first = written.get(0);
                INode last = written.get(written.size() - 1);
                report.accept(Diagnostic.of(Code.MISPLACED_PROPERTY,
                        "only a merge names the nodes it waits for; " + DuplicatePropertyCheck.describe(node)
                                + " waits for its incoming edges: write \"wait all\" or \"wait any\" without \"of\"",
                        positions.range(node.eResource(), first.getOffset(), last.getOffset() + last.getLength())));
            }
        }
    }
}
