package dev.flow.yaml.condition;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.NameRef;
import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Parses a condition string into Flow's expression tree. Nothing is ever evaluated: the text is
 * read by this grammar, and whatever falls outside it is a {@code FLOW403} error at its exact
 * position.
 *
 * <pre>
 * or         = and { ("||" | "or") and }
 * and        = comparison { ("&amp;&amp;" | "and") comparison }
 * comparison = additive [ op additive ]       op: == != &lt; &lt;= &gt; &gt;= in, not in, contains, starts with, ends with
 * additive   = multiplicative { ("+" | "-") multiplicative }
 * multiplicative = unary { ("*" | "/") unary }
 * unary      = "!" unary | "-" unary | primary
 * primary    = "(" or ")" | number | 'text' | "text" | true | false | null
 *            | "[" [ item { "," item } ] "]" | ("any" | "all") "(" name { "," name } ")" | name { "." name }
 * </pre>
 *
 * So {@code !} binds tighter than comparisons, which bind tighter than {@code &&}, which binds
 * tighter than {@code ||}; comparisons do not chain. List items are constants, and a bare name in a
 * list is a text ({@code [P0, P1]} is {@code ["P0", "P1"]}). Names are returned as written (a
 * {@link Expr.Ref} with the dotted path); what they mean is the caller's business. Expressions may
 * nest at most {@link #MAX_DEPTH} levels, so that no input can exhaust the stack of this parser or
 * of anything that walks the tree afterwards, and be at most {@link #MAX_LENGTH} characters long.
 */
public final class ConditionParser {
    /** The deepest expression tree accepted. */
    public static final int MAX_DEPTH = 200;
    /** The longest condition accepted, in characters. */
    public static final int MAX_LENGTH = 10_000;

    private static final String OPERAND = "a name, a number, a quoted text, \"(\" or \"!\"";

    private final String text;
    private final PositionMap positions;
    private final List<Token> tokens;
    private int index;
    private int nesting;

    /** The expression, or the error that stopped the parse. */
    public record Result(Optional<Expr> expr, Optional<Diagnostic> error) {
        public boolean ok() {
            return expr.isPresent();
        }
    }

    private ConditionParser(String text, PositionMap positions) {
        this.text = text;
        this.positions = positions;
        this.tokens = ConditionLexer.tokens(text);
    }

    /** Parses {@code text}; {@code positions} places each character of it in the file. */
    public static Result parse(String text, PositionMap positions) {
        if (text.length() > MAX_LENGTH) {
            return new Result(Optional.empty(), Optional.of(Diagnostic.of(Code.MALFORMED_CONDITION, String.format(
                    "malformed condition: it is %,d characters long, and a condition has at most %,d; split it", text.length(), MAX_LENGTH),
                    positions.range(0, 0))));
        }
        var parser = new ConditionParser(text, positions);
        try {
            return new Result(Optional.of(parser.condition()), Optional.empty());
        } catch (SyntaxError e) {
            return new Result(Optional.empty(), Optional.of(Diagnostic.of(Code.MALFORMED_CONDITION,
                    "malformed condition: " + e.getMessage(), positions.range(e.start, e.end))));
        }
    }

    private static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        final int start;
        final int end;

        SyntaxError(String message, int start, int end) {
            super(message, null, false, false);
            this.start = start;
            this.end = end;
        }
    }

    /** An expression with the depth of its tree. */
    private record Parsed(Expr expr, int depth, int start, int end) {}

    private Expr condition() throws SyntaxError {
        if (text.isBlank()) {
            throw new SyntaxError("the condition is empty; write an expression such as \"done\" or \"state.score >= 8\"", 0, text.length());
        }
        Parsed e = or();
        Token rest = peek();
        if (rest.kind() != Token.Kind.END) {
            throw unexpectedAfterOperand(rest);
        }
        return e.expr();
    }

    private Parsed or() throws SyntaxError {
        Parsed left = and();
        while (peek().isSymbol("||") || peek().isWord("or")) {
            advance();
            left = binary(BinaryOp.OR, left, and());
        }
        return left;
    }

    private Parsed and() throws SyntaxError {
        Parsed left = comparison();
        while (peek().isSymbol("&&") || peek().isWord("and")) {
            advance();
            left = binary(BinaryOp.AND, left, comparison());
        }
        return left;
    }

    private Parsed comparison() throws SyntaxError {
        Parsed left = additive();
        Token at = peek();
        BinaryOp op = comparisonOperator();
        if (op == null) {
            return left;
        }
        Parsed result = binary(op, left, additive());
        if (comparisonAhead()) {
            Token again = peek();
            throw new SyntaxError("comparisons do not chain: \"" + at.text() + "\" is followed by \"" + again.text()
                    + "\"; write \"a < b && b < c\", or add parentheses", again.start(), again.end());
        }
        return result;
    }

    /** Consumes a comparison operator, if one comes next. */
    private BinaryOp comparisonOperator() throws SyntaxError {
        Token t = peek();
        if (t.kind() == Token.Kind.SYMBOL) {
            BinaryOp op = switch (t.text()) {
                case "==" -> BinaryOp.EQ;
                case "!=" -> BinaryOp.NE;
                case "<" -> BinaryOp.LT;
                case "<=" -> BinaryOp.LE;
                case ">" -> BinaryOp.GT;
                case ">=" -> BinaryOp.GE;
                default -> null;
            };
            if (op != null) {
                advance();
            }
            return op;
        }
        if (t.kind() != Token.Kind.NAME) {
            return null;
        }
        switch (t.text()) {
            case "in" -> {
                advance();
                return BinaryOp.IN;
            }
            case "contains" -> {
                advance();
                return BinaryOp.CONTAINS;
            }
            case "not" -> {
                advance();
                expectWord("in", "\"not\" is followed by \"in\", as in x not in [a, b]; negate with \"!\"");
                return BinaryOp.NOT_IN;
            }
            case "starts" -> {
                advance();
                expectWord("with", "\"starts\" is followed by \"with\", as in x starts with \"a\"");
                return BinaryOp.STARTS_WITH;
            }
            case "ends" -> {
                advance();
                expectWord("with", "\"ends\" is followed by \"with\", as in x ends with \"a\"");
                return BinaryOp.ENDS_WITH;
            }
            default -> {
                return null;
            }
        }
    }

    private boolean comparisonAhead() {
        Token t = peek();
        if (t.kind() == Token.Kind.SYMBOL) {
            return List.of("==", "!=", "<", "<=", ">", ">=").contains(t.text());
        }
        return t.kind() == Token.Kind.NAME && List.of("in", "contains", "not", "starts", "ends").contains(t.text());
    }

    private Parsed additive() throws SyntaxError {
        Parsed left = multiplicative();
        while (peek().isSymbol("+") || peek().isSymbol("-")) {
            BinaryOp op = advance().text().equals("+") ? BinaryOp.ADD : BinaryOp.SUB;
            left = binary(op, left, multiplicative());
        }
        return left;
    }

    private Parsed multiplicative() throws SyntaxError {
        Parsed left = unary();
        while (peek().isSymbol("*") || peek().isSymbol("/")) {
            BinaryOp op = advance().text().equals("*") ? BinaryOp.MUL : BinaryOp.DIV;
            left = binary(op, left, unary());
        }
        return left;
    }

    private Parsed unary() throws SyntaxError {
        Token t = peek();
        if (t.isSymbol("!") || t.isSymbol("-")) {
            advance();
            enter(t);
            Parsed operand = unary();
            nesting--;
            var op = t.isSymbol("!") ? Expr.UnaryOp.NOT : Expr.UnaryOp.NEGATE;
            return deeper(new Expr.Unary(op, operand.expr(), range(t.start(), operand.end())), operand.depth(), t.start(), operand.end());
        }
        return primary();
    }

    private Parsed primary() throws SyntaxError {
        Token t = advance();
        switch (t.kind()) {
            case INT -> {
                try {
                    return literal(Value.of(Long.parseLong(t.text())), t.start(), t.end());
                } catch (NumberFormatException e) {
                    throw new SyntaxError("the number " + t.text() + " is too large", t.start(), t.end());
                }
            }
            case FLOAT -> {
                return literal(Value.of(Double.parseDouble(t.text())), t.start(), t.end());
            }
            case STRING -> {
                return literal(Value.of(t.text()), t.start(), t.end());
            }
            case SYMBOL -> {
                if (t.isSymbol("(")) {
                    return parenthesized(t);
                }
                if (t.isSymbol("[")) {
                    return list(t);
                }
                throw expectedOperand(t);
            }
            case NAME -> {
                return name(t);
            }
            case ERROR -> throw new SyntaxError(t.text(), t.start(), t.end());
            default -> throw expectedOperand(t);
        }
    }

    private Parsed parenthesized(Token open) throws SyntaxError {
        enter(open);
        Parsed inner = or();
        Token close = advance();
        if (!close.isSymbol(")")) {
            throw close.kind() == Token.Kind.ERROR
                    ? new SyntaxError(close.text(), close.start(), close.end())
                    : new SyntaxError("expected \")\" to close the \"(\" at column " + (open.start() + 1) + ", found " + close.shown(),
                            close.start(), close.end());
        }
        nesting--;
        return new Parsed(inner.expr(), inner.depth(), open.start(), close.end());
    }

    private Parsed name(Token first) throws SyntaxError {
        switch (first.text()) {
            case "true", "false" -> {
                return literal(Value.of(first.text().equals("true")), first.start(), first.end());
            }
            case "null" -> {
                return literal(Value.Null.INSTANCE, first.start(), first.end());
            }
            default -> {}
        }
        if (peek().isSymbol("(")) {
            if (first.text().equals("any") || first.text().equals("all")) {
                return outputTest(first);
            }
            Token paren = peek();
            throw new SyntaxError("\"" + first.text() + "(\" calls a function, and conditions call none: only any(...) and all(...) test outputs",
                    first.start(), paren.end());
        }
        var path = new StringBuilder(first.text());
        int end = first.end();
        while (peek().isSymbol(".")) {
            advance();
            Token segment = advance();
            if (segment.kind() != Token.Kind.NAME) {
                throw segment.kind() == Token.Kind.ERROR
                        ? new SyntaxError(segment.text(), segment.start(), segment.end())
                        : new SyntaxError("expected a name after \".\", found " + segment.shown(), segment.start(), segment.end());
            }
            path.append('.').append(segment.text());
            end = segment.end();
        }
        return new Parsed(new Expr.Ref(path.toString(), range(first.start(), end)), 1, first.start(), end);
    }

    private Parsed outputTest(Token quantifier) throws SyntaxError {
        advance();
        var names = new ArrayList<NameRef>();
        while (true) {
            Token t = advance();
            if ((t.kind() == Token.Kind.NAME || t.kind() == Token.Kind.STRING) && !t.text().isEmpty()) {
                names.add(new NameRef(t.text(), range(t.start(), t.end())));
            } else if (t.kind() == Token.Kind.ERROR) {
                throw new SyntaxError(t.text(), t.start(), t.end());
            } else {
                throw new SyntaxError(quantifier.text() + "(...) takes output names, such as " + quantifier.text()
                        + "(P0, P1); found " + t.shown(), t.start(), t.end());
            }
            Token next = advance();
            if (next.isSymbol(")")) {
                var q = quantifier.text().equals("any") ? Expr.Quantifier.ANY : Expr.Quantifier.ALL;
                return new Parsed(new Expr.OutputTest(q, names, range(quantifier.start(), next.end())), 1, quantifier.start(), next.end());
            }
            if (!next.isSymbol(",")) {
                throw next.kind() == Token.Kind.ERROR
                        ? new SyntaxError(next.text(), next.start(), next.end())
                        : new SyntaxError("expected \",\" or \")\" in " + quantifier.text() + "(...), found " + next.shown(), next.start(), next.end());
            }
        }
    }

    private Parsed list(Token open) throws SyntaxError {
        var items = new ArrayList<Value>();
        if (peek().isSymbol("]")) {
            Token close = advance();
            return literal(new Value.ListOf(items), open.start(), close.end());
        }
        while (true) {
            items.add(listItem());
            Token next = advance();
            if (next.isSymbol("]")) {
                return literal(new Value.ListOf(items), open.start(), next.end());
            }
            if (!next.isSymbol(",")) {
                throw next.kind() == Token.Kind.ERROR
                        ? new SyntaxError(next.text(), next.start(), next.end())
                        : new SyntaxError("expected \",\" or \"]\" in the list that starts at column " + (open.start() + 1) + ", found " + next.shown(),
                                next.start(), next.end());
            }
        }
    }

    private Value listItem() throws SyntaxError {
        Token t = advance();
        boolean negative = false;
        if (t.isSymbol("-")) {
            negative = true;
            t = advance();
        }
        switch (t.kind()) {
            case INT -> {
                try {
                    long v = Long.parseLong(t.text());
                    return Value.of(negative ? -v : v);
                } catch (NumberFormatException e) {
                    throw new SyntaxError("the number " + t.text() + " is too large", t.start(), t.end());
                }
            }
            case FLOAT -> {
                double v = Double.parseDouble(t.text());
                return Value.of(negative ? -v : v);
            }
            case STRING, NAME -> {
                if (!negative) {
                    return switch (t.text()) {
                        case "true" -> t.kind() == Token.Kind.NAME ? Value.of(true) : Value.of(t.text());
                        case "false" -> t.kind() == Token.Kind.NAME ? Value.of(false) : Value.of(t.text());
                        default -> Value.of(t.text());
                    };
                }
                throw new SyntaxError("a list holds constants: numbers, quoted texts, names, true or false; found " + t.shown(), t.start(), t.end());
            }
            case ERROR -> throw new SyntaxError(t.text(), t.start(), t.end());
            default -> throw new SyntaxError("a list holds constants: numbers, quoted texts, names, true or false; found " + t.shown(), t.start(), t.end());
        }
    }

    private Parsed binary(BinaryOp op, Parsed left, Parsed right) throws SyntaxError {
        var expr = new Expr.Binary(op, left.expr(), right.expr(), range(left.start(), right.end()));
        return deeper(expr, Math.max(left.depth(), right.depth()), left.start(), right.end());
    }

    private Parsed deeper(Expr expr, int childDepth, int start, int end) throws SyntaxError {
        if (childDepth + 1 > MAX_DEPTH) {
            throw new SyntaxError("the condition nests deeper than " + MAX_DEPTH + " levels; split it or simplify it", start, end);
        }
        return new Parsed(expr, childDepth + 1, start, end);
    }

    private Parsed literal(Value value, int start, int end) {
        return new Parsed(new Expr.Literal(value, range(start, end)), 1, start, end);
    }

    private void enter(Token at) throws SyntaxError {
        if (++nesting > MAX_DEPTH) {
            throw new SyntaxError("the condition nests deeper than " + MAX_DEPTH + " levels; split it or simplify it", at.start(), at.end());
        }
    }

    private void expectWord(String word, String message) throws SyntaxError {
        Token t = advance();
        if (!t.isWord(word)) {
            throw new SyntaxError(message + "; found " + t.shown(), t.start(), t.end());
        }
    }

    private SyntaxError expectedOperand(Token t) {
        if (t.kind() == Token.Kind.ERROR) {
            return new SyntaxError(t.text(), t.start(), t.end());
        }
        if (t.kind() == Token.Kind.END) {
            Token before = tokens.size() >= 2 ? tokens.get(tokens.size() - 2) : null;
            String after = before == null ? "" : " after \"" + before.text() + "\"";
            return new SyntaxError("the condition ends" + after + "; expected " + OPERAND, t.start(), t.end());
        }
        return new SyntaxError("expected " + OPERAND + ", found " + t.shown(), t.start(), t.end());
    }

    private SyntaxError unexpectedAfterOperand(Token t) {
        if (t.kind() == Token.Kind.ERROR) {
            return new SyntaxError(t.text(), t.start(), t.end());
        }
        if (t.isSymbol("(")) {
            return new SyntaxError("\"(\" cannot follow a value: conditions call no functions; only any(...) and all(...) test outputs", t.start(), t.end());
        }
        if (t.isSymbol(")")) {
            return new SyntaxError("this \")\" closes no \"(\"", t.start(), t.end());
        }
        return new SyntaxError("expected an operator such as &&, || or == before " + t.shown(), t.start(), t.end());
    }

    private SourceRef range(int start, int end) {
        return positions.range(start, end);
    }

    private Token peek() {
        return tokens.get(index);
    }

    private Token advance() {
        Token t = tokens.get(index);
        if (index < tokens.size() - 1) {
            index++;
        }
        return t;
    }
}
