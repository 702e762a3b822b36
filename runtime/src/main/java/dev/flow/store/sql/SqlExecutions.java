package dev.flow.store.sql;

import dev.flow.store.ExecutionFilter;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.ExecutionTable;
import dev.flow.store.Guard;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** SQL of the {@code executions} table. */
final class SqlExecutions implements ExecutionTable {
    private static final String UPDATE_COUNTERS = "stopping = ?, report = ?, running = ?, active = ?, waiting = ?, work_count = ?, "
            + "event_seq = ?, cost = ?, finished_at = ?, ";
    private static final String COLUMNS = "id, graph_hash, workflow_id, root_id, parent_id, parent_node, parent_iteration, status, stopping, "
            + "report, inputs, base_dir, running, active, waiting, work_count, event_seq, cost, created_at, finished_at, version";

    private final SqlSession s;

    SqlExecutions(SqlSession s) {
        this.s = s;
    }

    @Override
    public void insert(ExecutionRow r) {
        s.cache.forgetExecution(r.id());
        s.update("INSERT INTO executions (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                r.id(), r.graphHash(), r.workflowId(), r.rootId(), r.parentId(), r.parentNode(), r.parentIteration(),
                r.status().keyword(), keyword(r.stopping()), r.report(), r.inputsJson(), r.baseDir(), r.running(), r.active(), r.waiting(),
                r.workCount(), r.eventSeq(), r.cost(), r.createdAt(), r.finishedAt(), r.version());
        s.cache.execution(r);
        s.cache.created(r.id()); // only once inserted: a new execution, with no node rows
    }

    @Override
    public Optional<ExecutionRow> get(String id) {
        ExecutionRow cached = s.cache.execution(id);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<ExecutionRow> row = s.queryOne("SELECT " + COLUMNS + " FROM executions WHERE id = ?" + (s.writing() ? s.dialect().rowLock() : ""),
                SqlExecutions::row, id);
        row.ifPresent(s.cache::execution);
        return row;
    }

    @Override
    public boolean update(ExecutionRow r) {
        return write(r, false);
    }

    @Override
    public void replace(ExecutionRow r) {
        write(r, true);
    }

    /** The guarded update; {@code held}: it may go with the transaction's other writes, a lost race failing it there. */
    private boolean write(ExecutionRow r, boolean held) {
        ExecutionRow before = s.cache.execution(r.id());
        s.cache.forgetExecution(r.id());
        // graph_hash references workflows(hash), whose row holds the whole graph: SQLite checks the
        // reference whenever the column is in the SET list, changed or not, reading the graph's
        // pages on every step (a run quadratic in its graph). And status is in the condition of the
        // executions_unfinished index: SQLite rewrites the row's entry there whenever the column is
        // in the SET list, one more page for every commit to write. Each is written only when the
        // version being replaced is known and had another value (a planner grew the graph; the run
        // ended, waits or goes on).
        boolean known = before != null && before.version() == r.version();
        boolean sameGraph = known && before.graphHash().equals(r.graphHash());
        boolean sameStatus = known && before.status() == r.status();
        var sql = new StringBuilder("UPDATE executions SET ");
        var args = new ArrayList<Object>(14);
        if (!sameStatus) {
            sql.append("status = ?, ");
            args.add(r.status().keyword());
        }
        sql.append(UPDATE_COUNTERS);
        Collections.addAll(args, keyword(r.stopping()), r.report(), r.running(), r.active(), r.waiting(), r.workCount(), r.eventSeq(), r.cost(),
                r.finishedAt());
        if (!sameGraph) {
            sql.append("graph_hash = ?, ");
            args.add(r.graphHash());
        }
        sql.append("version = version + 1 WHERE id = ? AND version = ?");
        args.add(r.id());
        args.add(r.version());
        String what = "execution " + r.id();
        boolean done;
        if (held) {
            Guard.exactlyOne(s.write("execution/" + r.id(), what, sql.toString(), args.toArray()), what); // held on a server: checked when sent
            done = true;
        } else {
            done = Guard.one(s.update(sql.toString(), args.toArray()), what);
        }
        if (done) {
            s.cache.execution(r.toBuilder().version(r.version() + 1).build());
        }
        return done;
    }

    @Override
    public List<ExecutionRow> unfinished() {
        return s.query("SELECT " + COLUMNS + " FROM executions WHERE status IN ('running','waiting') ORDER BY created_at",
                SqlExecutions::row);
    }

