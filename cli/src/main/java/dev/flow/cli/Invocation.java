package dev.flow.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How to call {@code flow} again, for the commands the run verbs print ({@code flow answer ...},
 * {@code flow resume ...}) and for the processes they start ({@code FLOW_BIN}). The {@code ./flow}
 * script passes its own path as the system property {@code flow.launcher}.
 */
final class Invocation {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private final String program;
    private final DatabaseOptions database;

    private Invocation(String program, DatabaseOptions database) {
        this.program = program;
        this.database = database;
    }

    /** Commands on the database these options name. */
    static Invocation of(DatabaseOptions database) {
        return new Invocation(programName(), database);
    }

    /** The launcher script's path, or null when flow was started some other way. */
    static String launcher() {
        String p = System.getProperty("flow.launcher");
        return p == null || p.isBlank() ? null : p;
    }

    /**
     * {@code flow} when that is what the shell finds, else {@code ./flow} (or the script's path) as
     * typed from the working directory.
     */
    private static String programName() {
        String launcher = launcher();
        if (launcher == null) {
            return "flow";
        }
        Path script = real(Path.of(launcher).toAbsolutePath().normalize());
        if (script.equals(onPath("flow"))) {
            return "flow";
        }
        Path cwd = real(Path.of("").toAbsolutePath());
        if (script.startsWith(cwd)) {
            return "./" + cwd.relativize(script);
        }
        return script.toString();
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p;
        }
    }

    private static Path onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(candidate)) {
                return real(candidate);
            }
        }
        return null;
    }

    /** The command line for a verb and its arguments, with {@code --db} when the user named the database. */
    String command(String... args) {
        List<String> words = new ArrayList<>();
        words.add(program);
        words.addAll(List.of(args));
        if (database.named()) {
            words.add("--db");
            words.add(database.shown());
        }
        return String.join(" ", words.stream().map(Invocation::quote).toList());
    }

    /** A word as a POSIX shell reads it back unchanged. */
    static String quote(String word) {
        if (!word.isEmpty() && PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
