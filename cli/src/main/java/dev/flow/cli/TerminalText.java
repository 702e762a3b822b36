package dev.flow.cli;

/**
 * Text from outside flow (what agents and commands printed, outputs, errors, reports, state and
 * key-value values) made safe to show on a terminal: an escape character shows as {@code \e}, so
 * that {@code \e[2J} reads as text instead of clearing the screen, and every other control
 * character as {@code ?}; tabs and line breaks become spaces, so that one event stays one line.
 * Only text output goes through here: JSON output keeps the data as it is (escaped by JSON).
 */
final class TerminalText {
    private TerminalText() {}

    /** The text on one line with nothing a terminal would obey; null stays null. */
    static String line(String text) {
        if (text == null || isPlain(text)) {
            return text;
        }
        var out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u001B') {
                out.append("\\e");
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                continue; // the \n of a \r\n makes the space
            } else if (c == '\n' || c == '\t') {
                out.append(' ');
            } else if (isControl(c)) {
                out.append('?');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isPlain(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isControl(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** C0 controls, DEL and the C1 controls (U+009B is an escape sequence on its own in some terminals). */
    private static boolean isControl(char c) {
        return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F);
    }
}
