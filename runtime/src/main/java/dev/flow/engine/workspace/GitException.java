package dev.flow.engine.workspace;

/**
 * Git could not do what an isolated step needs: not a repository, a command that failed or timed
 * out, a target in a state Flow must not touch. The message says what and what to do; it never
 * carries a stack trace to the user.
 */
public final class GitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public GitException(String message) {
        super(message);
    }
}
