package dev.flow.cli;

import dev.flow.store.Durability;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which database the run verbs use and how hard it commits: shared by every verb that opens one. */
public final class DatabaseOptions {

    @Option(names = "--db", paramLabel = "FILE",
            description = "The database file (default: the one FLOW_DB names, else \".flow/state.db\" in the working directory).")
    Path db;

    @Option(names = "--durability", paramLabel = "normal|full", defaultValue = "normal",
            description = "normal (default): every commit survives the flow process being killed; "
                    + "full: every commit is also flushed to disk before it returns, surviving power loss, at one disk flush a commit.")
    String durability;

    /** The database file this verb uses. */
    Path path() {
        if (db != null) {
            return db;
        }
        String env = System.getenv("FLOW_DB");
        return env == null || env.isBlank() ? SqliteStore.DEFAULT_PATH : Path.of(env);
    }

    /** Whether the user named the database, so that printed commands must name it too. */
    boolean named() {
        return db != null;
    }

    /** Opens the database, creating it when it does not exist yet ({@code flow run}, {@code flow worker}). */
    SqliteStore openOrCreate() {
        return SqliteStore.open(path(), storeOptions());
    }

    /** Opens a database that must exist already: reading an empty new one would only hide a wrong path. */
    SqliteStore openExisting() {
        Path p = path();
        if (!Files.exists(p)) {
            throw new UserError("no database at " + p + " (flow run creates one; --db names another)", ExitCode.USAGE);
        }
        return SqliteStore.open(p, storeOptions());
    }

    private StoreOptions storeOptions() {
        try {
            return StoreOptions.DEFAULT.withDurability(Durability.parse(durability));
        } catch (IllegalArgumentException e) {
            throw new UserError("--durability must be normal or full, not \"" + durability + "\"", ExitCode.USAGE);
        }
    }
}
