package dev.flow.store.sql;

import dev.flow.store.ErrorClass;
import dev.flow.store.Guard;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.NodeTable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** SQL of the {@code node_states} table. */
final class SqlNodes implements NodeTable {
    private static final String COLUMNS = "execution_id, node_id, status, iteration, attempt, output, taken, result, input, error, "
            + "lease_owner, lease_expires, ready_at, not_before, started_at, finished_at, child_id, error_class, cost, session_id, entered_seq";
    private static final String PREFIXED = COLUMNS.replaceAll("(\\w+)", "n.$1");

    private final SqlSession s;

    SqlNodes(SqlSession s) {
        this.s = s;
    }

    @Override
    public Optional<NodeRow> get(String executionId, String nodeId) {
        Optional<NodeRow> cached = s.cache.node(executionId, nodeId);
        if (cached != null) {
            return cached;
        }
        Optional<NodeRow> row = s.queryOne("SELECT " + COLUMNS + " FROM node_states WHERE execution_id = ? AND node_id = ?",
                SqlNodes::row, executionId, nodeId);
        s.cache.node(executionId, nodeId, row);
        return row;
    }

    @Override
    public void insert(NodeRow r) {
        s.cache.forgetNode(r.executionId(), r.nodeId());
        s.update("INSERT INTO node_states (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                r.executionId(), r.nodeId(), r.status().keyword(), r.iteration(), r.attempt(), r.output(), r.taken(), r.resultJson(),
                r.inputJson(), r.error(), r.leaseOwner(), r.leaseExpires(), r.readyAt(), r.notBefore(), r.startedAt(), r.finishedAt(),
                r.childId(), keyword(r.errorClass()), r.cost(), r.sessionId(), r.enteredSeq());
        s.cache.node(r.executionId(), r.nodeId(), Optional.of(r));
    }

    @Override
    public boolean update(NodeRow expected, NodeRow r) {
        s.cache.forgetNode(r.executionId(), r.nodeId());
        boolean done = Guard.one(s.update("UPDATE node_states SET status = ?, iteration = ?, attempt = ?, output = ?, taken = ?, result = ?, "
                        + "input = ?, error = ?, lease_owner = ?, lease_expires = ?, ready_at = ?, not_before = ?, started_at = ?, "
                        + "finished_at = ?, child_id = ?, error_class = ?, cost = ?, session_id = ?, entered_seq = ? WHERE execution_id = ? AND node_id = ? "
                        + "AND status = ? AND iteration = ? AND attempt = ? AND lease_owner IS NOT DISTINCT FROM ?",
                r.status().keyword(), r.iteration(), r.attempt(), r.output(), r.taken(), r.resultJson(), r.inputJson(), r.error(),
                r.leaseOwner(), r.leaseExpires(), r.readyAt(), r.notBefore(), r.startedAt(), r.finishedAt(), r.childId(),
                keyword(r.errorClass()), r.cost(), r.sessionId(), r.enteredSeq(),
                expected.executionId(), expected.nodeId(), expected.status().keyword(), expected.iteration(), expected.attempt(),
                expected.leaseOwner()), "node " + expected.nodeId() + " of " + expected.executionId());
        if (done) {
            s.cache.node(r.executionId(), r.nodeId(), Optional.of(r));
        }
        return done;
    }

    @Override
    public List<NodeRow> all(String executionId) {
        return s.query("SELECT " + COLUMNS + " FROM node_states WHERE execution_id = ? ORDER BY node_id", SqlNodes::row, executionId);
    }

    @Override
    public List<NodeRow> claimable(String rootId, long now, int limit) {
        String sql = "SELECT " + PREFIXED + " FROM node_states n JOIN executions e ON e.id = n.execution_id "
                + "WHERE n.status = 'ready' AND (n.not_before IS NULL OR n.not_before <= ?) AND e.status IN ('running','waiting') "
                + "AND e.stopping IS NULL " + inTree(rootId)
                + "ORDER BY n.ready_at, n.execution_id, n.node_id LIMIT ?" + (s.writing() ? s.dialect().claimLock() : "");
        return rootId == null ? s.query(sql, SqlNodes::row, now, limit) : s.query(sql, SqlNodes::row, now, rootId, limit);
    }

    @Override
    public Optional<Long> nextNotBefore(String rootId) {
        String sql = "SELECT min(n.not_before) FROM node_states n JOIN executions e ON e.id = n.execution_id "
                + "WHERE n.status = 'ready' AND n.not_before IS NOT NULL AND e.stopping IS NULL AND e.status IN ('running','waiting') "
                + inTree(rootId);
        return s.queryOne(sql, rs -> SqlSession.longAt(rs, 1), treeArgs(rootId));
    }

    @Override
    public List<NodeRow> expiredLeases(long now) {
        return s.query("SELECT " + COLUMNS + " FROM node_states WHERE status = 'running' AND lease_expires < ?", SqlNodes::row, now);
    }

    @Override
    public List<String> leaseOwners() {
        return s.query("SELECT DISTINCT lease_owner FROM node_states WHERE status = 'running' AND lease_owner IS NOT NULL",
                rs -> rs.getString(1));
    }

    @Override
    public List<NodeRow> heldBy(String owner) {
        return s.query("SELECT " + COLUMNS + " FROM node_states WHERE status = 'running' AND lease_owner = ?", SqlNodes::row, owner);
    }

    @Override
    public int renewLeases(String owner, long expires) {
        s.cache.forgetNodes();
        return s.update("UPDATE node_states SET lease_expires = ? WHERE status = 'running' AND lease_owner = ?", expires, owner);
    }

    @Override
    public int countActive(String rootId) {
        String sql = "SELECT coalesce(sum(e.active), 0) FROM executions e WHERE e.status IN ('running','waiting') "
                + inTree(rootId);
        return s.queryOne(sql, rs -> rs.getInt(1), treeArgs(rootId)).orElse(0);
    }

    private static NodeRow row(ResultSet rs) throws SQLException {
        // every component from its column, by position: a new component fails to compile here until it is read
        return new NodeRow(rs.getString(1), rs.getString(2), NodeStatus.parse(rs.getString(3)), rs.getInt(4), rs.getInt(5),
                rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11),
                SqlSession.longAt(rs, 12), SqlSession.longAt(rs, 13), SqlSession.longAt(rs, 14), SqlSession.longAt(rs, 15), SqlSession.longAt(rs, 16), rs.getString(17),
                ErrorClass.parse(rs.getString(18)), SqlSession.doubleAt(rs, 19), rs.getString(20), SqlSession.longAt(rs, 21));
    }

    /**
     * The condition on executions {@code e} that keeps the tree of {@code rootId}, or nothing when
     * it is null (no {@code ? IS NULL}: PostgreSQL cannot type a parameter that is only ever null).
     */
    static String inTree(String rootId) {
        return rootId == null ? "" : "AND e.root_id = ? ";
    }

    /** The parameters that go with {@link #inTree}. */
    static Object[] treeArgs(String rootId) {
        return rootId == null ? new Object[0] : new Object[] {rootId};
    }

    static String keyword(ErrorClass c) {
        return c == null ? null : c.keyword();
    }
}
