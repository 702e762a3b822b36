package dev.flow.agents;

/**
 * A tool call the model server asks a CLI to make, in the CLI's own terms: each {@link Dialect}
 * names the CLI's tool and its arguments (claude's {@code Write}, gemini's {@code write_file},
 * codex's {@code apply_patch} or shell), so that a test says what the agent does, not how each CLI
 * spells it.
 */
sealed interface Tool permits Tool.Write, Tool.Edit, Tool.Read, Tool.Shell {

    /** Creates or overwrites a file; a relative path is the CLI's to resolve in its working directory. */
    record Write(String path, String content) implements Tool {
    }

    /** Replaces {@code before} by {@code after} in a file (claude and gemini want the file read first). */
    record Edit(String path, String before, String after) implements Tool {
    }

    /** Reads a file. */
    record Read(String path) implements Tool {
    }

    /** Runs a shell command line. */
    record Shell(String command) implements Tool {
    }
}
