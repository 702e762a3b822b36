package dev.flow.engine.config;

/**
 * The caller asked for something that cannot be: an unknown execution or node, an answer that is not
 * an option, an input of the wrong type. The message says what to do; {@code flow} exits with code 2.
 */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
