package dev.flow.store.postgres;

import java.util.List;

/**
 * The schema on PostgreSQL, as numbered steps that mirror SQLite's ({@code
 * dev.flow.store.sqlite.Migrations}) one for one: step {@code i} of both brings the same tables and
 * columns, so that a version number means the same schema in both stores ({@code
 * SchemaParityTest} compares them). The version is in {@code flow_schema}; opening a database
 * applies the missing steps in one transaction under an advisory lock. Steps are only ever appended.
 *
 * <p>Types: identifiers and keys are {@code TEXT COLLATE "C"} (byte order, as SQLite compares, so
 * listings sort the same and prefix ranges work), times and counts {@code BIGINT}, reals {@code
 * DOUBLE PRECISION}, SQLite's {@code INTEGER PRIMARY KEY} an identity column.
 */
final class PgMigrations {
    private PgMigrations() {}

    /** What {@code flow_schema.application} holds: tells Flow's tables from another application's. */
    static final String APPLICATION = "flow";

    /** The advisory lock key ({@code FLOW} in ASCII) under which a database is migrated. */
    static final long LOCK = 0x464C4F57L;

    /** Made first, in the same transaction as step 1. */
    static final String SCHEMA_TABLE = "CREATE TABLE flow_schema (application TEXT NOT NULL, version INTEGER NOT NULL)";

