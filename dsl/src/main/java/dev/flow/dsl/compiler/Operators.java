package dev.flow.dsl.compiler;

import dev.flow.model.Expr.BinaryOp;

/** The model's operator for each way the language writes one. */
final class Operators {
    private Operators() {}

    static BinaryOp binary(String written) {
        // Multi-word operators reach us with or without the blank between their words.
        String op = written == null ? "" : written.replaceAll("\\s+", "");
        return switch (op) {
            case "||", "or" -> BinaryOp.OR;
            case "&&", "and" -> BinaryOp.AND;
            case "==" -> BinaryOp.EQ;
            case "!=" -> BinaryOp.NE;
            case "<" -> BinaryOp.LT;
            case "<=" -> BinaryOp.LE;
            case ">" -> BinaryOp.GT;
            case ">=" -> BinaryOp.GE;
            case "in" -> BinaryOp.IN;
            case "notin" -> BinaryOp.NOT_IN;
            case "contains" -> BinaryOp.CONTAINS;
            case "startswith" -> BinaryOp.STARTS_WITH;
            case "endswith" -> BinaryOp.ENDS_WITH;
            case "+" -> BinaryOp.ADD;
            case "-" -> BinaryOp.SUB;
            case "*" -> BinaryOp.MUL;
            case "/" -> BinaryOp.DIV;
            default -> throw new IllegalStateException("the grammar produced an unknown operator '" + written + "'");
        };
    }
}
