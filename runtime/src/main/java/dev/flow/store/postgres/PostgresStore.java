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
import java.util.concurrent.atomic.AtomicLong;

/**
 * The runtime's database on a PostgreSQL server, which workers on several machines share. Each
 * thread gets its own connection, opened on first use (as with SQLite). Write transactions run at
 * {@code READ COMMITTED} and lock the row of each execution they change before they read its nodes
 * ({@code SELECT ... FOR UPDATE}, the first thing a transition does): two transactions on one
 * execution take turns there, the second reading what the first committed, so neither is run again
 * (at {@code REPEATABLE READ} the second failed with a serialization error once the first committed,
 * and was run again from the start: up to 2.4 times a step with four workers). Every guarded update
 * still checks the row it replaces, and a transaction that loses a race anyway (a deadlock, a lock
 * timeout, a duplicate key, a guarded row changed) is run again, as SQLite's busy retries are.
 * Transactions on different executions do not wait for each other, and claims lock the node rows
 * they consider and their executions' rows with {@code FOR UPDATE SKIP LOCKED}, so that a worker
 * never waits on another's claim nor on an execution another worker is changing. Read transactions
 * run at {@code REPEATABLE READ}: one snapshot. A commit that made work ready for others announces it
 * ({@code NOTIFY}), which idle workers hear ({@link #listenForWork}).
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

    /**
     * How long the server lets one of Flow's sessions sit idle inside a transaction before it ends the
     * session, rolling the transaction back and releasing its locks. Flow sends a transaction's
     * statements back to back (milliseconds), so a session idle this long belongs to a worker that
     * hung or lost its network; the transaction is run again whole if its worker comes back.
     */
    static final long IDLE_IN_TRANSACTION_MILLIS = 10_000;
    /** The server ended a session idle in a transaction past {@link #IDLE_IN_TRANSACTION_MILLIS}. */
    private static final String IDLE_ENDED = "25P03";

    /** The isolation of write transactions, the session's default (see the class comment). */
    private static final String WRITE_ISOLATION = "READ COMMITTED";
    /** The first statement of a read transaction: one snapshot for all its statements. */
    private static final String READ = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ";

    private final PgUrl url;
    private final StoreOptions options;
    private final Path local;
    private final Path artifacts;
    private final ThreadLocal<SqlSession> sessions = new ThreadLocal<>();
    /** This thread's limit on waiting for the server, in milliseconds ({@link #limitThisThread}); 0: none. */
    private final ThreadLocal<Integer> limits = ThreadLocal.withInitial(() -> 0);
    private final List<SqlSession> opened = new ArrayList<>();
    private volatile boolean closed;
    private final List<PgWorkListener> listeners = new ArrayList<>();
    /** Transactions run again after losing a race (serialization failure, deadlock, lock timeout, duplicate key). */
    private final AtomicLong retries = new AtomicLong();

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
            try {
                if (schemaVersion(s) == PgMigrations.latest()) {
                    s.commit();
                    return;
                }
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
                s.commit();
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
            Connection c = connect();
            limit(c, limits.get());
            s = new SqlSession(c, Dialect.POSTGRESQL);
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
        props.remove(PgUrl.SYNCHRONOUS_COMMIT); // a server setting, applied below: not one of the driver's
        props.setProperty("user", url.user());
        if (url.password() != null) {
            props.setProperty("password", url.password());
        }
        props.setProperty("ApplicationName", "flow");
        // the worker's side of the keepalives set on the server's below (KeepAliveSockets says why); a socket factory of
        // the user's own, named in the URL, is kept, and so is a keepalive they turned off there
        if (props.putIfAbsent("socketFactory", KeepAliveSockets.class.getName()) == null) {
            props.putIfAbsent("tcpKeepAlive", "true");
        }
        props.setProperty("connectTimeout", Long.toString(Math.max(1, Math.min(60, options.busyTimeout().toSeconds()))));
        try {
            Connection c = DriverManager.getConnection(url.jdbc(), props);
            try (var st = c.createStatement()) {
                st.execute("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL " + WRITE_ISOLATION);
                // A row lock held too long by another worker ends in an error that the retry loop handles, not a hang.
                st.execute("SET lock_timeout = " + options.busyTimeout().toMillis());
                // A worker that stops inside a transaction (cut off from the server, or hung) would otherwise keep its
                // run's rows locked until the server noticed, which for a pulled cable is hours: the server ends it.
                st.execute("SET idle_in_transaction_session_timeout = " + IDLE_IN_TRANSACTION_MILLIS);
                // The same for one cut off in the middle of a statement, which that timeout does not cover: the server
                // probes a connection silent for 10 s, and ends it when three probes 2 s apart go unanswered.
                st.execute("SET tcp_keepalives_idle = 10");
                st.execute("SET tcp_keepalives_interval = 2");
                st.execute("SET tcp_keepalives_count = 3");
                if (url.synchronousCommit() != null) {
                    st.execute("SET synchronous_commit = " + url.synchronousCommit()); // one of the values PgUrl accepts
                } else if (options.durability() == dev.flow.store.Durability.FULL) {
                    // the server's own setting otherwise (on, unless its administrator chose speed over the last commits)
                    st.execute("SET synchronous_commit = on");
                }
            }
            // The driver then opens each transaction with a BEGIN sent together with its first statement: no round trip of its own.
            c.setAutoCommit(false);
            return c;
        } catch (SQLException e) {
            throw classify(new SqlFailure("connect", e));
        }
    }

    @Override
    public <T> T write(Work<T> work) {
        return inTransaction(work, null, true);
    }

    @Override
    public <T> T read(Work<T> work) {
        return inTransaction(work, READ, false);
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
                    retries.incrementAndGet();
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

    /** {@code first}: the transaction's first statement, sent with its BEGIN; null when the session's default fits. */
    private static <T> T once(SqlSession s, Work<T> work, String first, boolean writing) {
        if (first != null) {
            s.execute(first);
        }
        s.inTransaction(true);
        s.writing(writing);
        // Other workers commit at any time: cached rows are good for one transaction only.
        s.forgetCachedRows();
        boolean committed = false;
        try {
            T result = work.run(s);
            s.commit();
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
            s.rollback();
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
     * (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), and the server ending a
     * session that sat idle in a transaction ({@link #IDLE_IN_TRANSACTION_MILLIS}; its worker was cut off
     * or hung): the server is out of reach for now, not wrong, and the transaction is run again whole.
     */
    private static boolean isConnectionLoss(String state) {
        return state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03") || state.equals(IDLE_ENDED);
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(Kind.IO, "interrupted while waiting for the database");
        }
    }

    @Override
    public void limitThisThread(java.time.Duration limit) {
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, limit.toMillis()));
        limits.set(millis);
        SqlSession s = sessions.get();
        if (s != null) {
            limit(s.connection(), millis);
        }
    }

    /** A read that waits longer than {@code millis} on the server fails as an I/O error: the connection is then given up. */
    private static void limit(Connection c, int millis) {
        try {
            c.setNetworkTimeout(Runnable::run, millis);
        } catch (SQLException e) {
            // a closed connection: the next call opens another, with the limit
        }
    }

    @Override
    public boolean sharedAcrossMachines() {
        return true;
    }

    @Override
    public WorkListener listenForWork(Runnable wake) {
        var listener = new PgWorkListener(this::connect, wake);
        synchronized (listeners) {
            if (closed) {
                return null;
            }
            listeners.add(listener);
        }
        listener.start();
        return new WorkListener() {
            @Override
            public boolean listening() {
                return listener.listening();
            }

            @Override
            public void close() {
                synchronized (listeners) {
                    listeners.remove(listener);
                }
                listener.close();
            }
        };
    }

    /** How many statements this store's connections have sent (a transaction's BEGIN and COMMIT included), for the tests that count a step's cost. */
    public long statementsRun() {
        synchronized (opened) {
            return opened.stream().mapToLong(SqlSession::statementsRun).sum();
        }
    }

    /** How many round trips to the server this store's connections have made (several statements may share one). */
    public long roundTrips() {
        synchronized (opened) {
            return opened.stream().mapToLong(SqlSession::roundTrips).sum();
        }
    }

    /** How many transactions were run again after losing a race to another transaction, since the store opened. */
    public long retries() {
        return retries.get();
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
        List<PgWorkListener> listening;
        synchronized (listeners) {
            listening = List.copyOf(listeners);
            listeners.clear();
        }
        listening.forEach(PgWorkListener::close);
        synchronized (opened) {
            opened.forEach(SqlSession::close);
            opened.clear();
        }
    }
}
