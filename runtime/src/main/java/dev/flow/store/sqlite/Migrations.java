package dev.flow.store.sqlite;

import java.util.List;

/**
 * The schema, as numbered steps. A database records the steps applied in {@code PRAGMA
 * user_version} and marks itself as Flow's with {@code PRAGMA application_id}; opening it applies
 * the missing steps in one transaction. Steps are only ever appended.
 */
final class Migrations {
    private Migrations() {}

    /** {@code FLOW} in ASCII: tells a Flow database from any other SQLite file. */
    static final int APPLICATION_ID = 0x464C4F57;

    /** Step {@code i} brings the schema from version {@code i} to {@code i + 1}. */
    static final List<List<String>> STEPS = List.of(List.of(
            """
            CREATE TABLE workflows (
                hash TEXT PRIMARY KEY,
                main_id TEXT NOT NULL,
                graph TEXT NOT NULL,
                created_at INTEGER NOT NULL
            ) WITHOUT ROWID""",
            """
            CREATE TABLE executions (
                id TEXT PRIMARY KEY,
                graph_hash TEXT NOT NULL REFERENCES workflows(hash),
                workflow_id TEXT NOT NULL,
                root_id TEXT NOT NULL,
                parent_id TEXT REFERENCES executions(id),
                parent_node TEXT,
                parent_iteration INTEGER NOT NULL DEFAULT 0,
                status TEXT NOT NULL CHECK (status IN ('running','waiting','completed','failed','limit_reached','cancelled')),
                stopping TEXT CHECK (stopping IN ('completed','failed','limit_reached','cancelled')),
                report TEXT,
                inputs TEXT NOT NULL,
                base_dir TEXT NOT NULL,
                running INTEGER NOT NULL DEFAULT 0 CHECK (running >= 0),
                active INTEGER NOT NULL DEFAULT 0 CHECK (active >= 0),
                waiting INTEGER NOT NULL DEFAULT 0 CHECK (waiting >= 0),
                work_count INTEGER NOT NULL DEFAULT 0,
                event_seq INTEGER NOT NULL DEFAULT 0,
                cost REAL NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                finished_at INTEGER,
                version INTEGER NOT NULL DEFAULT 0
            ) WITHOUT ROWID""",
            "CREATE INDEX executions_unfinished ON executions(created_at) WHERE status IN ('running','waiting')",
            "CREATE INDEX executions_root ON executions(root_id)",
            "CREATE INDEX executions_parent ON executions(parent_id) WHERE parent_id IS NOT NULL",
            """
            CREATE TABLE node_states (
                execution_id TEXT NOT NULL REFERENCES executions(id),
                node_id TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending','ready','running','waiting','completed','failed','skipped')),
                iteration INTEGER NOT NULL,
                attempt INTEGER NOT NULL,
                output TEXT,
                taken TEXT,
                result TEXT,
                input TEXT,
                error TEXT,
                lease_owner TEXT,
                lease_expires INTEGER,
                ready_at INTEGER,
                not_before INTEGER,
                started_at INTEGER,
                finished_at INTEGER,
                child_id TEXT,
                PRIMARY KEY (execution_id, node_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX node_states_ready ON node_states(ready_at) WHERE status = 'ready'",
            "CREATE INDEX node_states_running ON node_states(lease_owner, lease_expires) WHERE status = 'running'",
            """
            CREATE TABLE node_runs (
                execution_id TEXT NOT NULL REFERENCES executions(id),
                node_id TEXT NOT NULL,
                iteration INTEGER NOT NULL,
                attempt INTEGER NOT NULL,
                status TEXT NOT NULL,
                output TEXT,
                result TEXT,
                error TEXT,
                started_at INTEGER,
                finished_at INTEGER,
                PRIMARY KEY (execution_id, node_id, iteration, attempt)
            ) WITHOUT ROWID""",
            """
            CREATE TABLE loop_counters (
                execution_id TEXT NOT NULL REFERENCES executions(id),
                edge_id TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (execution_id, edge_id)
            ) WITHOUT ROWID""",
            """
            CREATE TABLE state_vars (
                execution_id TEXT NOT NULL REFERENCES executions(id),
                name TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (execution_id, name)
            ) WITHOUT ROWID""",
            """
            CREATE TABLE requests (
                id INTEGER PRIMARY KEY,
                execution_id TEXT NOT NULL REFERENCES executions(id),
                node_id TEXT NOT NULL,
                iteration INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('human','before','after')),
                title TEXT,
                prompt TEXT,
                options TEXT NOT NULL,
                default_output TEXT,
                deadline INTEGER,
                status TEXT NOT NULL CHECK (status IN ('pending','answered','expired','cancelled')),
                answer TEXT,
                note TEXT,
                created_at INTEGER NOT NULL,
                answered_at INTEGER
            )""",
            // A person is asked once per node, iteration and kind of question, whatever crashes happen.
            "CREATE UNIQUE INDEX requests_once ON requests(execution_id, node_id, iteration, kind)",
            "CREATE INDEX requests_pending ON requests(execution_id) WHERE status = 'pending'",
            """
            CREATE TABLE kv_latest (
                execution_id TEXT NOT NULL REFERENCES executions(id),
                scope TEXT NOT NULL,
                key TEXT NOT NULL,
                value TEXT,
                artifact TEXT,
                sha256 TEXT,
                bytes INTEGER NOT NULL,
                writer TEXT NOT NULL,
                updated_at INTEGER NOT NULL,
                PRIMARY KEY (execution_id, scope, key)
            ) WITHOUT ROWID""",
            """
            CREATE TABLE kv_history (
                id INTEGER PRIMARY KEY,
                execution_id TEXT NOT NULL REFERENCES executions(id),
                scope TEXT NOT NULL,
                key TEXT NOT NULL,
                value TEXT,
                artifact TEXT,
                sha256 TEXT,
                bytes INTEGER NOT NULL,
                writer TEXT NOT NULL,
                created_at INTEGER NOT NULL
            )""",
            "CREATE INDEX kv_history_key ON kv_history(execution_id, scope, key, id)",
            // Clustered by execution: a transaction's events land on one page, and 'flow log' reads a range.
            """
            CREATE TABLE events (
                execution_id TEXT NOT NULL REFERENCES executions(id),
                seq INTEGER NOT NULL,
                at INTEGER NOT NULL,
                kind TEXT NOT NULL,
                node_id TEXT,
                data TEXT,
                PRIMARY KEY (execution_id, seq)
            ) WITHOUT ROWID"""),
            // 2: each failed attempt's error class, each attempt's reported cost, and the agent
            // session a node continues.
            List.of(
                    "ALTER TABLE node_states ADD COLUMN error_class TEXT CHECK (error_class IN ('transient','validation','logic'))",
                    "ALTER TABLE node_states ADD COLUMN cost REAL",
                    "ALTER TABLE node_states ADD COLUMN session_id TEXT",
                    "ALTER TABLE node_runs ADD COLUMN error_class TEXT CHECK (error_class IN ('transient','validation','logic'))",
                    "ALTER TABLE node_runs ADD COLUMN cost REAL"),
            // 3: what a fork needs to start from a node as it stood when that node became ready: the
            // event number at each node's entry, every write of a state variable by event number, and
            // where each fork came from.
            List.of(
                    "ALTER TABLE node_states ADD COLUMN entered_seq INTEGER",
                    "ALTER TABLE node_runs ADD COLUMN entered_seq INTEGER",
                    """
                    CREATE TABLE state_history (
                        execution_id TEXT NOT NULL REFERENCES executions(id),
                        name TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (execution_id, name, seq)
                    ) WITHOUT ROWID""",
                    """
                    CREATE TABLE forks (
                        execution_id TEXT PRIMARY KEY REFERENCES executions(id),
                        source_id TEXT NOT NULL REFERENCES executions(id),
                        node_id TEXT NOT NULL,
                        iteration INTEGER NOT NULL,
                        reused TEXT NOT NULL,
                        created_at INTEGER NOT NULL
                    ) WITHOUT ROWID""",
                    "CREATE INDEX forks_source ON forks(source_id)"),
            // 4: the versions of graphs that agents grow at run time (the execution's row names the latest).
            List.of(
                    """
                    CREATE TABLE graph_versions (
                        execution_id TEXT NOT NULL REFERENCES executions(id),
                        version INTEGER NOT NULL CHECK (version >= 0),
                        graph_hash TEXT NOT NULL REFERENCES workflows(hash),
                        grown_by TEXT,
                        iteration INTEGER NOT NULL,
                        attempt INTEGER NOT NULL,
                        added_nodes TEXT NOT NULL,
                        added_edges TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        PRIMARY KEY (execution_id, version)
                    ) WITHOUT ROWID""",
                    // One run of a node grows the graph once, whatever crashes happen.
                    "CREATE UNIQUE INDEX graph_versions_once ON graph_versions(execution_id, grown_by, iteration, attempt) WHERE grown_by IS NOT NULL"),
            // 5: finding executions (the studio's search) newest first, a page at a time by keyset:
            // every execution, and those of one workflow.
            List.of(
                    "CREATE INDEX executions_created ON executions(created_at, id)",
                    "CREATE INDEX executions_workflow ON executions(workflow_id, created_at, id)"),
            // 6: the ready index in a claim's order (ready time, then the key), named in full as on
            // PostgreSQL; SQLite's index already held the key after the ready time, so only the
            // schema's version changes what a claim reads here.
            List.of("DROP INDEX node_states_ready",
                    "CREATE INDEX node_states_ready ON node_states(ready_at, execution_id, node_id) WHERE status = 'ready'"),
            // 7: nothing here: PostgreSQL's step makes the function that checks a commit's writes on
            // the server; SQLite checks each write as it runs.
            List.of());

    static int latest() {
        return STEPS.size();
    }
}
