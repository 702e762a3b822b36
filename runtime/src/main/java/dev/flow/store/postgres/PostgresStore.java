package dev.flow.store.postgres;

import dev.flow.store.Store;
import dev.flow.store.StoreException;
import dev.flow.store.StoreException.Kind;
import dev.flow.store.StoreOptions;
import dev.flow.store.sql.Dialect;
import dev.flow.store.sql.SqlFailure;
import dev.flow.store.sql.SqlSession;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The runtime's database on a PostgreSQL server, which workers on several machines share. Each
 * thread gets its own connection, opened on first use (as with SQLite). Write transactions run at
 * {@code REPEATABLE READ}: every change of an execution also updates that execution's row (its
 * counters and version), so two transactions that touch one execution conflict on that row and
 * the later one fails with a serialization error (or a duplicate key, when both numbered an event
 * alike); it is then run again from the start, as SQLite's busy retries do. Transactions on different executions do not wait for each other, and claims
 * lock the node rows they consider with {@code FOR UPDATE SKIP LOCKED}, so that two workers never
 * wait on each other's claims.
 */
public final class PostgresStore implements Store {

    private static final String SERIALIZATION_FAILURE = "40001";
    private static final String DEADLOCK = "40P01";
    private static final String LOCK_TIMEOUT = "55P03";
    /**
     * Two transactions on one execution both insert its next event (same number): the second finds a
     * duplicate key once the first commits, before it reaches the execution's row. Run again, it
     * reads the new number. A duplicate that is a bug fails the same way every time until the
     * retries run out, and then says so.
     */
    private static final String UNIQUE_VIOLATION = "23505";

    private final PgUrl url;
    private final StoreOptions options;
    private final Path local;
    private final Path artifacts;
    private final ThreadLocal<SqlSession> sessions = new ThreadLocal<>();
    private final List<SqlSession> opened = new ArrayList<>();
    private volatile boolean closed;

    private PostgresStore(PgUrl url, StoreOptions options) {
        this.url = url;
        this.options = options;
        this.artifacts = options.artifactsDir() != null
                ? options.artifactsDir().toAbsolutePath().normalize()
                : Path.of(".flow", "artifacts").toAbsolutePath().normalize();
        // worktrees go beside the artifacts, as they go beside the database file with SQLite
        this.local = artifacts.getParent();
    }

