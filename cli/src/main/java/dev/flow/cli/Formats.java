package dev.flow.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The {@code --format text|json} choice and how values print in text. */
final class Formats {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Formats() {}

    /** Whether {@code format} asks for JSON; refuses anything but text and json. */
    static boolean json(CommandSpec spec, String format) {
        if (!format.equals("text") && !format.equals("json")) {
            throw new ParameterException(spec.commandLine(), "--format must be text or json, not \"" + format + "\"");
        }
        return format.equals("json");
    }

    /** Dollars, to a hundredth of a cent: {@code $0.0125}. */
    static String cost(double dollars) {
        return "$" + BigDecimal.valueOf(dollars).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /** A command line as a shell would take it back: words that need it in single quotes. */
    static String commandLine(java.util.List<String> argv) {
        var words = new java.util.ArrayList<String>();
        for (String a : argv) {
            words.add(!a.isEmpty() && a.matches("[A-Za-z0-9_@%+=:,./-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return String.join(" ", words);
    }

    /** A commit as people read it: its first seven characters. */
    static String shortHash(String commit) {
        return commit.length() > 7 ? commit.substring(0, 7) : commit;
    }

    /** A path relative to the working folder when it is inside it ({@code .flow/worktrees/...}), else as it is. */
    static String path(String path) {
        Path p = Path.of(path);
        Path here = Path.of("").toAbsolutePath();
        return p.isAbsolute() && p.startsWith(here) ? here.relativize(p).toString() : path;
    }

    /** A state value as it reads in text: strings as they are, everything else as JSON. */
    static String value(Object v) {
        if (v instanceof String s) {
            return s;
        }
        try {
            return JSON.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            return String.valueOf(v);
        }
    }
}
