package dev.flow.store;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How a store is opened.
 *
 * @param durability the {@code synchronous} mode of every connection
 * @param busyTimeout how long a transaction waits for another process's lock before it retries
 * @param artifactsDir where large outputs go; null for {@code artifacts/} next to the database file
 */
public record StoreOptions(Durability durability, Duration busyTimeout, Path artifactsDir) {

    public static final StoreOptions DEFAULT = new StoreOptions(Durability.NORMAL, Duration.ofSeconds(30), null);

    public StoreOptions {
        durability = durability == null ? Durability.NORMAL : durability;
        busyTimeout = busyTimeout == null ? Duration.ofSeconds(30) : busyTimeout;
    }

    public StoreOptions withDurability(Durability d) {
        return new StoreOptions(d, busyTimeout, artifactsDir);
    }

    public StoreOptions withArtifactsDir(Path dir) {
        return new StoreOptions(durability, busyTimeout, dir);
    }
}
