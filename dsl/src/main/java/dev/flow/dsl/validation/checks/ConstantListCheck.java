package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.ListLiteral;
import dev.flow.dsl.flow.BoolLiteral;
import dev.flow.dsl.flow.FloatLiteral;
import dev.flow.dsl.flow.IntLiteral;
import dev.flow.dsl.flow.NegExpr;
import dev.flow.dsl.flow.NullLiteral;
import dev.flow.dsl.flow.StringLiteral;
import dev.flow.dsl.scoping.Containment;
import java.util.function.Consumer;

/** FLOW007: a list in an expression holds a name or an operation; lists in conditions are constants. */
final class ConstantListCheck implements LanguageCheck {

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        for (ListLiteral list : Containment.all(file, ListLiteral.class)) {
            for (var item : list.getItems()) {
                if (!isConstant(item)) {
                    report.accept(Diagnostic.of(Code.NON_CONSTANT_LIST,
                            "a list in a condition may hold only constants (strings, numbers, true, false, null, lists):"
                                    + " compare with each value separately instead",
                            positions.of(item)));
                }
            }
        }
    }

    private static boolean isConstant(dev.flow.dsl.flow.Expr e) {
        return e instanceof StringLiteral || e instanceof IntLiteral || e instanceof FloatLiteral || e instanceof BoolLiteral
                || e instanceof NullLiteral || e instanceof ListLiteral
                || (e instanceof NegExpr n && (n.getOperand() instanceof IntLiteral || n.getOperand() instanceof FloatLiteral));
    }
}
