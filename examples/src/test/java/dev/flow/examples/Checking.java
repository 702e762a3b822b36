package dev.flow.examples;

import dev.flow.cli.FlowCli;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Checks files the way {@code flow check} does: through {@link Compiler#withInstalledFrontEnds()},
 * the pipeline of every verb, with the language's front end found on the class path.
 */
final class Checking {
    private Checking() {}

    private static final Compiler COMPILER = Compiler.withInstalledFrontEnds();

    /** Checks a file of the repository, named in messages by its path from the repository root. */
    static Compilation file(Path file) {
        return COMPILER.compile(file, Repository.relative(file), LoadOptions.DEFAULT);
    }

    /** Writes {@code text} to {@code dir/name} and checks it, named in messages by {@code name}. */
    static Compilation text(Path dir, String name, String text) {
        Path file = dir.resolve(name);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return COMPILER.compile(file, name, LoadOptions.DEFAULT);
    }

    /** One line per diagnostic, {@code LINE:COL severity CODE message}, for assertion messages. */
    static String describe(List<Diagnostic> diagnostics) {
        if (diagnostics.isEmpty()) {
            return "(no diagnostics)";
        }
        return diagnostics.stream()
                .map(d -> d.source().line() + ":" + d.source().column() + " " + d.severity().label() + " " + d.code().id() + " " + d.message())
                .collect(Collectors.joining("\n", "\n", ""));
    }

    /** The exit status of {@code flow check ARGS...}, run in this JVM. */
    static int exitOfCheck(String... args) {
        var sink = new PrintWriter(new StringWriter());
        String[] all = new String[args.length + 1];
        all[0] = "check";
        System.arraycopy(args, 0, all, 1, args.length);
        return FlowCli.run(all, sink, sink);
    }
}
