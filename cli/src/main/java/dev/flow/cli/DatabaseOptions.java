package dev.flow.cli;

import dev.flow.store.Durability;
import dev.flow.store.Store;
import dev.flow.store.StoreOptions;
import dev.flow.store.postgres.PgUrl;
import dev.flow.store.open.Stores;
import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which database the run verbs use and how hard it commits: shared by every verb that opens one. */
public final class DatabaseOptions {

    @Option(names = "--db", paramLabel = "FILE|URL",
            description = "The database: a file, or a PostgreSQL server as postgresql://USER@HOST:PORT/DATABASE (password from PGPASSWORD "
                    + "or ~/.pgpass) (default: what FLOW_DB names, else \".flow/state.db\" in the working directory).")
    String db;

    @Option(names = "--artifacts", paramLabel = "DIR",
            description = "Where large outputs, logs and prompts go (default: what FLOW_ARTIFACTS names, else \"artifacts\" beside the "
                    + "database file, or \".flow/artifacts\" in the working directory with PostgreSQL; workers on several machines give "
                    + "it a folder they share).")
    Path artifacts;

    @Option(names = "--durability", paramLabel = "normal|full", defaultValue = "normal",
            description = "normal (default): every commit survives the flow process being killed; "
                    + "full: every commit is also flushed to disk before it returns, surviving power loss, at one disk flush a commit.")
    String durability;

    /** What the database option says: a file path or a PostgreSQL URL. */
    private String given() {
        if (db != null) {
            return db;
        }
        String env = System.getenv("FLOW_DB");
        return env == null || env.isBlank() ? SqliteStore.DEFAULT_PATH.toString() : env;
    }

    private boolean isServer() {
        return Stores.isServer(given());
    }

    /** The database file this verb uses; null when it is a PostgreSQL server. */
    Path path() {
        return isServer() ? null : Path.of(given());
    }

    /** The database as printed commands and messages name it: a file, or a URL without its password. */
    String shown() {
        return isServer() ? url().toString() : given();
    }

    /** Whether the user named the database, so that printed commands must name it too. */
    boolean named() {
        return db != null;
    }

    /** Opens the database, creating it when it does not exist yet ({@code flow run}, {@code flow worker}). */
    Store openOrCreate() {
        if (isServer()) {
            url(); // a malformed URL is the user's mistake, said before anything else
        }
        return Stores.open(given(), storeOptions());
    }

    /**
     * Opens a database that must exist already: reading an empty new file would only hide a wrong
     * path. A PostgreSQL database must exist too (the server says so); Flow's tables are made in it
     * when it has none.
     */
    Store openExisting() {
        if (isServer()) {
            return openOrCreate();
        }
        Path p = path();
        if (!Files.exists(p)) {
            throw new UserError("no database at " + p + " (flow run creates one; --db names another)", ExitCode.USAGE);
        }
        return SqliteStore.open(p, storeOptions());
    }

    private PgUrl url() {
        try {
            return PgUrl.parse(given(), System::getenv);
        } catch (IllegalArgumentException e) {
            throw new UserError((db != null ? "--db: " : "FLOW_DB: ") + e.getMessage(), ExitCode.USAGE);
        }
    }

    private StoreOptions storeOptions() {
        Durability d;
        try {
            d = Durability.parse(durability);
        } catch (IllegalArgumentException e) {
            throw new UserError("--durability must be normal or full, not \"" + durability + "\"", ExitCode.USAGE);
        }
        Path dir = artifacts;
        String env = System.getenv("FLOW_ARTIFACTS");
        if (dir == null && env != null && !env.isBlank()) {
            dir = Path.of(env);
        }
        return StoreOptions.DEFAULT.withDurability(d).withArtifactsDir(dir);
    }
}