    @Override
    public List<ExecutionRow> recent(int limit) {
        return s.query("SELECT " + COLUMNS + " FROM executions ORDER BY created_at DESC, id LIMIT ?", SqlExecutions::row, limit);
    }

    @Override
    public List<ExecutionRow> find(ExecutionFilter filter, ExecutionFilter.Cursor after, int limit) {
        var where = new ArrayList<String>();
        var args = new ArrayList<Object>();
        if (!filter.statuses().isEmpty()) {
            // in a fixed order, so that one filter always makes the same statement (prepared once)
            var keywords = filter.statuses().stream().map(ExecutionStatus::keyword).sorted().toList();
            where.add("status IN (" + String.join(", ", Collections.nCopies(keywords.size(), "?")) + ")");
            args.addAll(keywords);
        }
        if (filter.workflowId() != null) {
            where.add("workflow_id = ?");
            args.add(filter.workflowId());
        }
        if (filter.idPrefix() != null) {
            where.add("id LIKE ? ESCAPE '\\'");
            args.add(ExecutionFilter.startingWith(filter.idPrefix()));
        }
        if (filter.from() != null) {
            where.add("created_at >= ?");
            args.add(filter.from());
        }
        if (filter.to() != null) {
            where.add("created_at < ?");
            args.add(filter.to());
        }
        if (filter.topOnly()) {
            where.add("parent_id IS NULL");
        }
        if (filter.text() != null) {
            where.add(TEXT_MATCH);
            String like = ExecutionFilter.containing(filter.text());
            args.addAll(List.of(like, like, like, like, like));
        }
        if (after != null) {
            // keyset: strictly after the last row of the previous page in (created_at, id) order,
            // which the index executions_created serves as a range, however deep the page
            where.add("(created_at, id) < (?, ?)");
            args.addAll(List.of(after.createdAt(), after.id()));
        }
        args.add(limit);
        return s.query("SELECT " + COLUMNS + " FROM executions" + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + " ORDER BY created_at DESC, id DESC LIMIT ?", SqlExecutions::row, args.toArray());
    }

    /**
     * Text in the inputs, or in a node's output or result, now or in an earlier run. LOWER on both
     * sides: SQLite's LIKE ignores the case of ASCII letters and PostgreSQL's does not.
     */
    private static final String TEXT_MATCH = "(LOWER(inputs) LIKE ? ESCAPE '\\'"
            + " OR EXISTS (SELECT 1 FROM node_states n WHERE n.execution_id = executions.id"
            + " AND (LOWER(n.output) LIKE ? ESCAPE '\\' OR LOWER(n.result) LIKE ? ESCAPE '\\'))"
            + " OR EXISTS (SELECT 1 FROM node_runs r WHERE r.execution_id = executions.id"
            + " AND (LOWER(r.output) LIKE ? ESCAPE '\\' OR LOWER(r.result) LIKE ? ESCAPE '\\')))";

    @Override
    public List<String> ids() {
        return s.query("SELECT id FROM executions", rs -> rs.getString(1));
    }

    @Override
    public List<ExecutionRow> children(String parentId) {
        return s.query("SELECT " + COLUMNS + " FROM executions WHERE parent_id = ? ORDER BY created_at, id", SqlExecutions::row,
                parentId);
    }

    private static String keyword(ExecutionStatus status) {
        return status == null ? null : status.keyword();
    }

    private static ExecutionRow row(ResultSet rs) throws SQLException {
        String stopping = rs.getString("stopping");
        // every component from its column: a new component fails to compile here until it is read
        return new ExecutionRow(rs.getString("id"), rs.getString("graph_hash"), rs.getString("workflow_id"), rs.getString("root_id"),
                rs.getString("parent_id"), rs.getString("parent_node"), rs.getInt("parent_iteration"),
                ExecutionStatus.parse(rs.getString("status")), stopping == null ? null : ExecutionStatus.parse(stopping),
                rs.getString("report"), rs.getString("inputs"), rs.getString("base_dir"), rs.getInt("running"), rs.getInt("active"),
                rs.getInt("waiting"), rs.getLong("work_count"), rs.getLong("event_seq"), rs.getDouble("cost"), rs.getLong("created_at"),
                SqlSession.longOrNull(rs, "finished_at"), rs.getLong("version"));
    }
}
