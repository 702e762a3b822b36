package dev.flow.store;

/**
 * A value of the key-value store: small ones inline, large ones in an artifact file whose SHA-256
 * is kept here.
 *
 * @param scope a node id, or {@link #RUN_SCOPE} for the run-wide namespace
 * @param value the text, or null when it is in {@code artifact}
 * @param writer who wrote it: a node id, or {@code person}
 */
public record KvEntry(
        String executionId, String scope, String key, String value, String artifact, String sha256, long bytes, String writer, long at) {

    /** The namespace every node of a run may read and write. */
    public static final String RUN_SCOPE = "run";
}
