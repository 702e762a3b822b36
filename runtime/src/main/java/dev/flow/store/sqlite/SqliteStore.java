package dev.flow.store.sqlite;

import dev.flow.store.Store;
import dev.flow.store.StoreException;
import dev.flow.store.StoreException.Kind;
import dev.flow.store.StoreOptions;
import dev.flow.store.sql.Dialect;
import dev.flow.store.sql.SqlFailure;
import dev.flow.store.sql.SqlSession;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import org.sqlite.SQLiteConfig;

/**
 * The runtime's database in one SQLite file: WAL journal (readers never block the writer), a busy
 * timeout and transaction retries (several worker processes share a file without "database is
 * locked" failures), foreign keys on, {@code synchronous} as the chosen {@link
 * dev.flow.store.Durability}. Each thread reads on its own connection, opened on first use; the
 * process's write transactions take turns on one connection of their own ({@link #write}).
 */
public final class SqliteStore implements Store {

    /** The default database, relative to the working directory. */
    public static final Path DEFAULT_PATH = Path.of(".flow", "state.db");

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;
    private static final int SQLITE_READONLY = 8;
    private static final int SQLITE_IOERR = 10;
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_FULL = 13;
    private static final int SQLITE_CANTOPEN = 14;
    private static final int SQLITE_NOTADB = 26;

    private final Path file;
    private final StoreOptions options;
    private final Path artifacts;
    private final ThreadLocal<SqlSession> sessions = new ThreadLocal<>();
    private final List<SqlSession> opened = new ArrayList<>();
    private volatile boolean closed;
    private Thread checkpointer;
    private SqlSession checkpointing;

    /**
     * Commits leave checkpointing (copying the WAL into the database file, with an fsync) to a
     * background thread, so that no commit pays for it; past this many pages a commit does it
     * itself, as SQLite does by default at 1000.
     */
    static final int AUTOCHECKPOINT_PAGES = 10_000;
    static final long CHECKPOINT_EVERY_MILLIS = 250;

    private SqliteStore(Path file, StoreOptions options) {
        this.file = file;
        this.options = options;
        this.writers = new GroupCommit(e -> classify(e, file), SqliteStore::busy, options.busyTimeout().toMillis() * 4);
        this.artifacts = options.artifactsDir() != null
                ? options.artifactsDir().toAbsolutePath()
                : file.toAbsolutePath().getParent().resolve("artifacts");
    }

    /**
     * Opens the database, creating it (and its folder) when missing and migrating its schema when
     * older. Refuses, with a message that names the file, one that is not SQLite, is damaged,
     * belongs to another application, or was written by a newer Flow.
     */
    public static SqliteStore open(Path file, StoreOptions options) {
        Path absolute = file.toAbsolutePath().normalize();
        checkLooksLikeSqlite(absolute, file);
        var store = new SqliteStore(absolute, options);
        store.prepareSchema(file);
        store.startCheckpointer();
        return store;
    }

    public static SqliteStore open(Path file) {
        return open(file, StoreOptions.DEFAULT);
    }

