package dev.flow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --snapshot FILE}: keep a JSON snapshot of the work graph up to date, for the verbs that run work (run, resume, worker). */
final class SnapshotOptions {

    @Option(names = "--snapshot", paramLabel = "FILE",
            description = "Write the work graph (every node's status, iteration, attempt, output, error class and summary; every edge and"
                    + " whether it was taken) to FILE as JSON after each step, replacing it atomically, for people and tools to read"
                    + " while the run goes on (format flow-work-graph/1, docs/runtime.md). Read only: the database stays the truth.")
    Path file;

    /** The writer, or null when no snapshot was asked for; a folder it cannot be written in is a usage error, before any work. */
    SnapshotWriter writer() {
        if (file == null) {
            return null;
        }
        Path target = file.toAbsolutePath().normalize();
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UserError("--snapshot " + file + ": cannot write it: the folder " + dir + " is missing", ExitCode.USAGE);
        }
        if (!Files.isWritable(dir) || Files.isDirectory(target)) {
            throw new UserError("--snapshot " + file + ": cannot write it: " + (Files.isDirectory(target) ? "it is a folder"
                    : "the folder " + dir + " is read-only"), ExitCode.USAGE);
        }
        return new SnapshotWriter(target);
    }
}
