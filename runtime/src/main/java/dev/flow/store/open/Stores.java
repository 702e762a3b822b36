package dev.flow.store.open;

import dev.flow.store.Store;
import dev.flow.store.StoreOptions;
import dev.flow.store.postgres.PgUrl;
import dev.flow.store.postgres.PostgresStore;
import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Path;

/**
 * Opens the store an address names: kept out of {@code dev.flow.store}, the interface package, so
 * that the interface names none of its implementations.
 *
 * <p>Opens the store an address names: a PostgreSQL URL ({@code postgresql://...}) or an SQLite file.
 */
public final class Stores {
    private Stores() {}

    /** Whether the address names a PostgreSQL server rather than a file. */
    public static boolean isServer(String address) {
        return PgUrl.looksLikeOne(address);
    }

    /**
     * Opens (creating when needed) the store at {@code address}; a malformed URL is an {@link
     * IllegalArgumentException} whose message says what is wrong, without the password.
     */
    public static Store open(String address, StoreOptions options) {
        return isServer(address)
                ? PostgresStore.open(PgUrl.parse(address, System::getenv), options)
                : SqliteStore.open(Path.of(address), options);
    }
}
