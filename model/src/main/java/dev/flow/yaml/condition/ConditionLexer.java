package dev.flow.yaml.condition;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a condition into tokens: names ({@code [A-Za-z_][A-Za-z0-9_]*}), numbers, quoted texts
 * (single or double quotes, with backslash escapes), and the symbols of the grammar. Anything else
 * (a {@code ;}, a backtick, a {@code $}, a lone {@code =}) ends the list with an error token at its
 * position, so the parser reports the leftmost problem.
 */
final class ConditionLexer {
    private static final List<String> SYMBOLS = List.of(
            "||", "&&", "==", "!=", "<=", ">=", "!", "<", ">", "(", ")", "[", "]", ",", ".", "+", "-", "*", "/");

    private final String text;
    private int pos;

    private ConditionLexer(String text) {
        this.text = text;
    }

    static List<Token> tokens(String text) {
        return new ConditionLexer(text).all();
    }

    private List<Token> all() {
        var tokens = new ArrayList<Token>();
        while (true) {
            skipBlanks();
            Token t = next();
            tokens.add(t);
            if (t.kind() == Token.Kind.END || t.kind() == Token.Kind.ERROR) {
                return tokens;
            }
        }
    }

    private Token next() {
        if (pos >= text.length()) {
            return new Token(Token.Kind.END, "", pos, pos);
        }
        char c = text.charAt(pos);
        if (isNameStart(c)) {
            return name();
        }
        if (Character.isDigit(c)) {
            return number();
        }
        if (c == '"' || c == '\'') {
            return string(c);
        }
        for (String s : SYMBOLS) {
            if (text.startsWith(s, pos)) {
                int start = pos;
                pos += s.length();
                return new Token(Token.Kind.SYMBOL, s, start, pos);
            }
        }
        return error(unexpected(c));
    }

    private Token name() {
        int start = pos;
        while (pos < text.length() && isNamePart(text.charAt(pos))) {
            pos++;
        }
        return new Token(Token.Kind.NAME, text.substring(start, pos), start, pos);
    }

    private Token number() {
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        boolean fraction = pos + 1 < text.length() && text.charAt(pos) == '.' && Character.isDigit(text.charAt(pos + 1));
        if (fraction) {
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        boolean exponent = pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E') && exponentFollows(pos + 1);
        if (exponent) {
            pos++;
            if (text.charAt(pos) == '+' || text.charAt(pos) == '-') {
                pos++;
            }
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        if (pos < text.length() && isNameStart(text.charAt(pos))) {
            int bad = pos;
            while (pos < text.length() && isNamePart(text.charAt(pos))) {
                pos++;
            }
            return new Token(Token.Kind.ERROR, "\"" + text.substring(start, pos)
                    + "\" is neither a number nor a name: names start with a letter or \"_\"", start, pos == bad ? bad + 1 : pos);
        }
        return new Token(fraction || exponent ? Token.Kind.FLOAT : Token.Kind.INT, text.substring(start, pos), start, pos);
    }

    private boolean exponentFollows(int at) {
        int i = at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-') ? at + 1 : at;
        return i < text.length() && Character.isDigit(text.charAt(i));
    }

    private Token string(char quote) {
        int start = pos;
        pos++;
        var out = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == quote) {
                pos++;
                return new Token(Token.Kind.STRING, out.toString(), start, pos);
            }
            if (c == '\\' && pos + 1 < text.length()) {
                char e = text.charAt(pos + 1);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case '\\', '\'', '"' -> out.append(e);
                    default -> {
                        return new Token(Token.Kind.ERROR, "\"\\" + e + "\" is not an escape a quoted text knows (\\\\, \\', \\\", \\n, \\t)", pos, pos + 2);
                    }
                }
                pos += 2;
            } else {
                out.append(c);
                pos++;
            }
        }
        return new Token(Token.Kind.ERROR, "the text that starts here has no closing " + (quote == '"' ? "double quote" : "quote"), start, start + 1);
    }

    private Token error(String message) {
        int start = pos;
        int width = Character.charCount(text.codePointAt(pos));
        return new Token(Token.Kind.ERROR, message, start, start + width);
    }

    private String unexpected(char c) {
        return switch (c) {
            case '=' -> "\"=\" is not an operator: compare with \"==\"";
            case '&' -> "\"&\" is not an operator: \"and\" is \"&&\"";
            case '|' -> "\"|\" is not an operator: \"or\" is \"||\"";
            case ';' -> "unexpected \";\": a condition is one expression, never a list of commands";
            case '`', '$' -> "unexpected \"" + c + "\": a condition is an expression; nothing in it is run by a shell";
            default -> "unexpected character \"" + new String(Character.toChars(text.codePointAt(pos)))
                    + "\": a condition is made of names, numbers, quoted texts and the operators && || ! == != < <= > >= in contains";
        };
    }

    private void skipBlanks() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }
}
