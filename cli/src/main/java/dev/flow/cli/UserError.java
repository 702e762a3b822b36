package dev.flow.cli;

/** A failure the user can act on, with the message to show and the exit code to return. */
public final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public UserError(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
