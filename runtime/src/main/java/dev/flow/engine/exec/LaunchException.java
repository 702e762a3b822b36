package dev.flow.engine.exec;

/** A process that could not be started at all: the program is missing or not executable. */
public final class LaunchException extends Exception {
    private static final long serialVersionUID = 1L;

    public LaunchException(String message) {
        super(message);
    }
}
