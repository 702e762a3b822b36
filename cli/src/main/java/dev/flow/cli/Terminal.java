package dev.flow.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the run verbs need to know about the terminal they print to. */
final class Terminal {
    /** What {@code stty size} prints: rows, then columns. */
    private static final Pattern STTY_SIZE = Pattern.compile("\\s*(\\d+)\\s+(\\d+)\\s*");
    private static final int FALLBACK = 80;

    private Terminal() {}

    /** Whether standard output is a terminal that understands cursor movement. */
    static boolean isInteractive() {
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    /**
     * The terminal's width in columns: {@code $COLUMNS} when set (shells rarely export it), else
     * what {@code stty size} reports for the controlling terminal, else 80.
     */
    static int columns() {
        return columns(System.getenv("COLUMNS"), Terminal::controllingTerminalColumns);
    }

    static int columns(String columnsVariable, IntSupplier terminal) {
        if (columnsVariable != null) {
            try {
                int n = Integer.parseInt(columnsVariable.strip());
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // not a number: ask the terminal
            }
        }
        int n = terminal.getAsInt();
        return n > 0 ? n : FALLBACK;
    }

    /** {@code stty size} run on {@code /dev/tty}: the width of the terminal flow runs in, or 0 when there is none. */
    static int controllingTerminalColumns() {
        File tty = new File("/dev/tty");
        if (!tty.canRead()) {
            return 0;
        }
        try {
            Process stty = new ProcessBuilder("stty", "size").redirectInput(tty).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String size = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            if (!stty.waitFor(1, TimeUnit.SECONDS) || stty.exitValue() != 0) {
                stty.destroyForcibly();
                return 0;
            }
            Matcher m = STTY_SIZE.matcher(size);
            return m.matches() ? Integer.parseInt(m.group(2)) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0; // no stty, or no terminal after all
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
