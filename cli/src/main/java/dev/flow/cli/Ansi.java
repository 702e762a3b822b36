package dev.flow.cli;

/** Terminal colours, on only when wanted: {@code --color}, {@code NO_COLOR}, and whether stdout is a terminal. */
final class Ansi {
    private final boolean on;

    Ansi(boolean on) {
        this.on = on;
    }

    /** auto: colour when stdout is a terminal and NO_COLOR is not set. */
    static Ansi choose(ColorMode mode) {
        return switch (mode) {
            case ALWAYS -> new Ansi(true);
            case NEVER -> new Ansi(false);
            case AUTO -> new Ansi(System.console() != null && System.getenv("NO_COLOR") == null
                    && !"dumb".equals(System.getenv("TERM")));
        };
    }

    boolean enabled() {
        return on;
    }

    String bold(String s) {
        return wrap("1", s);
    }

    String red(String s) {
        return wrap("1;31", s);
    }

    String yellow(String s) {
        return wrap("1;33", s);
    }

    String green(String s) {
        return wrap("32", s);
    }

    String cyan(String s) {
        return wrap("36", s);
    }

    String dim(String s) {
        return wrap("2", s);
    }

    private String wrap(String code, String s) {
        return on ? "\u001B[" + code + "m" + s + "\u001B[0m" : s;
    }
}
