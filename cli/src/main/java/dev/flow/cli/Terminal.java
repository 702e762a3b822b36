package dev.flow.cli;

/** What the run verbs need to know about the terminal they print to. */
final class Terminal {
    private Terminal() {}

    /** Whether standard output is a terminal that understands cursor movement. */
    static boolean isInteractive() {
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** The terminal's width in columns: $COLUMNS when the shell exports it, else 80. */
    static int columns() {
        try {
            int n = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "80").strip());
            return n >= 20 ? n : 80;
        } catch (NumberFormatException e) {
            return 80;
        }
    }
}
