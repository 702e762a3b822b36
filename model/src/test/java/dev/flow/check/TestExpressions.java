package dev.flow.check;

import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.NameRef;
import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Parses the conditions and values of test workflows, written as in the language, into model
 * expressions whose every part points at its own text. Beyond the language: a bare name is an
 * output test ({@code when done} is {@code any(done)}), and a path in backquotes is taken as is,
 * so tests can hand the checker what a careless front end might ({@code `__import__('os')`}).
 */
final class TestExpressions {
    private final String text;
    private final SourceRef base;
    private int pos;
    /** Where the last token ended, so that ranges never take in the spaces after it. */
    private int end;

    private TestExpressions(String text, SourceRef base) {
        this.text = text;
        this.base = base;
    }

    /** Writes {@code text} to the source and parses it. */
    static Expr parse(String text, SourceText source) {
        SourceRef base = source.put(text);
        var parser = new TestExpressions(text, base);
        Expr expr = parser.or();
        parser.space();
        if (parser.pos != text.length()) {
            throw new IllegalArgumentException("cannot parse '" + text + "' from " + parser.pos);
        }
        return expr;
    }

    private SourceRef range(int from) {
        return SourceRef.of(base.file(), base.offset() + from, end - from, base.line(), base.column() + from);
    }

    private Expr or() {
        int from = start();
        Expr left = and();
        while (accept("||") || acceptWord("or")) {
            left = new Expr.Binary(BinaryOp.OR, left, and(), range(from));
        }
        return left;
    }

    private Expr and() {
        int from = start();
        Expr left = not();
        while (accept("&&") || acceptWord("and")) {
            left = new Expr.Binary(BinaryOp.AND, left, not(), range(from));
        }
        return left;
    }

    private Expr not() {
        int from = start();
        if (peek("!") && !peek("!=")) {
            pos++;
            end = pos;
            return new Expr.Unary(Expr.UnaryOp.NOT, not(), range(from));
        }
        return comparison();
    }

    private Expr comparison() {
        int from = start();
        Expr left = additive();
        BinaryOp op = comparisonOp();
        return op == null ? left : new Expr.Binary(op, left, additive(), range(from));
    }

    private BinaryOp comparisonOp() {
        space();
        for (BinaryOp op : new BinaryOp[] {BinaryOp.EQ, BinaryOp.NE, BinaryOp.LE, BinaryOp.GE, BinaryOp.LT, BinaryOp.GT}) {
            if (accept(op.symbol())) {
                return op;
            }
        }
        for (BinaryOp op : new BinaryOp[] {BinaryOp.NOT_IN, BinaryOp.IN, BinaryOp.CONTAINS, BinaryOp.STARTS_WITH, BinaryOp.ENDS_WITH}) {
            if (acceptWord(op.symbol())) {
                return op;
            }
        }
        return null;
    }

    private Expr additive() {
        return leftAssociative(this::multiplicative, BinaryOp.ADD, BinaryOp.SUB);
    }

    private Expr multiplicative() {
        return leftAssociative(this::unary, BinaryOp.MUL, BinaryOp.DIV);
    }

    /** {@code operand (op operand)*} for one level of arithmetic operators. */
    private Expr leftAssociative(Supplier<Expr> operand, BinaryOp... ops) {
        int from = start();
        Expr left = operand.get();
        while (true) {
            BinaryOp op = null;
            for (BinaryOp candidate : ops) {
                if (op == null && accept(candidate.symbol())) {
                    op = candidate;
                }
            }
            if (op == null) {
                return left;
            }
            left = new Expr.Binary(op, left, operand.get(), range(from));
        }
    }

    private Expr unary() {
        int from = start();
        if (accept("-")) {
            return new Expr.Unary(Expr.UnaryOp.NEGATE, unary(), range(from));
        }
        return primary();
    }

    private Expr primary() {
        int from = start();
        if (accept("(")) {
            Expr inner = or();
            expect(")");
            return inner;
        }
        if (accept("`")) {
            int close = text.indexOf('`', pos);
            String path = text.substring(pos, close);
            pos = close + 1;
            end = pos;
            return new Expr.Ref(path, range(from));
        }
        if (peek("[") || peek("\"") || Character.isDigit(text.charAt(pos))) {
            Value value = value();
            return new Expr.Literal(value, range(from));
        }
        String word = word();
        if (word.equals("true") || word.equals("false")) {
            return new Expr.Literal(Value.of(word.equals("true")), range(from));
        }
        if ((word.equals("any") || word.equals("all")) && peek("(")) {
            accept("(");
            var names = new ArrayList<NameRef>();
            do {
                int at = start();
                String name = word();
                names.add(new NameRef(name, range(at)));
            } while (accept(","));
            expect(")");
            return new Expr.OutputTest(word.equals("any") ? Expr.Quantifier.ANY : Expr.Quantifier.ALL, names, range(from));
        }
        while (text.startsWith(".", pos)) {
            pos++;
            word += "." + word();
        }
        if (!word.contains(".") && !word.equals("output")) {
            return new Expr.OutputTest(Expr.Quantifier.ANY, List.of(new NameRef(word, range(from))), range(from));
        }
        return new Expr.Ref(word, range(from));
    }

    private Value value() {
        space();
        if (accept("[")) {
            var items = new ArrayList<Value>();
            if (!accept("]")) {
                do {
                    items.add(value());
                } while (accept(","));
                expect("]");
            }
            return new Value.ListOf(items);
        }
        if (accept("\"")) {
            int close = text.indexOf('"', pos);
            String s = text.substring(pos, close);
            pos = close + 1;
            end = pos;
            return Value.of(s);
        }
        int from = pos;
        while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
            pos++;
        }
        end = pos;
        String number = text.substring(from, pos);
        return number.contains(".") ? Value.of(Double.parseDouble(number)) : Value.of(Long.parseLong(number));
    }

    private String word() {
        space();
        int from = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        if (from == pos) {
            throw new IllegalArgumentException("expected a name in '" + text + "' at " + pos);
        }
        end = pos;
        return text.substring(from, pos);
    }

    private int start() {
        space();
        return pos;
    }

    private void space() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }

    private boolean peek(String s) {
        space();
        return text.startsWith(s, pos);
    }

    private boolean accept(String s) {
        if (peek(s)) {
            pos += s.length();
            end = pos;
            return true;
        }
        return false;
    }

    private boolean acceptWord(String words) {
        space();
        int after = pos + words.length();
        if (text.startsWith(words, pos) && (after == text.length() || !Character.isLetterOrDigit(text.charAt(after)))) {
            pos = after;
            end = pos;
            return true;
        }
        return false;
    }

    private void expect(String s) {
        if (!accept(s)) {
            throw new IllegalArgumentException("expected '" + s + "' in '" + text + "' at " + pos);
        }
    }
}
