package dev.flow.store.sqlite;

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
 * One thread's connection, its prepared statements (prepared once, reused by every transaction) and
 * the table objects that use them.
 */
final class Session implements Tx, AutoCloseable {
    final Connection connection;
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    boolean inTransaction;

    /**
     * Rows this connection read or wrote, kept across transactions while no other connection has
     * committed anything ({@code PRAGMA data_version} unchanged): a worker that goes on with its
     * own chain of nodes reads nothing twice. Cleared on any foreign commit and on rollback.
     */
    final RowCache cache = new RowCache();
    private long dataVersion = Long.MIN_VALUE;

    private final SqliteWorkflows workflows = new SqliteWorkflows(this);
    private final SqliteExecutions executions = new SqliteExecutions(this);
    private final SqliteNodes nodes = new SqliteNodes(this);
    private final SqliteRuns runs = new SqliteRuns(this);
    private final SqliteLoopCounters loops = new SqliteLoopCounters(this);
    private final SqliteState state = new SqliteState(this);
    private final SqliteRequests requests = new SqliteRequests(this);
    private final SqliteKv kv = new SqliteKv(this);
    private final SqliteEvents events = new SqliteEvents(this);
    private final SqliteGraphVersions graphVersions = new SqliteGraphVersions(this);
    private final SqliteForks forks = new SqliteForks(this);

    Session(Connection connection) {
        this.connection = connection;
    }

    /** Reads one row per call of {@code map}. */
    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    /** At the start of a transaction: forgets cached rows if another connection committed since. */
    void checkForeignCommits() {
        long v = queryOne("PRAGMA data_version", rs -> rs.getLong(1)).orElse(0L);
        if (v != dataVersion) {
            cache.clear();
            dataVersion = v;
        }
    }

    PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            statements.put(sql, ps);
        }
        return ps;
    }

    private PreparedStatement bound(String sql, Object... args) throws SQLException {
        PreparedStatement ps = prepare(sql);
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
        return ps;
    }

    /** Runs an INSERT, UPDATE or DELETE; returns the rows changed. */
    int update(String sql, Object... args) {
        try {
            return bound(sql, args).executeUpdate();
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
        }
    }

    /** Runs an INSERT and returns the new rowid. */
    long insertReturningId(String sql, Object... args) {
        update(sql, args);
        return queryOne("SELECT last_insert_rowid()", rs -> rs.getLong(1)).orElseThrow();
    }

    <T> List<T> query(String sql, RowMapper<T> mapper, Object... args) {
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

    <T> Optional<T> queryOne(String sql, RowMapper<T> mapper, Object... args) {
        try (ResultSet rs = bound(sql, args).executeQuery()) {
            return rs.next() ? Optional.ofNullable(mapper.map(rs)) : Optional.empty();
        } catch (SQLException e) {
            throw new SqlFailure(firstWords(sql), e);
        }
    }

    /** Runs a statement whose result, if any, does not matter (BEGIN, COMMIT, PRAGMA, DDL). */
    void execute(String sql) {
        try {
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
