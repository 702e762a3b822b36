package dev.flow.engine;

import dev.flow.engine.broker.KvAccess;
import dev.flow.engine.config.UsageException;
import dev.flow.engine.step.EngineCore;
import dev.flow.engine.step.ExecutionLookup;
import dev.flow.engine.step.KvValues;
import dev.flow.engine.step.ResultCodec;
import dev.flow.engine.step.Transitions;
import dev.flow.store.ExecutionRow;
import dev.flow.store.KvEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The key-value store of {@code flow kv}: values by execution, scope (a node id, or {@code run} for
 * the run-wide namespace) and key, each with its last {@link dev.flow.store.KvTable#HISTORY_KEPT}
 * earlier values. Anyone may read ({@link ExecutionQueries#kvGet} and the like). A process started
 * by the engine (an agent, a command) writes only its own node's keys and the run's, in its own
 * execution; a person may write any node's. Values over 64 KiB go to an artifact file whose SHA-256
 * the database keeps. A sandboxed step has no database: it reaches the store through a broker that
 * serves {@link #forStep} (its own execution only, reads and writes alike).
 */
public final class KvService {
    /** Values up to this many bytes stay in the database. */
    public static final int INLINE_MAX = KvValues.INLINE_MAX;

    private final EngineCore core;

    KvService(EngineCore core) {
        this.core = core;
    }

    /**
     * Who is asking: a process of a run (from {@code FLOW_EXECUTION_ID} and {@code FLOW_NODE_ID}), or a
     * person (no node).
     */
    public record Caller(String executionId, String nodeId) {
        public static Caller person() {
            return new Caller(null, null);
        }

        /** The caller described by a process's environment. */
        public static Caller fromEnvironment(Map<String, String> env) {
            String node = env.get("FLOW_NODE_ID");
            String exec = env.get("FLOW_EXECUTION_ID");
            return node == null || node.isEmpty() || exec == null ? person() : new Caller(exec, node);
        }

        public boolean isPerson() {
            return nodeId == null;
        }

        String name() {
            return isPerson() ? "person" : nodeId;
        }
    }

    Optional<KvEntry> get(String executionId, String scope, String key) {
        check(executionId, scope, key);
        return core.store().read(tx -> tx.kv().get(executionId, scope, key));
    }

    List<KvEntry> list(String executionId, String scope, String prefix) {
        check(executionId, scope, "x");
        return core.store().read(tx -> tx.kv().list(executionId, scope, prefix == null ? "" : prefix));
    }

    List<KvEntry> history(String executionId, String scope, String key) {
        check(executionId, scope, key);
        return core.store().read(tx -> tx.kv().history(executionId, scope, key));
    }

    /**
     * Stores a value.
     *
     * @throws UsageException when the caller may not write there, or the execution, scope or key is unknown or malformed
     */
    public KvEntry put(Caller caller, String executionId, String scope, String key, String value) {
        ExecutionRow exec = check(executionId, scope, key);
        if (!caller.isPerson()) {
            if (!caller.executionId().equals(executionId)) {
                throw new UsageException("node \"" + caller.nodeId() + "\" of execution " + caller.executionId()
                        + " may not write to execution " + executionId + "; a process writes only in its own run");
            }
            if (!scope.equals(caller.nodeId()) && !scope.equals(KvEntry.RUN_SCOPE)) {
                throw new UsageException("node \"" + caller.nodeId() + "\" may not write the keys of node \"" + scope + "\"; it writes its own (\""
                        + caller.nodeId() + "\") and the run's (\"" + KvEntry.RUN_SCOPE + "\")");
            }
        }
        KvEntry entry = KvValues.entry(core, exec.id(), scope, key, value, caller.name(), core.now());
        new Transitions(core).putKv(entry, caller.isPerson() ? null : caller.nodeId());
        return entry;
    }

    /**
     * The store of {@code executionId} as {@code caller} may use it: reads of any scope of that
     * execution, writes as {@link #put} allows them. The broker of a sandboxed step serves the
     * step's own ({@link #forStep}).
     */
    public KvAccess access(Caller caller, String executionId) {
        return new KvAccess() {
            @Override
            public String executionId() {
                return executionId;
            }

            @Override
            public Optional<KvAccess.Value> get(String scope, String key) {
                return KvService.this.get(executionId, scope, key).map(KvService.this::value);
            }

            @Override
            public List<KvAccess.Value> history(String scope, String key) {
                return KvService.this.history(executionId, scope, key).stream().map(KvService.this::value).toList();
            }

            @Override
            public List<KvAccess.Value> list(String scope, String prefix) {
                return KvService.this.list(executionId, scope, prefix).stream().map(KvService.this::value).toList();
            }

            @Override
            public void put(String scope, String key, String value) {
                KvService.this.put(caller, executionId, scope, key, value);
            }
        };
    }

    /** What the broker of a sandboxed step serves: its own execution, written as its node. */
    public KvAccess forStep(String executionId, String nodeId) {
        return access(new Caller(executionId, nodeId), executionId);
    }

    private KvAccess.Value value(KvEntry e) {
        return new KvAccess.Value(e.scope(), e.key(), read(e), e.bytes(), e.writer(), e.at());
    }

    /** The value of an entry, from the database or its artifact (checked against its SHA-256). */
    String read(KvEntry e) {
        if (e.artifact() == null) {
            return e.value();
        }
        Path file;
        try {
            file = core.artifacts().resolve(e.artifact());
        } catch (IllegalStateException outside) {
            throw new UsageException("the value of \"" + e.key() + "\" is recorded at " + e.artifact() + ", outside the artifacts folder; Flow does not read it");
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (!ResultCodec.sha256(bytes).equals(e.sha256())) {
                throw new UsageException("the value of \"" + e.key() + "\" in " + file + " was changed on disk (its SHA-256 no longer matches)");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new UsageException("the value of \"" + e.key() + "\" was in " + file + ", which cannot be read: " + ex.getMessage());
        }
    }

    private ExecutionRow check(String executionId, String scope, String key) {
        if (!dev.flow.model.KvRef.isValidKey(key)) {
            throw new UsageException("a key is 1 to " + dev.flow.model.KvRef.KEY_MAX + " printable characters, not \"" + key + "\"");
        }
        ExecutionRow exec = ExecutionLookup.require(core.store(), executionId);
        if (!scope.equals(KvEntry.RUN_SCOPE)) {
            boolean known = core.store().read(tx -> core.graphs().runGraph(tx, exec.graphHash(), exec.workflowId()).hasNode(scope));
            if (!known) {
                throw new UsageException("\"" + scope + "\" is neither a node of execution " + executionId + " nor \"" + KvEntry.RUN_SCOPE + "\"");
            }
        }
        return exec;
    }
}
