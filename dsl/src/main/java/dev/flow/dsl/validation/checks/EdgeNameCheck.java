package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import java.util.function.Consumer;
import dev.flow.dsl.scoping.SyntaxTree;

/** FLOW006: {@code e1: a -> b -> c} names two edges with one name; only single steps take a name. */
final class EdgeNameCheck implements LanguageCheck {

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        // Edge statements are members of workflows: no need to walk every expression of the file.
        var statements = SyntaxTree.topLevel(file, dev.flow.dsl.flow.Workflow.class).stream()
                .flatMap(w -> SyntaxTree.edgeStatements(w).stream()).toList();
        for (EdgeStatement statement : statements) {
            if (statement.getName() != null && statement.getSteps().size() > 1) {
                report.accept(Diagnostic.of(Code.EDGE_NAME_ON_CHAIN,
                        "the name \"" + statement.getName() + "\" would belong to " + statement.getSteps().size()
                                + " edges: name a single step (" + statement.getName() + ": a -> b) or remove the name",
                        positions.of(statement, FlowPackage.Literals.EDGE_STATEMENT__NAME)));
            }
        }
    }
}
