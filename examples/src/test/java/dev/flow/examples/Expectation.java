package dev.flow.examples;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Severity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One line of what a file of {@code examples/invalid/} must report, as its first lines declare it:
 * {@code // expect: FLOW306 at 9:5} (in YAML {@code # expect: ...}), optionally followed by
 * {@code (warning: exit 0)} for a warning or {@code (exit 2: why)} for another exit status.
 *
 * @param exit the exit status of {@code flow check} this diagnostic alone leads to: 1 for an
 *     error, 0 for a warning, or the one written
 */
record Expectation(Code code, int line, int column, Severity severity, int exit) {

    private static final Pattern LINE = Pattern.compile(
            "(?://|#) expect: (FLOW\\d{3}) at (\\d+):(\\d+)(?: \\((?:(warning): exit 0|exit (\\d): [^)]+)\\))?");

    /** The expectations at the top of a file; a file without any, or with one that does not parse, is refused. */
    static List<Expectation> of(Path file) {
        String text;
        try {
            // The header is ASCII; the rest may hold anything (FLOW003's file is not UTF-8).
            text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        var out = new ArrayList<Expectation>();
        for (String line : text.lines().toList()) {
            if (!line.contains("expect:")) {
                break;
            }
            var m = LINE.matcher(line.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException(file.getFileName() + ": cannot read the expectation \"" + line
                        + "\"; write // expect: FLOW306 at 9:5, optionally with (warning: exit 0) or (exit 2: why)");
            }
            Code code = Code.byId(m.group(1)).orElseThrow(() -> new IllegalArgumentException(file.getFileName() + ": no code " + m.group(1)));
            boolean warning = m.group(4) != null;
            int exit = m.group(5) != null ? Integer.parseInt(m.group(5)) : warning ? 0 : 1;
            out.add(new Expectation(code, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                    warning ? Severity.WARNING : Severity.ERROR, exit));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(file.getFileName() + ": the first line must say what the file reports, e.g. // expect: FLOW306 at 9:5");
        }
        return out;
    }

    /** The exit status of {@code flow check} on a file that reports exactly these. */
    static int exitOf(List<Expectation> expectations) {
        return expectations.stream().mapToInt(Expectation::exit).max().orElse(0);
    }

    /** What a diagnostic says in the terms of an expectation, to compare the two. */
    static String describe(Diagnostic d) {
        return d.code().id() + " at " + d.source().line() + ":" + d.source().column() + " (" + d.severity().label() + ")";
    }

    String describe() {
        return code.id() + " at " + line + ":" + column + " (" + severity.label() + ")";
    }
}
