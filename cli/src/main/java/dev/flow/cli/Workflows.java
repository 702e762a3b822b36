package dev.flow.cli;

import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads workflow files for the verbs, through the one pipeline every tool shares. */
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
     * Refuses a file that holds no workflow although it has no errors: a gate registry given
     * where a workflow belongs.
     */
    static void requireWorkflow(Compilation compilation) {
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
    static boolean unreadable(Compilation compilation) {
        var path = compilation.source().path();
        boolean opened = path != null && Files.isRegularFile(path) && Files.isReadable(path);
        return !opened || compiler().frontEndFor(compilation.source().extension()).isEmpty();
    }
}
