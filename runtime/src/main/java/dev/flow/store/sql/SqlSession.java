package dev.flow.store.sql;

import dev.flow.store.EventTable;
import dev.flow.store.GraphVersionTable;
import dev.flow.store.ExecutionTable;
import dev.flow.store.ForkTable;
import dev.flow.store.KvTable;
import dev.flow.store.LoopCounterTable;
import dev.flow.store.NodeTable;
import dev.flow.store.RequestTable;
import dev.flow.store.RunTable;
import dev.flow.store.StateTable;
import dev.flow.store.Tx;
import dev.flow.store.WorkflowTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One thread's connection to an SQL store, its prepared statements (prepared once, reused by every
 * transaction) and the table objects that use them. The tables' SQL is the same for SQLite and
 * PostgreSQL; what differs is in {@link Dialect}.
 */
public final class SqlSession implements Tx, AutoCloseable {
    private final Connection connection;
    private final Dialect dialect;
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    private boolean inTransaction;
    /** Statements run on this connection, for the tests that count a step's cost (written by its thread only). */
    private volatile long run;
    private boolean writing = true;

    /**
     * Rows this connection read or wrote, kept while they are known to be current: the store says
     * when at the start of each transaction ({@link #keepCacheIf}, {@link #forgetCachedRows}).
     * A worker that goes on with its own chain of nodes reads nothing twice.
     */
    final RowCache cache = new RowCache();
    private long dataVersion = Long.MIN_VALUE;

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

    private PreparedStatement bound(String sql, Object... args) throws SQLException {
        run++;
        PreparedStatement ps = prepare(sql);
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
        return ps;
    }

    /** Runs an INSERT, UPDATE or DELETE; returns the rows changed. */
    public int update(String sql, Object... args) {
        try {
            return bound(sql, args).executeUpdate();
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
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
        try (ResultSet rs = bound(sql, args).executeQuery()) {
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
        try (ResultSet rs = bound(sql, args).executeQuery()) {
            return rs.next() ? Optional.ofNullable(mapper.map(rs)) : Optional.empty();
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
        }
    }

    /** Runs a statement whose result, if any, does not matter (BEGIN, COMMIT, PRAGMA, DDL). */
    public void execute(String sql) {
        try {
            run++;
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
        for (PreparedStatement ps : statements.values()) {
            try {
                ps.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
        statements.clear();
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
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