    /**
     * Connects, creating Flow's tables in an empty database and migrating older ones. Refuses, with
     * a message that names the server, a server it cannot reach or log in to, a database that does
     * not exist or belongs to another application, and one written by a newer Flow. Artifacts go
     * to {@code options.artifactsDir()}, by default {@code .flow/artifacts} in the working directory;
     * the worktrees of isolated steps beside them.
     */
    public static PostgresStore open(PgUrl url, StoreOptions options) {
        var store = new PostgresStore(url, options);
        try {
            store.prepareSchema();
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        return store;
    }

    private void prepareSchema() {
        SqlSession s = session();
        try {
            if (schemaVersion(s) == PgMigrations.latest()) {
                return;
            }
            s.execute("BEGIN");
            try {
                // Two workers starting at once: the second waits here, then finds the schema made.
                s.queryOne("SELECT pg_advisory_xact_lock(" + PgMigrations.LOCK + ")", rs -> rs.getObject(1));
                int version = schemaVersion(s);
                if (version < 0) {
                    int tables = s.queryOne("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()", rs -> rs.getInt(1)).orElse(0);
                    if (tables > 0) {
                        throw new StoreException(Kind.FOREIGN, "database \"" + url.database() + "\" on " + url.host() + ":" + url.port()
                                + " holds tables of another application, not Flow's; create an empty database for Flow (createdb) and name it in --db");
                    }
                    s.execute(PgMigrations.SCHEMA_TABLE);
                    s.update("INSERT INTO flow_schema (application, version) VALUES (?, 0)", PgMigrations.APPLICATION);
                    version = 0;
                }
                for (int step = version; step < PgMigrations.latest(); step++) {
                    for (String sql : PgMigrations.STEPS.get(step)) {
                        s.execute(sql);
                    }
                }
                s.update("UPDATE flow_schema SET version = ?", PgMigrations.latest());
                s.execute("COMMIT");
            } catch (RuntimeException e) {
                rollbackQuietly(s);
                throw e;
            }
        } catch (SqlFailure e) {
            throw classify(e);
        }
    }

    /** The schema version recorded in the database; -1 when it has no {@code flow_schema}. */
    private int schemaVersion(SqlSession s) {
        boolean exists = s.queryOne("SELECT to_regclass('flow_schema') IS NOT NULL", rs -> rs.getBoolean(1)).orElse(false);
        if (!exists) {
            return -1;
        }
        var row = s.queryOne("SELECT application, version FROM flow_schema", rs -> new Object[] {rs.getString(1), rs.getInt(2)});
        if (row.isEmpty() || !PgMigrations.APPLICATION.equals(row.get()[0])) {
            throw new StoreException(Kind.FOREIGN, "database \"" + url.database() + "\" on " + url.host() + ":" + url.port()
                    + " has a flow_schema table that Flow did not write; choose another database with --db");
        }
        int version = (Integer) row.get()[1];
        if (version > PgMigrations.latest()) {
            throw new StoreException(Kind.NEWER_SCHEMA, "database \"" + url.database() + "\" on " + url.host() + ":" + url.port()
                    + " was written by a newer version of Flow (schema " + version + ", this version knows up to " + PgMigrations.latest()
                    + "); upgrade Flow to use it");
        }
        return version;
    }

    private SqlSession session() {
        if (closed) {
            throw new IllegalStateException("the store is closed");
        }
        SqlSession s = sessions.get();
        if (s == null) {
            s = new SqlSession(connect(), Dialect.POSTGRESQL);
            sessions.set(s);
            synchronized (opened) {
                opened.add(s);
            }
        }
        return s;
    }

    private Connection connect() {
        var props = new Properties();
        props.putAll(url.params());
        props.setProperty("user", url.user());
        if (url.password() != null) {
            props.setProperty("password", url.password());
        }
        props.setProperty("ApplicationName", "flow");
        props.setProperty("connectTimeout", Long.toString(Math.max(1, Math.min(60, options.busyTimeout().toSeconds()))));
        try {
            Connection c = DriverManager.getConnection(url.jdbc(), props);
            try (var st = c.createStatement()) {
                // A row lock held too long by another worker ends in an error that the retry loop handles, not a hang.
                st.execute("SET lock_timeout = " + options.busyTimeout().toMillis());
                if (options.durability() == dev.flow.store.Durability.FULL) {
                    // the server's own setting otherwise (on, unless its administrator chose speed over the last commits)
                    st.execute("SET synchronous_commit = on");
                }
            }
            return c;
        } catch (SQLException e) {
            throw classify(new SqlFailure("connect", e));
        }
    }

    @Override
    public <T> T write(Work<T> work) {
        return inTransaction(work, "BEGIN ISOLATION LEVEL REPEATABLE READ", true);
    }

    @Override
    public <T> T writeLatest(Work<T> work) {
        return inTransaction(work, "BEGIN ISOLATION LEVEL READ COMMITTED", true);
    }

    @Override
    public <T> T read(Work<T> work) {
        return inTransaction(work, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", false);
    }

    private <T> T inTransaction(Work<T> work, String begin, boolean writing) {
        SqlSession s = session();
        if (s.inTransaction()) {
            return work.run(s); // joins the transaction already open on this thread
        }
        long deadline = System.nanoTime() + options.busyTimeout().toNanos() * 4;
        int tries = 0;
        while (true) {
            try {
                return once(s, work, begin, writing);
            } catch (SqlFailure e) {
                String state = e.sql().getSQLState();
                boolean race = SERIALIZATION_FAILURE.equals(state) || DEADLOCK.equals(state) || LOCK_TIMEOUT.equals(state)
                        || UNIQUE_VIOLATION.equals(state);
                if (race && System.nanoTime() < deadline) {
                    tries++;
                    sleepQuietly(Math.min(100, 1L << Math.min(tries, 6)) + ThreadLocalRandom.current().nextInt(5));
                    continue;
                }
                RuntimeException classified = classify(e);
                if (classified instanceof StoreException lost && lost.isTemporary()) {
                    // The server went away (a restart ends every connection): this thread's connection is dead
                    // for good, so the next transaction connects afresh.
                    discard(s);
                }
                throw classified;
            }
        }
    }

    private static <T> T once(SqlSession s, Work<T> work, String begin, boolean writing) {
        s.execute(begin);
        s.inTransaction(true);
        s.writing(writing);
        // Other workers commit at any time: cached rows are good for one transaction only.
        s.forgetCachedRows();
        boolean committed = false;
        try {
            T result = work.run(s);
            s.execute("COMMIT");
            committed = true;
            return result;
        } finally {
            s.inTransaction(false);
            if (!committed) {
                s.forgetCachedRows();
                rollbackQuietly(s);
            }
        }
    }

    /** Forgets this thread's session and closes its connection. */
    private void discard(SqlSession s) {
        sessions.remove();
        synchronized (opened) {
            opened.remove(s);
        }
        s.close();
    }

    private static void rollbackQuietly(SqlSession s) {
        try {
            s.execute("ROLLBACK");
        } catch (SqlFailure ignored) {
            // the connection is gone or the server rolled back already: nothing left to undo
        }
    }

    private RuntimeException classify(SqlFailure e) {
        String state = e.sql().getSQLState();
        String why = e.sql().getMessage();
        String where = url.toString();
        if (state == null || isConnectionLoss(state)) {
            return new StoreException(Kind.UNAVAILABLE, "cannot reach PostgreSQL at " + where + " (" + why + "); check that the server runs "
                    + "and that host and port are right; nothing of the step under way was kept", e);
        }
        return switch (state) {
            case "28P01", "28000" -> new StoreException(Kind.IO, "PostgreSQL at " + url.host() + ":" + url.port() + " refused user \""
                    + url.user() + "\" (" + why + "); give the password in PGPASSWORD or ~/.pgpass, or ask the server's administrator", e);
            case "3D000" -> new StoreException(Kind.IO, "there is no database \"" + url.database() + "\" on " + url.host() + ":" + url.port()
                    + "; create it first (createdb " + url.database() + ", or CREATE DATABASE)", e);
            case "42501" -> new StoreException(Kind.IO, "user \"" + url.user() + "\" may not use database \"" + url.database() + "\" on "
                    + url.host() + ":" + url.port() + " as Flow needs (" + why + "); grant it the database or its schema", e);
            case SERIALIZATION_FAILURE, DEADLOCK, LOCK_TIMEOUT -> new StoreException(Kind.IO, "PostgreSQL at " + where
                    + " kept this step waiting on other workers for too long: " + why, e);
            default -> state.startsWith("53")
                            ? new StoreException(Kind.IO, "PostgreSQL at " + where + " is out of resources (" + why + ")", e)
                            : new StoreException(Kind.IO, "database error on " + where + ": " + e.getMessage(), e);
        };
    }

    /**
     * Connection exceptions (class 08: refused, broken) and the server shutting down or starting
     * (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now): the server is out of
     * reach for now, not wrong.
     */
    private static boolean isConnectionLoss(String state) {
        return state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03");
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(Kind.IO, "interrupted while waiting for the database");
        }
    }

    /** The server and database this store uses. */
    public PgUrl url() {
        return url;
    }

    @Override
    public String address() {
        return url.toString();
    }

    @Override
    public Path localDir() {
        return local;
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
        synchronized (opened) {
            opened.forEach(SqlSession::close);
            opened.clear();
        }
    }
}
