package dev.flow.store;

/**
 * A database problem, with a message a user can act on. {@link Kind} tells callers whether it is
 * the user's input (a file that is not a Flow database), the environment, or a bug.
 */
public final class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The file is not an SQLite database, or it is damaged. */
        CORRUPT,
        /** An SQLite database of another application. */
        FOREIGN,
        /** Written by a newer version of Flow. */
        NEWER_SCHEMA,
        /** The file or its folder cannot be read or written: a folder, a FIFO, a read-only place, a full or failing disk. */
        IO,
        /**
         * The database server cannot be reached now (it restarts, the network is down), and the same
         * work may succeed later. A worker waits and tries again rather than stopping. Nothing of the
         * transaction was kept, unless the connection broke after the server had taken in its
         * COMMIT: then it may have committed, and the caller cannot tell (a worker's heartbeat finds
         * the nodes it claimed so, and hands them back).
         */
        UNAVAILABLE,
        /** A guarded update changed more rows than it can: a bug, never a race. */
        BUG
    }

    private final Kind kind;

    public StoreException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public StoreException(Kind kind, String message) {
        this(kind, message, null);
    }

    public Kind kind() {
        return kind;
    }

    /**
     * Whether the file given is at fault (not a Flow database) rather than the place it is in (a
     * folder, a read-only or full disk). The command line exits with 2 for both: usage or I/O.
     */
    public boolean isInputError() {
        return kind == Kind.CORRUPT || kind == Kind.FOREIGN || kind == Kind.NEWER_SCHEMA;
    }

    /** Whether the same work may succeed if tried again later: the server was out of reach ({@link Kind#UNAVAILABLE}). */
    public boolean isTemporary() {
        return kind == Kind.UNAVAILABLE;
    }
}
