package dev.flow.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * One run's transcript ({@link ExecutionQueries#transcript}): the file that keeps the agent's whole
 * standard output, and what it did by it, in a few words each, oldest first.
 *
 * @param file the run's {@code stdout.log}
 * @param activity what the agent did, the last being what it does now while the run goes on
 */
public record Transcript(Path file, List<String> activity) {
    public Transcript {
        activity = List.copyOf(activity);
    }
}
