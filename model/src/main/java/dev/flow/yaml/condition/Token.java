package dev.flow.yaml.condition;

/**
 * A token of a condition: its kind, its text (for strings, the unescaped content), and its range
 * {@code [start, end)} in the condition's text. An {@link Kind#ERROR} token carries the message of
 * what could not be read there.
 */
record Token(Kind kind, String text, int start, int end) {

    enum Kind {
        NAME,
        INT,
        FLOAT,
        STRING,
        SYMBOL,
        END,
        ERROR
    }

    boolean is(Kind k, String t) {
        return kind == k && text.equals(t);
    }

    boolean isSymbol(String t) {
        return is(Kind.SYMBOL, t);
    }

    boolean isWord(String t) {
        return is(Kind.NAME, t);
    }

    /** How messages quote the token. */
    String shown() {
        return switch (kind) {
            case END -> "the end of the condition";
            case STRING -> "the text \"" + text + "\"";
            default -> "\"" + text + "\"";
        };
    }
}
