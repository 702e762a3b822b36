package dev.flow.store.sql;

import dev.flow.store.EventTable;
import dev.flow.store.GraphVersionTable;
import dev.flow.store.ExecutionTable;
import dev.flow.store.ForkTable;
import dev.flow.store.Guard;
import dev.flow.store.KvTable;
import dev.flow.store.LoopCounterTable;
import dev.flow.store.NodeTable;
import dev.flow.store.RequestTable;
import dev.flow.store.RunTable;
import dev.flow.store.StateTable;
import dev.flow.store.StoreException;
import dev.flow.store.Tx;
import dev.flow.store.WorkflowTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One thread's connection to an SQL store, its prepared statements (prepared once, reused by every
 * transaction) and the table objects that use them. The tables' SQL is the same for SQLite and
 * PostgreSQL; what differs is in {@link Dialect}.
 */
public final class SqlSession implements Tx, AutoCloseable {
    /** The channel on which a commit on PostgreSQL says that it made work ready ({@link #announceWork}). */
    public static final String WORK_CHANNEL = "flow_work";
    private final Connection connection;
    private final Dialect dialect;
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    private boolean inTransaction;
    /** Statements run on this connection, for the tests that count a step's cost (written by its thread only). */
    private volatile long run;
    /** Requests this connection made and waited for an answer to (several statements may go in one). */
    private volatile long trips;
    private boolean writing = true;

    /**
     * Rows this connection read or wrote, kept while they are known to be current: the store says
     * when at the start of each transaction ({@link #keepCacheIf}, {@link #forgetCachedRows}).
     * A worker that goes on with its own chain of nodes reads nothing twice.
     */
    final RowCache cache = new RowCache();
    private long dataVersion = Long.MIN_VALUE;
    /** Writes held back to go to the server as one statement (PostgreSQL); null where each write runs at once (SQLite). */
    private final WriteBatch batch;
    /** The batched statements by text, the most recently used kept: a batch's text depends on its writes. */
    private final Map<String, PreparedStatement> batchStatements = new LinkedHashMap<>(16, 0.75f, true);
    private static final int BATCH_STATEMENTS_KEPT = 64;
    /** Whether the next statement takes {@link #preferIndexOrder}'s setting with it. */
    private boolean noSorts;
    /** A read asked for ahead ({@link #readAhead}), to go with the next statement sent. */
    private Read readWanted;
    /** A read sent with the statement before it, its result waiting on that statement for the read to be asked. */
    private Read readSent;

    /**
     * A query and its arguments; once sent, the statement its result waits on and the round trip
     * it went in (its result is current only while no other request has gone since).
     */
    private record Read(String sql, Object[] args, PreparedStatement on, long trip) {
        boolean is(String otherSql, Object[] otherArgs) {
            return sql.equals(otherSql) && java.util.Arrays.equals(args, otherArgs);
        }
    }

    private final SqlWorkflows workflows = new SqlWorkflows(this);
    private final SqlExecutions executions = new SqlExecutions(this);
    private final SqlNodes nodes = new SqlNodes(this);
    private final SqlRuns runs = new SqlRuns(this);
    private final SqlLoopCounters loops = new SqlLoopCounters(this);
    private final SqlState state = new SqlState(this);
    private final SqlRequests requests = new SqlRequests(this);
    private final SqlKv kv = new SqlKv(this);
    private final SqlEvents events = new SqlEvents(this);
    private final SqlGraphVersions graphVersions = new SqlGraphVersions(this);
    private final SqlForks forks = new SqlForks(this);

    public SqlSession(Connection connection, Dialect dialect) {
        this.connection = connection;
        this.dialect = dialect;
        this.batch = dialect == Dialect.POSTGRESQL ? new WriteBatch() : null;
    }

    public Connection connection() {
        return connection;
    }

    Dialect dialect() {
        return dialect;
    }

    /** Whether a transaction is open on this connection (a nested unit of work joins it). */
    public boolean inTransaction() {
        return inTransaction;
    }

    public void inTransaction(boolean open) {
        inTransaction = open;
    }

    /** Says whether the transaction being opened may write (a read-only one takes no row locks). */
    public void writing(boolean mayWrite) {
        writing = mayWrite;
    }

    boolean writing() {
        return writing;
    }

    /** Reads one row per call of {@code map}. */
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    /**
     * At the start of a transaction: keeps the cached rows only if the database's change counter
     * is still {@code version} (SQLite's {@code PRAGMA data_version}: no other connection committed).
     */
    public void keepCacheIf(long version) {
        if (version != dataVersion) {
            cache.clear();
            dataVersion = version;
        }
    }

