package dev.flow.model;

import java.util.List;
import java.util.Objects;

/**
 * A condition or value expression. Conditions are data, never code: the runtime evaluates this
 * tree, and nothing is ever handed to an interpreter. Front ends build it from the language's
 * expressions, from dialect 1's structured {@code {field, operator, value}} conditions and from
 * dialect 2's condition strings.
 *
 * <p>References ({@link Ref}) are dotted paths in canonical form; front ends translate their own
 * spellings into it (the language resolves bare names through its cross-references, dialect 1 scopes
 * its unqualified {@code field}s to the edge's source node, dialect 2 turns {@code outputs.n} into
 * {@code n.output}):
 * <ul>
 *   <li>{@code state.NAME}: a state variable;
 *   <li>{@code input.NAME}: an input of the workflow;
 *   <li>{@code NODE.FIELD}: a field of the latest result of node NODE ({@link ResultFields}); when
 *       FIELD is one of the node's declared outputs, a bool that holds when NODE produced it;
 *       further segments ({@code NODE.data.x}) read into fields of type {@code any};
 *   <li>{@code output}: the output name of the node being handled (in {@code on} handlers, data
 *       mappings, and conditions of the edges leaving it).
 * </ul>
 * Anything else is reported by the checker (unknown variable, node or field; unsafe field).
  */
public sealed interface Expr {

    SourceRef source();

    /** A constant. */
    record Literal(Value value, SourceRef source) implements Expr {
        public Literal {
            Objects.requireNonNull(value, "value");
            source = source == null ? SourceRef.NONE : source;
        }
    }

    /**
     * A dotted path such as {@code state.attempts}, {@code test.passed} or {@code issue}. The path
     * is kept as written (front ends that accept free text, like dialect 1's {@code field}, may hand
     * over anything; the checker refuses what is not a dotted identifier).
     */
    record Ref(String path, SourceRef source) implements Expr {
        public Ref {
            Objects.requireNonNull(path, "path");
            source = source == null ? SourceRef.NONE : source;
        }

        /** The path split at dots. */
        public List<String> segments() {
            return List.of(path.split("\\.", -1));
        }
    }

    /** {@code !x} or {@code -x}. */
    record Unary(UnaryOp op, Expr operand, SourceRef source) implements Expr {
        public Unary {
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(operand, "operand");
            source = source == null ? SourceRef.NONE : source;
        }
    }

    /** Logical, comparison, membership, text and arithmetic operators. */
    record Binary(BinaryOp op, Expr left, Expr right, SourceRef source) implements Expr {
        public Binary {
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
            source = source == null ? SourceRef.NONE : source;
        }
    }

    /**
     * A test on the output of the node an edge leaves (or, for a merge, of the nodes it joins):
     * {@code any(P0, P1)} holds when the output is one of the names; {@code all(a, b)} when every
     * name was produced. A bare output name in a condition, such as dialect 2's {@code "done"}, is
     * {@code any(done)}.
     */
    record OutputTest(Quantifier quantifier, List<NameRef> outputs, SourceRef source) implements Expr {
        public OutputTest {
            Objects.requireNonNull(quantifier, "quantifier");
            outputs = Models.list(outputs);
            source = source == null ? SourceRef.NONE : source;
        }
    }

    enum UnaryOp {
        NOT("!"),
        NEGATE("-");

        private final String symbol;

        UnaryOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    enum BinaryOp {
        OR("||", 1),
        AND("&&", 2),
        EQ("==", 3),
        NE("!=", 3),
        LT("<", 3),
        LE("<=", 3),
        GT(">", 3),
        GE(">=", 3),
        IN("in", 3),
        NOT_IN("not in", 3),
        CONTAINS("contains", 3),
        STARTS_WITH("starts with", 3),
        ENDS_WITH("ends with", 3),
        ADD("+", 4),
        SUB("-", 4),
        MUL("*", 5),
        DIV("/", 5);

        private final String symbol;
        private final int precedence;

        BinaryOp(String symbol, int precedence) {
            this.symbol = symbol;
            this.precedence = precedence;
        }

        /** The operator as written in the language. */
        public String symbol() {
            return symbol;
        }

        /** Binding strength: higher binds tighter; comparisons do not chain. */
        public int precedence() {
            return precedence;
        }

        public boolean isLogical() {
            return this == OR || this == AND;
        }

        public boolean isArithmetic() {
            return precedence >= 4;
        }

        public boolean isComparison() {
            return precedence == 3;
        }
    }

    enum Quantifier {
        ANY,
        ALL
    }
}
