package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Supervisor;
import dev.flow.dsl.scoping.SyntaxTree;
import java.util.function.Consumer;

/**
 * FLOW008: a supervisor declares no {@code outputs}: its outputs are its participants' names, its
 * ask node's and {@code finish}, which its decisions choose between.
 */
final class SupervisorOutputsCheck implements LanguageCheck {

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        for (Node node : SyntaxTree.nodes(file)) {
            if (!(node instanceof Supervisor s)) {
                continue;
            }
            if (s.getOutputs().isEmpty()) {
                continue;
            }
            var first = s.getOutputs().get(0);
            var last = s.getOutputs().get(s.getOutputs().size() - 1);
            report.accept(Diagnostic.of(Code.MISPLACED_PROPERTY, "a supervisor's outputs are its participants, its ask node and \"finish\"; "
                    + DuplicatePropertyCheck.describe(s) + " cannot declare others: remove \"outputs\"", positions.span(first, last)));
        }
    }
}