    /** Forgets every cached row: at a rollback, or at each transaction where others may have committed. */
    public void forgetCachedRows() {
        cache.clear();
    }

    PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            statements.put(sql, ps);
        }
        return ps;
    }

    /** How many statements this connection has run (BEGIN, COMMIT and PRAGMA included). */
    public long statementsRun() {
        return run;
    }

    /** How many times this connection sent statements and waited for their answer: a round trip each on a server. */
    public long roundTrips() {
        return trips;
    }

    private PreparedStatement bound(String sql, Object... args) throws SQLException {
        run++;
        trips++;
        PreparedStatement ps = prepare(sql);
        bind(ps, 0, args);
        return ps;
    }

    /**
     * Runs {@code sql} and leaves its statement at its result. On PostgreSQL the held writes (and a
     * planner setting) go ahead of it in the same statement text, so the server gets both in one round
     * trip and runs them in order: the read sees the writes, and a guarded write that changed nothing
     * fails here as it would have alone. A read asked for ahead ({@code after}) goes after it, in the
     * same request. Null when nothing went with it: then the caller runs it.
     */
    private PreparedStatement sentWithAhead(String sql, Object[] args, Read after) throws SQLException {
        Ahead ahead = takeAhead();
        if (ahead == null && after == null) {
            return null;
        }
        run += 1 + (ahead != null ? 1 : 0) + (after != null ? 1 : 0);
        trips++;
        String text = (ahead != null ? ahead.sql() + ";\n" : "") + sql + (after != null ? ";\n" + after.sql() : "");
        PreparedStatement ps = batchStatement(text);
        int bound = 0;
        if (ahead != null) {
            bind(ps, 0, ahead.args());
            bound = ahead.args().length;
        }
        bind(ps, bound, args);
        if (after != null) {
            bind(ps, bound + args.length, after.args());
        }
        boolean rows = ps.execute();
        if (ahead != null) {
            checkGuards(ps, rows, ahead.guarded());
            ps.getMoreResults();
        }
        if (after != null) {
            readSent = new Read(after.sql(), after.args(), ps, trips);
        }
        return ps;
    }

    /**
     * Asks for {@code sql} to go with the next statement sent, in the same request (PostgreSQL), for
     * a read that comes right after a statement that may wait: an execution's row lock, then its
     * nodes. The server runs it once the statement before it is done, as if sent then. SQLite, with
     * no round trips to save, ignores it.
     */
    void readAhead(String sql, Object... args) {
        if (batch != null) {
            readWanted = new Read(sql, args, null, 0);
        }
    }

    /**
     * The result of the read sent ahead, when {@code sql} is that read, nothing was sent since and
     * no write is held that it should see; null otherwise (and the read sent ahead is dropped).
     */
    private ResultSet readSentAhead(String sql, Object[] args) throws SQLException {
        Read read = readSent;
        readSent = null;
        if (read == null || read.trip() != trips || !read.is(sql, args) || !batch.isEmpty() || noSorts) {
            return null;
        }
        // the statement's first result was read and closed by the caller; the next one is this read's
        return read.on().getMoreResults() ? read.on().getResultSet() : null;
    }

    /** Binds {@code args} to the statement's parameters after the first {@code before}. */
    private static void bind(PreparedStatement ps, int before, Object[] args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            ps.setObject(before + i + 1, args[i]);
        }
    }

    /** Runs an INSERT, UPDATE or DELETE; returns the rows changed. */
    public int update(String sql, Object... args) {
        try {
            PreparedStatement sent = sentWithAhead(sql, args, null);
            return sent != null ? sent.getUpdateCount() : bound(sql, args).executeUpdate();
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
        }
    }

    /** The result set of a query: the one sent ahead for it, its own statement's, or the one {@link #sentWithAhead} left. */
    private ResultSet resultOf(String sql, Object... args) throws SQLException {
        if (batch != null) {
            ResultSet ready = readSentAhead(sql, args);
            if (ready != null) {
                return ready;
            }
        }
        Read after = readWanted;
        readWanted = null;
        if (after != null && after.is(sql, args)) {
            after = null; // asked for now: it goes alone
        }
        PreparedStatement sent = sentWithAhead(sql, args, after);
        return sent != null ? sent.getResultSet() : bound(sql, args).executeQuery();
    }

    /**
     * Asks the planner to read in an index's order rather than read everything and sort, for the rest
     * of the transaction (PostgreSQL's {@code enable_sort}, set locally; SQLite plans without
     * statistics and needs nothing). A claim's {@code ORDER BY ... LIMIT} is only cheap from the
     * ready index, and PostgreSQL, going by statistics taken when few nodes were ready (or by none,
     * on a new database), chose to sort every ready row of every run at each claim. The setting rides
     * with the next statement, at no round trip of its own.
     */
    void preferIndexOrder() {
        if (dialect == Dialect.POSTGRESQL) {
            noSorts = true;
        }
    }

    /** Whether writes are held back and sent together ({@link #write}). */
    boolean batching() {
        return batch != null;
    }

    /**
     * A write whose result is not read at once: on PostgreSQL it is held and sent with the other
     * writes of the transaction as one statement before the next read or at the commit (see {@link
     * WriteBatch}); on SQLite it runs now. {@code row} names the row it writes (null for a row nothing
     * else in the transaction writes, such as a new event); {@code guarded}, when not null, names what
     * must change exactly one row: held, a count of 0 fails the transaction when it is sent ({@link
     * Guard#exactlyOne}). Returns the rows changed, 1 when held.
     */
    int write(String row, String guarded, String sql, Object... args) {
        if (batch == null) {
            return update(sql, args);
        }
        if (batch.touches(row) || !batch.fits(args.length)) {
            sendBatch();
        }
        batch.add(row, new WriteBatch.Part(sql, args, guarded));
        return 1;
    }

    /** What goes to the server ahead of the next statement: the held writes, or a planner setting alone. */
    private record Ahead(String sql, Object[] args, List<WriteBatch.Part> guarded) {}

    /** The setting {@link #preferIndexOrder} asks for, as an expression a statement can select. */
    static final String NO_SORTS = "set_config('enable_sort', 'off', true)";

    /** Takes what must reach the server before the next statement (null: nothing); the batch is empty after. */
    private Ahead takeAhead() {
        if (batch == null) {
            return null;
        }
        if (noSorts) {
            noSorts = false;
            if (batch.isEmpty()) {
                return new Ahead("SELECT " + NO_SORTS, new Object[0], List.of());
            }
            batch.alsoSelect(NO_SORTS);
        }
        if (batch.isEmpty()) {
            return null;
        }
        var ahead = new Ahead(batch.sql(), batch.args(), batch.guarded());
        batch.clear();
        return ahead;
    }

    /** Sends the held writes, checking each guarded one changed one row. */
    private void sendBatch() {
        Ahead ahead = takeAhead();
        if (ahead == null) {
            return;
        }
        run++;
        trips++;
        try {
            PreparedStatement ps = batchStatement(ahead.sql());
            bind(ps, 0, ahead.args());
            checkGuards(ps, ps.execute(), ahead.guarded());
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(ahead.sql()), e);
        }
    }

    /** The prepared statement of a batch's text (or of one with a statement after it), the most recently used kept. */
    private PreparedStatement batchStatement(String sql) throws SQLException {
        PreparedStatement ps = batchStatements.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            batchStatements.put(sql, ps);
            if (batchStatements.size() > BATCH_STATEMENTS_KEPT) {
                var eldest = batchStatements.entrySet().iterator().next();
                eldest.getValue().close();
                batchStatements.remove(eldest.getKey());
            }
        }
        return ps;
    }

    /** Reads a sent batch's counts ({@code rows}: whether its first result is a result set), failing the transaction on a guarded write that changed nothing. */
    private static void checkGuards(PreparedStatement ps, boolean rows, List<WriteBatch.Part> guarded) throws SQLException {
        if (!rows || guarded.isEmpty()) {
            return;
        }
        ResultSet rs = ps.getResultSet();
        if (!rs.next()) {
            return;
        }
        for (int i = 0; i < guarded.size(); i++) {
            // as if each had run alone: a transition nothing may race found its row changed
            Guard.exactlyOne(rs.getInt(i + 1), guarded.get(i).guarded());
        }
    }

    @Override
    public void announceWork() {
        if (batch != null) {
            batch.announce();
        }
    }

    /** Sends the held writes and commits. */
    public void commit() {
        if (batch != null && batch.announces() && batch.isEmpty()) {
            execute("NOTIFY " + WORK_CHANNEL); // nothing written to go with it
        }
        noSorts = false; // a setting that no statement took would end with the transaction anyway
        readWanted = null;
        readSent = null;
        if (batch != null && !batch.isEmpty()) {
            commitWithWrites();
            return;
        }
        run++;
        trips++;
        try {
            connection.commit();
        } catch (SQLException e) {
            throw new SqlFailure("COMMIT", e);
        }
    }

    /** The SQLSTATE of {@code flow_guard}'s error: a guarded write changed no row. */
    private static final String GUARD_FAILED = "FL001";

    /**
     * The held writes and the COMMIT in one request (PostgreSQL). The server checks the guards
     * ({@link WriteBatch#sqlGuardedOnServer}): a failed one fails its statement, the server skips
     * the rest of the request, and the transaction is rolled back as after any failure here.
     */
    private void commitWithWrites() {
        String sql = batch.sqlGuardedOnServer() + ";\nCOMMIT";
        Object[] args = batch.argsGuardedOnServer();
        batch.clear();
        run += 2;
        trips++;
        try {
            PreparedStatement ps = batchStatement(sql);
            bind(ps, 0, args);
            ps.execute();
            connection.commit(); // the server has committed, and the driver knows it: this sends nothing
        } catch (SQLException e) {
            if (GUARD_FAILED.equals(e.getSQLState())) {
                throw new StoreException(StoreException.Kind.BUG, serverMessage(e));
            }
            throw new SqlFailure("COMMIT", e);
        }
    }

    /** The message a server's error carries, without the driver's "ERROR: " and its context lines. */
    private static String serverMessage(SQLException e) {
        String message = String.valueOf(e.getMessage());
        String first = message.lines().findFirst().orElse(message).strip();
        return first.startsWith("ERROR: ") ? first.substring("ERROR: ".length()) : first;
    }

    /** Drops the held writes and rolls back. */
    public void rollback() {
        noSorts = false;
        readWanted = null;
        readSent = null;
        if (batch != null) {
            batch.clear();
        }
        try {
            connection.rollback();
        } catch (SQLException e) {
            throw new SqlFailure("ROLLBACK", e);
        }
    }

    /** Runs an INSERT into a table whose key is {@code id} and returns the new row's id. */
    long insertReturningId(String sql, Object... args) {
        if (dialect == Dialect.SQLITE) {
            update(sql, args);
            return queryOne("SELECT last_insert_rowid()", rs -> rs.getLong(1)).orElseThrow();
        }
        return queryOne(sql + " RETURNING id", rs -> rs.getLong(1), args).orElseThrow();
    }

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... args) {
        try (ResultSet rs = resultOf(sql, args)) {
            var out = new ArrayList<T>();
            while (rs.next()) {
                out.add(mapper.map(rs));
            }
            return out;
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
        }
    }

    public <T> Optional<T> queryOne(String sql, RowMapper<T> mapper, Object... args) {
        try (ResultSet rs = resultOf(sql, args)) {
            return rs.next() ? Optional.ofNullable(mapper.map(rs)) : Optional.empty();
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
        }
    }

    /** Runs a statement whose result, if any, does not matter (BEGIN, COMMIT, PRAGMA, DDL). */
    public void execute(String sql) {
        try {
            sendBatch();
            run++;
            trips++;
            PreparedStatement ps = prepare(sql);
            if (ps.execute()) {
                ps.getResultSet().close(); // an unread result keeps the statement, and a read transaction, open
            }
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
        }
    }

    private static String firstWords(String sql) {
        String s = sql.strip().replaceAll("\\s+", " ");
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }

    static Long longOrNull(ResultSet rs, String column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    static Long longAt(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    static Double doubleAt(ResultSet rs, int column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }

    @Override
    public void close() {
        for (Map<String, PreparedStatement> prepared : List.of(statements, batchStatements)) {
            for (PreparedStatement ps : prepared.values()) {
                try {
                    ps.close();
                } catch (SQLException ignored) {
                    // closing anyway
                }
            }
            prepared.clear();
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
    }

    @Override
    public long databaseMillis() {
        return queryOne("SELECT " + dialect.now(), rs -> rs.getLong(1)).orElseThrow();
    }

    @Override
    public WorkflowTable workflows() {
        return workflows;
    }

    @Override
    public ExecutionTable executions() {
        return executions;
    }

    @Override
    public NodeTable nodes() {
        return nodes;
    }

    @Override
    public RunTable runs() {
        return runs;
    }

    @Override
    public LoopCounterTable loops() {
        return loops;
    }

    @Override
    public StateTable state() {
        return state;
    }

    @Override
    public RequestTable requests() {
        return requests;
    }

    @Override
    public KvTable kv() {
        return kv;
    }

    @Override
    public EventTable events() {
        return events;
    }

    @Override
    public GraphVersionTable graphVersions() {
        return graphVersions;
    }

    @Override
    public ForkTable forks() {
        return forks;
    }
}
