package dev.flow.store;

import dev.flow.store.open.Stores;

import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The stores the engine's behaviour suite runs on: each test that takes a {@code StoreKind}
 * parameter runs once on SQLite and once on PostgreSQL ({@link TestPostgres}).
 */
public enum StoreKind {
    SQLITE,
    POSTGRESQL;

    private static volatile StoreKind current = SQLITE;
    /** One PostgreSQL database per folder: opening the store of a folder again (as after a crash) finds its runs. */
    private static final Map<Path, String> DATABASES = new ConcurrentHashMap<>();

    /** The store of the class run under way ({@link BothStores}); SQLite outside one. */
    public static StoreKind current() {
        return current;
    }

    static void use(StoreKind kind) {
        current = kind;
    }

    /**
     * The store of a folder, empty the first time: {@code dir} holds the SQLite file, or the artifacts
     * of a PostgreSQL store whose database belongs to that folder.
     */
    public Store open(Path dir, StoreOptions options) {
        return switch (this) {
            case SQLITE -> SqliteStore.open(dir.resolve("state.db"), options);
            case POSTGRESQL -> Stores.open(newAddress(dir), options.artifactsDir() != null ? options : options.withArtifactsDir(dir.resolve("artifacts")));
        };
    }

    /** What {@code --db} takes for the store of a folder. */
    public String newAddress(Path dir) {
        return switch (this) {
            case SQLITE -> dir.resolve("state.db").toString();
            case POSTGRESQL -> DATABASES.computeIfAbsent(dir.toAbsolutePath().normalize(), d -> TestPostgres.get().newDatabase());
        };
    }
}