    private static void checkLooksLikeSqlite(Path absolute, Path shown) {
        if (Files.isDirectory(absolute)) {
            throw new StoreException(Kind.IO, "\"" + shown + "\" is a folder; --db takes the path of a database file");
        }
        if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
            // a FIFO, a device or a socket: reading one could block for ever, and SQLite needs a file it can lock and grow
            throw new StoreException(Kind.IO, "\"" + shown + "\" is not a regular file (" + kindOfFile(absolute)
                    + "); --db takes the path of a database file");
        }
        try {
            if (!Files.exists(absolute) || Files.size(absolute) == 0) {
                makeFolder(absolute.getParent());
                return;
            }
            byte[] head = new byte[SQLITE_HEADER.length];
            int n;
            try (InputStream in = Files.newInputStream(absolute)) {
                n = in.readNBytes(head, 0, head.length);
            }
            if (n < head.length || !Arrays.equals(head, SQLITE_HEADER)) {
                throw new StoreException(Kind.CORRUPT, "\"" + shown + "\" is not a Flow database: it is not an SQLite file at all; "
                        + "choose another file with --db, or move this one away");
            }
        } catch (IOException e) {
            throw new StoreException(Kind.IO, "\"" + shown + "\" cannot be opened: " + e.getMessage(), e);
        }
    }

    /**
     * Creates the database's folder. A {@code .flow} folder Flow creates gets a {@code .gitignore}
     * that ignores all of it (the database, artifacts, worktrees of isolated steps), so that the
     * person's {@code git status} stays clean.
     */
    private static void makeFolder(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            return;
        }
        Files.createDirectories(folder);
        if (folder.getFileName() != null && folder.getFileName().toString().equals(".flow")) {
            Files.writeString(folder.resolve(".gitignore"), "# Everything here is Flow's run-time state.\n*\n");
        }
    }

    private static String kindOfFile(Path file) {
        try {
            var attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (attributes.isSymbolicLink()) {
                return "a link";
            }
            Object mode = Files.getAttribute(file, "unix:mode");
            int type = mode instanceof Integer m ? m & 0170000 : 0;
            return switch (type) {
                case 0010000 -> "a FIFO";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "not a plain file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "not a plain file";
        }
    }

    private void prepareSchema(Path shown) {
        SqlSession s = session();
        try {
            int appId = pragmaInt(s, "application_id");
            int version = pragmaInt(s, "user_version");
            int objects = s.queryOne("SELECT count(*) FROM sqlite_master", rs -> rs.getInt(1)).orElse(0);
            if (appId != Migrations.APPLICATION_ID && (appId != 0 || objects > 0)) {
                throw new StoreException(Kind.FOREIGN, "\"" + shown + "\" is an SQLite database of another application, not a Flow database; "
                        + "choose another file with --db");
            }
            if (version < 0) {
                throw new StoreException(Kind.CORRUPT, "\"" + shown + "\" records schema version " + version + ", which no Flow writes: it is not a Flow "
                        + "database, or it was damaged; choose another file with --db");
            }
            if (version == 0 && objects > 0) {
                // Flow marks a database and gives it its version in the transaction that creates its tables
                throw new StoreException(Kind.CORRUPT, "\"" + shown + "\" holds tables but no Flow schema version (user_version 0)"
                        + (appId == Migrations.APPLICATION_ID ? ", though it carries Flow's mark" : "")
                        + ": it was not written by Flow, or it was damaged; choose another file with --db");
            }
            if (version > Migrations.latest()) {
                throw new StoreException(Kind.NEWER_SCHEMA, "\"" + shown + "\" was written by a newer version of Flow (schema " + version
                        + ", this version knows up to " + Migrations.latest() + "); upgrade Flow to use it");
            }
            s.execute("PRAGMA journal_mode=WAL");
            if (version < Migrations.latest()) {
                write(tx -> {
                    migrate((SqlSession) tx);
                    return null;
                });
            }
        } catch (SqlFailure e) {
            close();
            throw classify(e, shown);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private void startCheckpointer() {
        SqlSession own = new SqlSession(connect(), Dialect.SQLITE);
        checkpointing = own;
        synchronized (opened) {
            opened.add(own);
        }
        checkpointer = new Thread(() -> {
            while (!closed) {
                try {
                    Thread.sleep(CHECKPOINT_EVERY_MILLIS);
                    own.execute("PRAGMA wal_checkpoint(PASSIVE)");
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // busy or closing: the next round (or a commit past the threshold) will do it
                }
            }
        }, "flow-checkpoint");
        checkpointer.setDaemon(true);
        checkpointer.start();
    }

    private static void migrate(SqlSession s) {
        // Read again under the write lock: another process may have migrated in the meantime.
        int version = pragmaInt(s, "user_version");
        for (int step = version; step < Migrations.latest(); step++) {
            for (String sql : Migrations.STEPS.get(step)) {
                s.execute(sql);
            }
        }
        if (version < Migrations.latest()) {
            s.execute("PRAGMA application_id=" + Migrations.APPLICATION_ID);
            s.execute("PRAGMA user_version=" + Migrations.latest());
        }
    }

    private static int pragmaInt(SqlSession s, String pragma) {
        return s.queryOne("PRAGMA " + pragma, rs -> rs.getInt(1)).orElse(0);
    }

    private SqlSession session() {
        if (closed) {
            throw new IllegalStateException("the store is closed");
        }
        SqlSession s = sessions.get();
        if (s == null) {
            s = new SqlSession(connect(), Dialect.SQLITE);
            sessions.set(s);
            synchronized (opened) {
                opened.add(s);
            }
        }
        return s;
    }

    private Connection connect() {
        var config = new SQLiteConfig();
        config.setBusyTimeout((int) Math.min(Integer.MAX_VALUE, options.busyTimeout().toMillis()));
        config.setSynchronous(options.durability() == dev.flow.store.Durability.FULL
                ? SQLiteConfig.SynchronousMode.FULL
                : SQLiteConfig.SynchronousMode.NORMAL);
        config.enforceForeignKeys(true);
        // Flow asks for rowids with last_insert_rowid(); without this the driver scans the SQL of every INSERT with a regex.
        config.setGetGeneratedKeys(false);
        Properties props = config.toProperties();
        try {
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + file, props);
            try (var st = c.createStatement()) {
                st.execute("PRAGMA wal_autocheckpoint=" + AUTOCHECKPOINT_PAGES);
            }
            return c;
        } catch (SQLException e) {
            RuntimeException classified = classify(new SqlFailure("open", e), file);
            if (classified instanceof StoreException se && se.getMessage().startsWith("database error")) {
                throw new StoreException(Kind.IO, "\"" + file + "\" cannot be opened: " + e.getMessage(), e);
            }
            throw classified;
        }
    }

    /**
     * Write transactions of this process, one at a time and in the order they asked, committed
     * together when several wait ({@link GroupCommit}). SQLite lets one writer in and makes the
     * others poll: its busy handler sleeps 1, 2, 5 ... up to 100 ms between tries, so on a loaded
     * machine a worker slot that met another slot's commit slept far longer than that commit took (a
     * fan-out's profile had most of its native samples there). Queued here, the next writer starts the
     * moment the last one ends. Other processes still meet SQLite's lock and its busy timeout.
     */
    private final GroupCommit writers;

    /** The least a writer waits for the others of its process, however short the busy timeout. */
    private static final long WRITER_WAIT_MIN_MILLIS = 10_000;

    /**
     * The connection of this process's write transactions, used only by the thread whose turn it is
     * ({@link #writers}). One connection for all of them, not one a thread: a transaction finds in its row cache
     * what the last one read and wrote, whichever thread ran it (a fan-out's slots each read the run's
     * row and the merge's inputs again when every other slot's commit emptied their own connection's
     * cache); they run one at a time anyway.
     */
    private SqlSession writing;

    private SqlSession writerSession() {
        if (closed) {
            throw new IllegalStateException("the store is closed");
        }
        if (writing == null) {
            writing = new SqlSession(connect(), Dialect.SQLITE);
            synchronized (opened) {
                opened.add(writing);
            }
        }
        return writing;
    }

    /** The session of a transaction open on this thread: its own, or the writers' while it holds them; null when none is. */
    private SqlSession openOnThisThread() {
        SqlSession own = sessions.get();
        if (own != null && own.inTransaction()) {
            return own;
        }
        return writers.heldByCurrentThread() && writing != null && writing.inTransaction() ? writing : null;
    }

    @Override
    public <T> T write(Work<T> work) {
        SqlSession open = openOnThisThread();
        if (open != null) {
            return work.run(open); // joins the transaction already open on this thread
        }
        long wait = Math.max(options.busyTimeout().toMillis() * 4, WRITER_WAIT_MIN_MILLIS);
        if (!writers.await(wait)) {
            throw new StoreException(Kind.IO, "\"" + file + "\": another thread of this process held its write transaction for too long");
        }
        return writers.run(this::writerSession, work, (s, w) -> inTransaction(s, w, "BEGIN IMMEDIATE", false));
    }

    @Override
    public <T> T read(Work<T> work) {
        SqlSession open = openOnThisThread();
        if (open != null) {
            return work.run(open); // joins the transaction already open on this thread
        }
        return inTransaction(session(), work, "BEGIN", true);
    }

    /**
     * Runs {@code work} in a transaction, again while the database is busy; then commits it, or with
     * {@code commit} false leaves it open for {@link #writers} to commit. Rolled back when it throws.
     */
    private <T> T inTransaction(SqlSession s, Work<T> work, String begin, boolean commit) {
        long deadline = System.nanoTime() + options.busyTimeout().toNanos() * 4;
        int tries = 0;
        while (true) {
            try {
                return once(s, work, begin, commit);
            } catch (SqlFailure e) {
                if (busy(e) && System.nanoTime() < deadline) {
                    tries++;
                    sleepQuietly(Math.min(200, 5L << Math.min(tries, 5)) + ThreadLocalRandom.current().nextInt(10));
                    continue;
                }
                throw classify(e, file);
            }
        }
    }

    /** Whether the statement met another connection's lock. */
    private static boolean busy(SqlFailure e) {
        int code = e.sql().getErrorCode() & 0xff;
        return code == SQLITE_BUSY || code == SQLITE_LOCKED;
    }

    private static <T> T once(SqlSession s, Work<T> work, String begin, boolean commit) {
        s.execute(begin);
        s.inTransaction(true);
        // Cached rows stay valid while no other connection has committed anything.
        s.keepCacheIf(s.queryOne("PRAGMA data_version", rs -> rs.getLong(1)).orElse(0L));
        boolean done = false;
        try {
            T result = work.run(s);
            if (commit) {
                s.execute("COMMIT");
            }
            done = true;
            return result;
        } finally {
            if (commit || !done) {
                s.inTransaction(false);
            }
            if (!done) {
                s.forgetCachedRows();
                try {
                    s.execute("ROLLBACK");
                } catch (SqlFailure ignored) {
                    // SQLite already rolled back (e.g. after SQLITE_FULL); nothing left to undo.
                }
            }
        }
    }

    private static RuntimeException classify(SqlFailure e, Path shown) {
        int code = e.sql().getErrorCode() & 0xff;
        String why = e.sql().getMessage();
        return switch (code) {
            case SQLITE_CORRUPT, SQLITE_NOTADB -> new StoreException(Kind.CORRUPT, "\"" + shown + "\" is damaged or not a database (" + why
                    + "); restore it from a backup or choose another file with --db", e);
            case SQLITE_BUSY, SQLITE_LOCKED -> new StoreException(Kind.IO, "\"" + shown + "\" stayed locked by another process for too long: " + why, e);
            case SQLITE_FULL -> new StoreException(Kind.IO, "the disk that holds \"" + shown + "\" is full (" + why
                    + "); nothing of the step that needed the space was kept: free some space and try again (flow resume goes on with a run"
                    + " that had started)", e);
            case SQLITE_READONLY -> new StoreException(Kind.IO, "\"" + shown + "\" cannot be written: it, its folder or its disk is read-only (" + why
                    + "); make it writable, or choose another file with --db", e);
            case SQLITE_CANTOPEN -> new StoreException(Kind.IO, "\"" + shown + "\" cannot be opened or created (" + why
                    + "); check that its folder exists and can be written, or choose another file with --db", e);
            case SQLITE_IOERR -> new StoreException(Kind.IO, "I/O error on \"" + shown + "\" (" + why
                    + "): its disk may be full, read-only or failing; nothing of the step under way was kept", e);
            default -> new StoreException(Kind.IO, "database error on \"" + shown + "\": " + e.getMessage(), e);
        };
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(Kind.IO, "interrupted while waiting for the database");
        }
    }

    /**
     * Statements run so far on the connections of this store's threads (the background checkpoints
     * left out): what the tests that hold a step's cost to a budget count.
     */
    public long statementsRun() {
        synchronized (opened) {
            return opened.stream().filter(s -> s != checkpointing).mapToLong(SqlSession::statementsRun).sum();
        }
    }

    /** How many commits this process's write transactions took so far: fewer than its writes when they were committed together. */
    public long commits() {
        return writers.commits();
    }

    /** How many of this process's writers wait for their turn now. */
    int writersWaiting() {
        return writers.waiting();
    }

    /** The database file. */
    public Path location() {
        return file;
    }

    @Override
    public boolean writesSerially() {
        return true;
    }

    @Override
    public String address() {
        return file.toString();
    }

    @Override
    public Path localDir() {
        return file.getParent();
    }

    @Override
    public Path artifactsDir() {
        return artifacts;
    }

    @Override
    public StoreOptions options() {
        return options;
    }

    @Override
    public void close() {
        closed = true;
        if (checkpointer != null) {
            checkpointer.interrupt();
            try {
                checkpointer.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (opened) {
            opened.forEach(SqlSession::close);
            opened.clear();
        }
    }
}
