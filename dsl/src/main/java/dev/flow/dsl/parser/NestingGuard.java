package dev.flow.dsl.parser;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.antlr.runtime.Token;

/**
 * Refuses input that nests deeper than the parser can safely recurse: 10,000 opening parentheses
 * would make ANTLR's recursive descent overflow the stack, and a condition chaining 10,000
 * operators would give a syntax tree that every later stage walks recursively. The guard runs on
 * the lexer's tokens (so strings and comments never count) before the parser sees any of them.
 *
 * <p>It counts brackets ({@code ( [ {}) open at once, and operators in one expression (an
 * expression ends at a brace, an arrow, a comma, an {@code =} or a keyword that starts a clause).
 * Either count above {@link #LIMIT} refuses the file at the token where it was crossed.
 */
public final class NestingGuard {

    /** How deep brackets may nest, and how many operators one expression may chain. */
    public static final int LIMIT = 200;

    private static final Set<String> OPENING = Set.of("(", "[", "{");
    private static final Set<String> CLOSING = Set.of(")", "]", "}");
    private static final Set<String> OPERATORS = Set.of(
            "||", "or", "&&", "and", "!", "==", "!=", "<", "<=", ">", ">=", "in", "not", "contains", "starts", "ends",
            "+", "-", "*", "/");
    private static final Set<String> EXPRESSION_ENDS = Set.of(
            "{", "}", "->", ",", "=", ":", "when", "if", "then", "else", "set", "append", "to", "complete", "prompt");

    /** Where the limit was crossed: the offending token's offset and length, and what was counted. */
    public record Crossing(int offset, int length, String what) {
        /** The message of the FLOW002 diagnostic. */
        public String message() {
            return "this file " + what + " more than " + LIMIT
                    + " levels deep; Flow refuses it rather than risk running out of stack: split the expression or the nesting";
        }
    }

    private NestingGuard() {}

    /**
     * Checks a token list as the lexer produced it.
     *
     * @param isKeyword whether a token is a keyword or punctuation (and not a name, string, number or comment)
     */
    public static Optional<Crossing> check(List<? extends Token> tokens, Predicate<Token> isKeyword) {
        int depth = 0;
        int operators = 0;
        for (Token token : tokens) {
            if (!isKeyword.test(token)) {
                continue;
            }
            String text = token.getText();
            if (OPENING.contains(text)) {
                depth++;
                if (depth > LIMIT) {
                    return Optional.of(crossing(token, "nests brackets"));
                }
            } else if (CLOSING.contains(text)) {
                depth = Math.max(0, depth - 1);
            }
            if (EXPRESSION_ENDS.contains(text)) {
                operators = 0;
            } else if (OPERATORS.contains(text)) {
                operators++;
                if (operators > LIMIT) {
                    return Optional.of(crossing(token, "chains operators in one expression"));
                }
            }
        }
        return Optional.empty();
    }

    private static Crossing crossing(Token token, String what) {
        if (token instanceof org.antlr.runtime.CommonToken common) {
            return new Crossing(common.getStartIndex(), common.getStopIndex() - common.getStartIndex() + 1, what);
        }
        return new Crossing(0, 0, what);
    }
}
