package dev.flow.store.sql;

import dev.flow.store.ErrorClass;
import dev.flow.store.Guard;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.NodeTable;
import dev.flow.store.ReadyNode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        if (s.cache.knownAbsent(executionId, nodeId)) {
            return Optional.empty();
        }
        Optional<NodeRow> row = s.queryOne("SELECT " + COLUMNS + " FROM node_states WHERE execution_id = ? AND node_id = ?",
                SqlNodes::row, executionId, nodeId);
        s.cache.node(executionId, nodeId, row);
        return row;
    }

    @Override
    public void insert(NodeRow r) {
        s.cache.forgetNode(r.executionId(), r.nodeId());
        s.cache.inserting(r.executionId(), r.nodeId());
        s.write(rowKey(r.executionId(), r.nodeId()), null, "INSERT INTO node_states (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                r.executionId(), r.nodeId(), r.status().keyword(), r.iteration(), r.attempt(), r.output(), r.taken(), r.resultJson(),
                r.inputJson(), r.error(), r.leaseOwner(), r.leaseExpires(), r.readyAt(), r.notBefore(), r.startedAt(), r.finishedAt(),
                r.childId(), keyword(r.errorClass()), r.cost(), r.sessionId(), r.enteredSeq());
        s.cache.node(r.executionId(), r.nodeId(), Optional.of(r));
    }

    @Override
    public boolean update(NodeRow expected, NodeRow r) {
        return write(expected, r, false);
    }

    @Override
    public void replace(NodeRow expected, NodeRow r) {
        write(expected, r, true);
    }

    /** The guarded update; {@code held}: it may go with the transaction's other writes, a lost race failing it there. */
    private boolean write(NodeRow expected, NodeRow r, boolean held) {
        s.cache.forgetNode(r.executionId(), r.nodeId());
        String what = "node \"" + expected.nodeId() + "\" of execution " + expected.executionId();
        String sql = "UPDATE node_states SET status = ?, iteration = ?, attempt = ?, output = ?, taken = ?, result = ?, "
                + "input = ?, error = ?, lease_owner = ?, lease_expires = ?, ready_at = ?, not_before = ?, started_at = ?, "
                + "finished_at = ?, child_id = ?, error_class = ?, cost = ?, session_id = ?, entered_seq = ? WHERE execution_id = ? AND node_id = ? "
                + "AND status = ? AND iteration = ? AND attempt = ? AND lease_owner IS NOT DISTINCT FROM ?";
        Object[] args = {r.status().keyword(), r.iteration(), r.attempt(), r.output(), r.taken(), r.resultJson(), r.inputJson(), r.error(),
                r.leaseOwner(), r.leaseExpires(), r.readyAt(), r.notBefore(), r.startedAt(), r.finishedAt(), r.childId(),
                keyword(r.errorClass()), r.cost(), r.sessionId(), r.enteredSeq(),
                expected.executionId(), expected.nodeId(), expected.status().keyword(), expected.iteration(), expected.attempt(),
                expected.leaseOwner()};
        boolean done;
        if (held) {
            Guard.exactlyOne(s.write(rowKey(expected.executionId(), expected.nodeId()), what, sql, args), what); // held on a server: checked when sent
            done = true;
        } else {
            done = Guard.one(s.update(sql, args), what);
        }
        if (done) {
            s.cache.node(r.executionId(), r.nodeId(), Optional.of(r));
        }
        return done;
    }

    /** Statements of {@link #getAll} read up to this many rows each; fewer ids are padded to a power of two, so that few texts are prepared. */
    private static final int MANY_MAX = 64;
    private static final String[] MANY = new String[MANY_MAX + 1];

    static {
        for (int n = 1; n <= MANY_MAX; n *= 2) {
            MANY[n] = "SELECT " + COLUMNS + " FROM node_states WHERE execution_id = ? AND node_id IN (" + "?, ".repeat(n - 1) + "?)";
        }
    }

    @Override
    public Map<String, NodeRow> getAll(String executionId, List<String> nodeIds) {
        var found = new HashMap<String, NodeRow>();
        List<String> unknown = uncached(executionId, nodeIds, found);
        for (int from = 0; from < unknown.size(); from += MANY_MAX) {
            List<String> part = unknown.subList(from, Math.min(unknown.size(), from + MANY_MAX));
            Object[] args = manyArgs(executionId, part);
            var rows = new HashMap<String, NodeRow>();
            for (NodeRow r : s.query(MANY[args.length - 1], SqlNodes::row, args)) {
                rows.put(r.nodeId(), r);
            }
            for (String id : part) {
                NodeRow r = rows.get(id);
                s.cache.node(executionId, id, Optional.ofNullable(r));
                if (r != null) {
                    found.put(id, r);
                }
            }
        }
        return found;
    }

    @Override
    public void readAhead(String executionId, List<String> nodeIds) {
        if (!s.batching()) {
            return; // SQLite: no round trips to save, and a step's hot path
        }
        List<String> unknown = uncached(executionId, nodeIds, new HashMap<>());
        if (!unknown.isEmpty() && unknown.size() <= MANY_MAX) {
            Object[] args = manyArgs(executionId, unknown);
            s.readAhead(MANY[args.length - 1], args);
        }
    }

    /** The ids whose rows the cache does not know; the rows it knows go into {@code found}. */
    private List<String> uncached(String executionId, List<String> nodeIds, Map<String, NodeRow> found) {
        var unknown = new ArrayList<String>();
        for (String id : nodeIds) {
            Optional<NodeRow> cached = s.cache.node(executionId, id);
            if (cached == null) {
                if (!s.cache.knownAbsent(executionId, id)) {
                    unknown.add(id);
                }
            } else {
                cached.ifPresent(r -> found.put(id, r));
            }
        }
        return unknown;
    }

    /** The execution and the ids, padded to a power of two with the last id again (IN does not mind): a {@link #MANY} statement's arguments. */
    private static Object[] manyArgs(String executionId, List<String> part) {
        int n = Integer.highestOneBit(part.size());
        n = n == part.size() ? n : n * 2;
        var args = new Object[n + 1];
        args[0] = executionId;
        for (int i = 0; i < n; i++) {
            args[i + 1] = part.get(Math.min(i, part.size() - 1));
        }
        return args;
    }

    private static String rowKey(String executionId, String nodeId) {
        return "node/" + executionId + "/" + nodeId;
    }

    @Override
    public List<NodeRow> all(String executionId) {
        return s.query("SELECT " + COLUMNS + " FROM node_states WHERE execution_id = ? ORDER BY node_id", SqlNodes::row, executionId);
    }

    /**
     * Candidates a claim locks at most on a server: each is locked with its execution's row until the
     * claim commits, and other workers skip them meanwhile; 32 locked most ready executions at once.
     */
    static final int SERVER_CLAIM_CANDIDATES = 4;

    @Override
    public List<ReadyNode> claimable(String rootId, long now, int limit) {
        return claimable(rootId, now, limit, null);
    }

    @Override
    public List<ReadyNode> claimable(String rootId, long now, int limit, ReadyNode after) {
        if (s.writing() && s.dialect() == Dialect.POSTGRESQL) {
            limit = Math.min(limit, SERVER_CLAIM_CANDIDATES);
        }
        s.preferIndexOrder();
        String sql = claimableSql(s.dialect(), rootId, after != null) + (s.writing() ? s.dialect().claimLock() : "");
        var args = new ArrayList<Object>();
        args.add(now);
        if (after != null) {
            args.add(after.readyAt());
            args.add(after.executionId());
            args.add(after.nodeId());
        }
        if (rootId != null) {
            args.add(rootId);
        }
        args.add(limit);
        if (s.dialect() != Dialect.POSTGRESQL) {
            return s.query(sql, rs -> new ReadyNode(rs.getString(1), rs.getString(2), SqlSession.longAt(rs, 3)), args.toArray());
        }
        List<NodeRow> rows = s.query(sql, SqlNodes::row, args.toArray());
        if (s.writing()) {
            // current for the rest of the transaction (locked): the claim that follows reads them again
            rows.forEach(r -> s.cache.node(r.executionId(), r.nodeId(), Optional.of(r)));
        }
        return rows.stream().map(ReadyNode::of).toList();
    }

    /**
     * The ready nodes a claim may take, oldest first. The ready rows are read in the order of their
     * index ({@code node_states_ready}: ready time, then the primary key) and each one's execution
     * looked up, so a claim reads about as many rows as it asks for. {@code CROSS JOIN} keeps
     * SQLite's planner to that order: left free, for one run's tree it read every row of the run's
     * executions, finished ones included, and sorted the ready ones, on each claim (a fan-out's
     * branches paid for the whole run). PostgreSQL plans it as any inner join.
     *
     * <p>SQLite selects the keys alone, and the claim reads the one row it takes: its driver reads
     * every column's name again at each execution of a query, and a fan-out branch's claim that
     * selected whole rows spent more on them than on the rest of its query (bench/README.md). A
     * server selects whole rows, which come with their locks in the same round trip.
     */
    static String claimableSql(Dialect dialect, String rootId) {
        return claimableSql(dialect, rootId, false);
    }

    /**
     * {@link #claimableSql(Dialect, String)}; with {@code after}, from past a given node in the index's order
     * (its ready time, execution and node: three parameters after the time), which both databases
     * seek to rather than read up to.
     */
    static String claimableSql(Dialect dialect, String rootId, boolean after) {
        return "SELECT " + (dialect == Dialect.POSTGRESQL ? PREFIXED : READY_KEYS) + " FROM node_states n CROSS JOIN executions e "
                + "WHERE e.id = n.execution_id AND n.status = 'ready' AND (n.not_before IS NULL OR n.not_before <= ?) "
                + (after ? "AND (n.ready_at, n.execution_id, n.node_id) > (?, ?, ?) " : "")
                + "AND e.status IN ('running','waiting') AND e.stopping IS NULL " + inTree(rootId)
                + "ORDER BY n.ready_at, n.execution_id, n.node_id LIMIT ?";
    }

    /** What {@link ReadyNode} holds, in its order. */
    private static final String READY_KEYS = "n.execution_id, n.node_id, n.ready_at";

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
