package dev.flow.engine.eval;

/**
 * JSON string literals, written by hand where a JSON library would cost more than the text: quote,
 * backslash and the short escapes ({@code \n \r \t \b \f}) as such, other control characters (and,
 * when asked, everything outside printable ASCII) as {@code \}{@code uXXXX}.
 */
public final class JsonStrings {
    private JsonStrings() {}

    /** How characters without a short escape are written. */
    public enum Style {
        /** As Jackson writes them: only control characters escaped, in upper-case hex. */
        JACKSON,
        /** As Python's {@code json.dumps} does by default ({@code ensure_ascii}): everything outside printable ASCII escaped, in lower-case hex. */
        PYTHON_ASCII
    }

    public static void quote(StringBuilder out, String s, Style style) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || (style == Style.PYTHON_ASCII && c > 0x7e)) {
                        out.append(String.format(style == Style.JACKSON ? "\\u%04X" : "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
