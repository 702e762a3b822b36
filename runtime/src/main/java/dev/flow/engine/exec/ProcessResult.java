package dev.flow.engine.exec;

/**
 * How a process ended.
 *
 * @param exitCode the exit status; -1 when it was killed
 * @param timedOut killed because it ran past its timeout
 * @param cancelled killed because its work was cancelled
 */
public record ProcessResult(int exitCode, boolean timedOut, boolean cancelled, long millis) {}
