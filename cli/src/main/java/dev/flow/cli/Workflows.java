package dev.flow.cli;

import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.FlowGraph;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads workflow files for the verbs, through the one pipeline every tool shares, and decides
 * the exit codes every verb gives for what it read: 2 for a file that cannot be read or holds no
 * workflow, 1 for errors in it.
 */
final class Workflows {
    private static Compiler compiler;

    private Workflows() {}

    static synchronized Compiler compiler() {
        if (compiler == null) {
            compiler = Compiler.withInstalledFrontEnds();
        }
        return compiler;
    }

    static Compilation compile(Path file, LoadOptions options) {
        return compiler().compile(file, file.toString(), options);
    }

    /**
     * A workflow file as a verb read it: the compilation, and the exit code to return at once when
     * the verb cannot go on ({@link ExitCode#OK} when it can).
     */
    record Read(Compilation compilation, int exitCode) {
        /** Whether the verb stops here and returns {@link #exitCode()}. */
        boolean refused() {
            return exitCode != ExitCode.OK;
        }

        /** The graph of a workflow that was not refused for errors. */
        FlowGraph graph() {
            return compilation.graph().orElseThrow();
        }
    }

    /**
     * Compiles a workflow file and prints its diagnostics to {@code err}; refuses a file that
     * cannot be read (exit code 2), and one that holds no workflow (a {@link UserError}, exit code
     * 2). A workflow with errors is not refused: {@code flow graph} still draws it.
     */
    static Read read(Path file, LoadOptions options, PrintWriter err, Ansi ansi) {
        Compilation compilation = compile(file, options);
        new DiagnosticPrinter(err, ansi).print(compilation);
        if (unreadable(compilation)) {
            return new Read(compilation, ExitCode.USAGE);
        }
        requireWorkflow(compilation);
        return new Read(compilation, ExitCode.OK);
    }

    /**
     * As {@link #read}, and refuses a workflow with errors (exit code 1), ending the diagnostics
     * with their count and what the verb leaves undone ({@code "nothing written"}).
     */
    static Read readWithoutErrors(Path file, LoadOptions options, PrintWriter err, Ansi ansi, String undone) {
        Read read = read(file, options, err, ansi);
        if (!read.refused() && (read.compilation().hasErrors() || read.compilation().graph().isEmpty())) {
            err.println(DiagnosticPrinter.summary(List.of(read.compilation())) + ": " + undone);
            err.flush();
            return new Read(read.compilation(), ExitCode.FAILED);
        }
        return read;
    }

    /** The exit code a file calls for when all a verb does is report on it ({@code flow check}). */
    static int exitCode(Compilation compilation) {
        if (unreadable(compilation)) {
            return ExitCode.USAGE;
        }
        return compilation.hasErrors() ? ExitCode.FAILED : ExitCode.OK;
    }

    /**
     * Refuses a file that holds no workflow although it has no errors: a gate registry given
     * where a workflow belongs.
     */
    private static void requireWorkflow(Compilation compilation) {
        if (compilation.graph().isEmpty() && !compilation.hasErrors()) {
            throw new UserError("\"" + compilation.source().displayName()
                    + "\" holds no workflow (a gate registry is given to workflows with --gates)", ExitCode.USAGE);
        }
    }

    /**
     * Whether the file could not be opened, or is not a kind of file Flow reads: an I/O or usage
     * problem (exit code 2). A file that was read but holds bad content (bytes that are not UTF-8,
     * JSON that is not a graph) is an input error like any other (exit code 1).
     */
    private static boolean unreadable(Compilation compilation) {
        var path = compilation.source().path();
        boolean opened = path != null && Files.isRegularFile(path) && Files.isReadable(path);
        return !opened || compiler().frontEndFor(compilation.source().extension()).isEmpty();
    }
}
