package dev.flow.engine.step;

import dev.flow.engine.exec.ArtifactPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Keeps failure reports small where they are stored and shown (a node's error, an execution's
 * report, the events that carry them): a report longer than {@link #MAX} characters keeps its start
 * (where it failed) and its end (why: a nested report ends with the innermost cause), and its whole
 * text goes to a file in the artifacts folder that the kept text names. Reports would grow without
 * end otherwise: a subgraph's failure quotes its child's report, twenty levels deep.
 */
public final class Reports {
    /** The longest report kept whole, and the most that is kept of a longer one. */
    public static final int MAX = 1000;
    /** How much of a long report's start is kept; its end gets the rest of {@link #MAX}. */
    private static final int HEAD = 300;
    /** The least of a long report's end that is kept, however long the name of its file. */
    private static final int MIN_TAIL = 200;

    private final ArtifactPaths artifacts;

    Reports(ArtifactPaths artifacts) {
        this.artifacts = artifacts;
    }

    /** A node's error, its whole text in {@code error.txt} of the run's folder when cut. */
    String nodeError(String error, String executionId, String nodeId, int iteration, int attempt) {
        return keep(error, () -> artifacts.runDir(executionId, nodeId, iteration, attempt).resolve("error.txt"));
    }

    /** An execution's report, its whole text in {@code report.txt} of the execution's folder when cut. */
    String executionReport(String report, String executionId) {
        return keep(report, () -> artifacts.executionDir(executionId).resolve("report.txt"));
    }

    /**
     * {@code text} when short enough; else its start, how much was cut and where the whole text is,
     * and its end, in at most {@link #MAX} characters (so that keeping a kept report again changes
     * nothing) unless the file's name is very long.
     */
    private String keep(String text, Supplier<Path> file) {
        if (text == null || text.length() <= MAX) {
            return text;
        }
        String where;
        try {
            Path whole = artifacts.inside(file.get());
            Files.createDirectories(whole.getParent());
            Files.writeString(whole, text, StandardCharsets.UTF_8);
            where = "the whole report is in " + whole;
        } catch (IOException | IllegalStateException e) {
            where = "it could not be written to a file: " + e.getMessage();
        }
        int tail = Math.max(MIN_TAIL, MAX - HEAD - where.length() - 40);
        int cut = text.length() - HEAD - tail;
        return text.substring(0, HEAD) + " ... (" + cut + " characters cut; " + where + ") ... " + text.substring(text.length() - tail);
    }
}
