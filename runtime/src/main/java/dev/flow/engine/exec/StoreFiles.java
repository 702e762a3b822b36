package dev.flow.engine.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The files through which a sandboxed step could reach Flow's database without Flow: an SQLite
 * database's file and its companions ({@code -wal}, {@code -shm}, {@code -journal}), and the
 * PostgreSQL password file Flow reads ({@code PGPASSFILE}, else {@code ~/.pgpass}). A sandbox hides
 * those that exist; the step reaches its key-value store through the broker instead.
 */
final class StoreFiles {
    private static final List<String> SQLITE_COMPANIONS = List.of("", "-wal", "-shm", "-journal");

    private StoreFiles() {}

    /**
     * @param database the store's address as steps used to get it ({@code FLOW_DB}): a file, or a
     *     PostgreSQL URL; null when unknown
     * @param flowEnv Flow's own environment, where PostgreSQL's variables are
     */
    static List<Path> of(String database, Map<String, String> flowEnv) {
        var out = new ArrayList<Path>();
        if (database != null && !database.isBlank() && !database.contains("://")) {
            for (String suffix : SQLITE_COMPANIONS) {
                out.add(Path.of(database + suffix));
            }
        }
        String passFile = flowEnv.get("PGPASSFILE");
        if (passFile != null && !passFile.isBlank()) {
            out.add(Path.of(passFile));
        }
        String home = flowEnv.get("HOME");
        if (home != null && !home.isBlank()) {
            out.add(Path.of(home, ".pgpass"));
        }
        return out.stream().filter(Files::exists).toList();
    }
}
