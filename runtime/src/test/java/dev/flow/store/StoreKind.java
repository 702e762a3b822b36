package dev.flow.store;

import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Path;

/**
 * The stores the engine's behaviour suite runs on: each test that takes a {@code StoreKind}
 * parameter runs once on SQLite and once on PostgreSQL ({@link TestPostgres}).
 */
public enum StoreKind {
    SQLITE,
    POSTGRESQL;

    /** A new, empty store; {@code dir} holds the SQLite file, or the artifacts of a PostgreSQL store. */
    public Store open(Path dir, StoreOptions options) {
        return switch (this) {
            case SQLITE -> SqliteStore.open(dir.resolve("state.db"), options);
            case POSTGRESQL -> TestPostgres.get().newStore(options.artifactsDir() != null ? options : options.withArtifactsDir(dir.resolve("artifacts")));
        };
    }

    /** What {@code --db} takes for a new, empty store of this kind. */
    public String newAddress(Path dir) {
        return switch (this) {
            case SQLITE -> dir.resolve("state.db").toString();
            case POSTGRESQL -> TestPostgres.get().newDatabase();
        };
    }
}
