package dev.flow.cli;

import dev.flow.diagnostic.Code;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
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
            throw new UserError("'" + compilation.source().displayName()
                    + "' holds no workflow (a gate registry is given to workflows with --gates)", ExitCode.USAGE);
        }
    }

    /** Whether the file could not be read at all (exit code 2 rather than 1). */
    static boolean unreadable(Compilation compilation) {
        return compilation.graph().isEmpty()
                && compilation.diagnostics().stream().anyMatch(d -> d.code() == Code.UNREADABLE_INPUT);
    }
}