    /** Step {@code i} brings the schema from version {@code i} to {@code i + 1}. */
    static final List<List<String>> STEPS = List.of(List.of(
            """
            CREATE TABLE workflows (
                hash TEXT COLLATE "C" PRIMARY KEY,
                main_id TEXT NOT NULL,
                graph TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )""",
            """
            CREATE TABLE executions (
                id TEXT COLLATE "C" PRIMARY KEY,
                graph_hash TEXT COLLATE "C" NOT NULL REFERENCES workflows(hash),
                workflow_id TEXT NOT NULL,
                root_id TEXT COLLATE "C" NOT NULL,
                parent_id TEXT COLLATE "C" REFERENCES executions(id),
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
                work_count BIGINT NOT NULL DEFAULT 0,
                event_seq BIGINT NOT NULL DEFAULT 0,
                cost DOUBLE PRECISION NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                finished_at BIGINT,
                version BIGINT NOT NULL DEFAULT 0
            )""",
            "CREATE INDEX executions_unfinished ON executions(created_at) WHERE status IN ('running','waiting')",
            "CREATE INDEX executions_root ON executions(root_id)",
            "CREATE INDEX executions_parent ON executions(parent_id) WHERE parent_id IS NOT NULL",
            """
            CREATE TABLE node_states (
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                node_id TEXT COLLATE "C" NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending','ready','running','waiting','completed','failed','skipped')),
                iteration INTEGER NOT NULL,
                attempt INTEGER NOT NULL,
                output TEXT,
                taken TEXT,
                result TEXT,
                input TEXT,
                error TEXT,
                lease_owner TEXT,
                lease_expires BIGINT,
                ready_at BIGINT,
                not_before BIGINT,
                started_at BIGINT,
                finished_at BIGINT,
                child_id TEXT,
                PRIMARY KEY (execution_id, node_id)
            )""",
            "CREATE INDEX node_states_ready ON node_states(ready_at) WHERE status = 'ready'",
            "CREATE INDEX node_states_running ON node_states(lease_owner, lease_expires) WHERE status = 'running'",
            """
            CREATE TABLE node_runs (
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                node_id TEXT COLLATE "C" NOT NULL,
                iteration INTEGER NOT NULL,
                attempt INTEGER NOT NULL,
                status TEXT NOT NULL,
                output TEXT,
                result TEXT,
                error TEXT,
                started_at BIGINT,
                finished_at BIGINT,
                PRIMARY KEY (execution_id, node_id, iteration, attempt)
            )""",
            """
            CREATE TABLE loop_counters (
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                edge_id TEXT COLLATE "C" NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (execution_id, edge_id)
            )""",
            """
            CREATE TABLE state_vars (
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                name TEXT COLLATE "C" NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (execution_id, name)
            )""",
            """
            CREATE TABLE requests (
                id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                node_id TEXT COLLATE "C" NOT NULL,
                iteration INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('human','before','after')),
                title TEXT,
                prompt TEXT,
                options TEXT NOT NULL,
                default_output TEXT,
                deadline BIGINT,
                status TEXT NOT NULL CHECK (status IN ('pending','answered','expired','cancelled')),
                answer TEXT,
                note TEXT,
                created_at BIGINT NOT NULL,
                answered_at BIGINT
            )""",
            "CREATE UNIQUE INDEX requests_once ON requests(execution_id, node_id, iteration, kind)",
            "CREATE INDEX requests_pending ON requests(execution_id) WHERE status = 'pending'",
            """
            CREATE TABLE kv_latest (
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                scope TEXT COLLATE "C" NOT NULL,
                key TEXT COLLATE "C" NOT NULL,
                value TEXT,
                artifact TEXT,
                sha256 TEXT,
                bytes BIGINT NOT NULL,
                writer TEXT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (execution_id, scope, key)
            )""",
            """
            CREATE TABLE kv_history (
                id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                scope TEXT COLLATE "C" NOT NULL,
                key TEXT COLLATE "C" NOT NULL,
                value TEXT,
                artifact TEXT,
                sha256 TEXT,
                bytes BIGINT NOT NULL,
                writer TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )""",
            "CREATE INDEX kv_history_key ON kv_history(execution_id, scope, key, id)",
            """
            CREATE TABLE events (
                execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                seq BIGINT NOT NULL,
                at BIGINT NOT NULL,
                kind TEXT NOT NULL,
                node_id TEXT,
                data TEXT,
                PRIMARY KEY (execution_id, seq)
            )"""),
            // 2: each failed attempt's error class, each attempt's reported cost, and the agent
            // session a node continues.
            List.of(
                    "ALTER TABLE node_states ADD COLUMN error_class TEXT CHECK (error_class IN ('transient','validation','logic'))",
                    "ALTER TABLE node_states ADD COLUMN cost DOUBLE PRECISION",
                    "ALTER TABLE node_states ADD COLUMN session_id TEXT",
                    "ALTER TABLE node_runs ADD COLUMN error_class TEXT CHECK (error_class IN ('transient','validation','logic'))",
                    "ALTER TABLE node_runs ADD COLUMN cost DOUBLE PRECISION"),
            // 3: what a fork needs to start from a node as it stood when that node became ready: the
            // event number at each node's entry, every write of a state variable by event number, and
            // where each fork came from.
            List.of(
                    "ALTER TABLE node_states ADD COLUMN entered_seq BIGINT",
                    "ALTER TABLE node_runs ADD COLUMN entered_seq BIGINT",
                    """
                    CREATE TABLE state_history (
                        execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                        name TEXT COLLATE "C" NOT NULL,
                        seq BIGINT NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (execution_id, name, seq)
                    )""",
                    """
                    CREATE TABLE forks (
                        execution_id TEXT COLLATE "C" PRIMARY KEY REFERENCES executions(id),
                        source_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                        node_id TEXT NOT NULL,
                        iteration INTEGER NOT NULL,
                        reused TEXT NOT NULL,
                        created_at BIGINT NOT NULL
                    )""",
                    "CREATE INDEX forks_source ON forks(source_id)"),
            // 4: the versions of graphs that agents grow at run time (the execution's row names the latest).
            List.of(
                    """
                    CREATE TABLE graph_versions (
                        execution_id TEXT COLLATE "C" NOT NULL REFERENCES executions(id),
                        version INTEGER NOT NULL CHECK (version >= 0),
                        graph_hash TEXT COLLATE "C" NOT NULL REFERENCES workflows(hash),
                        grown_by TEXT,
                        iteration INTEGER NOT NULL,
                        attempt INTEGER NOT NULL,
                        added_nodes TEXT NOT NULL,
                        added_edges TEXT NOT NULL,
                        created_at BIGINT NOT NULL,
                        PRIMARY KEY (execution_id, version)
                    )""",
                    // One run of a node grows the graph once, whatever crashes happen.
                    "CREATE UNIQUE INDEX graph_versions_once ON graph_versions(execution_id, grown_by, iteration, attempt) WHERE grown_by IS NOT NULL"),
            // 5: finding executions (the studio's search) newest first, a page at a time by keyset:
            // every execution, and those of one workflow.
            List.of(
                    "CREATE INDEX executions_created ON executions(created_at, id)",
                    "CREATE INDEX executions_workflow ON executions(workflow_id, created_at, id)"),
            // 6: the ready index in a claim's order (ready time, then the key): a claim reads it in order
            // and stops at its limit, where an index on the ready time alone left ties to a sort of
            // every ready row.
            List.of("DROP INDEX node_states_ready",
                    "CREATE INDEX node_states_ready ON node_states(ready_at, execution_id, node_id) WHERE status = 'ready'"),
            // 7: a commit's held writes and the COMMIT go to the server in one request, the guards of
            // the writes checked there (SqlSession.commitWithWrites): a guarded write that changed no
            // row fails its statement, so the COMMIT after it never runs.
            List.of("""
                    CREATE FUNCTION flow_guard(changed BIGINT, what TEXT) RETURNS BIGINT LANGUAGE plpgsql AS $$
                    BEGIN
                        IF changed <> 1 THEN
                            RAISE EXCEPTION USING ERRCODE = 'FL001', MESSAGE = what;
                        END IF;
                        RETURN changed;
                    END
                    $$"""));

    static int latest() {
        return STEPS.size();
    }
}
