package dev.flow.model;

import java.util.List;
import java.util.Objects;

/**
 * A process to start. {@link Argv} runs a program with exactly these arguments; {@link Shell} runs
 * {@code sh -c line} and exists only where the author wrote a shell line. Values from earlier nodes
 * never become part of either: they reach the process through its environment or files.
 */
public sealed interface Command {

    SourceRef source();

    /** The command as one readable line, for messages and pictures. */
    String display();

    record Argv(List<String> args, SourceRef source) implements Command {
        public Argv {
            args = Models.list(args);
            source = source == null ? SourceRef.NONE : source;
        }

        public String display() {
            return String.join(" ", args);
        }
    }

    record Shell(String line, SourceRef source) implements Command {
        public Shell {
            Objects.requireNonNull(line, "line");
            source = source == null ? SourceRef.NONE : source;
        }

        public String display() {
            return line;
        }
    }
}
