package dev.flow.engine;

import dev.flow.engine.config.UsageException;
import dev.flow.engine.exec.AgentActivity;
import dev.flow.engine.step.EngineCore;
import dev.flow.engine.step.ExecutionLookup;
import dev.flow.engine.step.Json;
import dev.flow.engine.step.RunGraph;
import dev.flow.engine.workspace.StepKey;
import dev.flow.engine.workspace.Workspaces;
import dev.flow.model.FlowGraph;
import dev.flow.model.Isolation;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionFilter;
import dev.flow.store.ExecutionRow;
import dev.flow.store.KvEntry;
import dev.flow.store.NodeRow;
import dev.flow.store.RunRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an engine's database says about its executions, read without changing anything: what
 * {@code flow status}, {@code flow log}, {@code flow graph}, {@code flow kv get} and {@code flow kv
 * ls} print and what the studio shows. {@link Engine} keeps the commands that change executions;
 * {@link Engine#queries()} gives these reads over the same database, graph cache and clock.
 * Each read is one read transaction, so what it returns is one consistent moment.
 */
public final class ExecutionQueries {
    private final EngineCore core;

    ExecutionQueries(EngineCore core) {
        this.core = core;
    }

    private ExecutionRow find(String executionId) {
        return ExecutionLookup.require(core.store(), executionId);
    }

    /** Where an execution came from, when it is a fork ({@link Engine#fork}). */
    public Optional<dev.flow.store.ForkRow> origin(String executionId) {
        find(executionId);
        return core.store().read(tx -> tx.forks().get(executionId));
    }

    /** The execution in full, for {@code flow status EXECUTION}. */
    public ExecutionView status(String executionId) {
        ExecutionRow row = find(executionId);
        return core.store().read(tx -> {
            RunGraph g = core.graphs().runGraph(tx, row.graphHash(), row.workflowId());
            var rows = new LinkedHashMap<String, NodeRow>();
            tx.nodes().all(row.id()).forEach(r -> rows.put(r.nodeId(), r));
            var earlier = new LinkedHashMap<String, List<RunRow>>();
            tx.runs().all(row.id()).forEach(r -> earlier.computeIfAbsent(r.nodeId(), k -> new ArrayList<>()).add(r));
            var nodes = new ArrayList<NodeState>();
            for (Node n : g.workflow().nodes()) {
                NodeRow r = rows.getOrDefault(n.id(), NodeRow.pending(row.id(), n.id()));
                // the passes the node ran in: those of its earlier runs, and the current one once started
                var passes = new HashSet<Integer>();
                for (RunRow run : earlier.getOrDefault(n.id(), List.of())) {
                    if (run.startedAt() != null) {
                        passes.add(run.iteration());
                    }
                }
                if (r.startedAt() != null) {
                    passes.add(r.iteration());
                }
                nodes.add(new NodeState(n.id(), n.kind().keyword(), r.status(), r.iteration(), r.attempt(), r.output(), r.error(), r.startedAt(),
                        r.finishedAt(), r.childId(), r.errorClass(), r.cost(), r.sessionId(), earlier.getOrDefault(n.id(), List.of()),
                        passes.size(), r.resultJson()));
            }
            var state = new LinkedHashMap<String, Object>();
            tx.state().all(row.id()).forEach((k, v) -> state.put(k, Json.readValue(v)));
            List<Question> questions = tx.requests().pending(row.rootId()).stream()
                    .filter(q -> q.executionId().equals(row.id()) || row.isTop())
                    .map(Question::of)
                    .toList();
            return new ExecutionView(row, nodes, questions, tx.loops().all(row.id()), state, tx.executions().children(row.id()));
        });
    }

    /** The isolated steps of an execution that have started, in workflow order: their worktrees and what they applied. */
    public List<IsolatedStep> isolatedSteps(String executionId) {
        ExecutionRow row = find(executionId);
        var workspaces = Workspaces.besideDatabase(core.store());
        return core.store().read(tx -> {
            RunGraph g = core.graphs().runGraph(tx, row.graphHash(), row.workflowId());
            var out = new ArrayList<IsolatedStep>();
            for (Node n : g.workflow().nodes()) {
                boolean isolated = n.isIsolatedTask() || n.spec() instanceof NodeSpec.Gate gate && gate.isolation() == Isolation.WORKTREE;
                NodeRow r = isolated ? tx.nodes().get(row.id(), n.id()).orElse(null) : null;
                if (r == null || r.startedAt() == null && !r.status().isDecided()) {
                    continue;
                }
                Map<String, Object> result = r.resultJson() == null ? Map.of() : core.results().decode(r.resultJson());
                String worktree = result.get("worktree") instanceof String w ? w
                        : workspaces.worktreeOf(new StepKey(row.id(), n.id(), r.iteration(), r.attempt())).toString();
                List<String> conflicts = result.get("conflict_files") instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
                out.add(new IsolatedStep(n.id(), r.iteration(), r.attempt(), r.status(), worktree, text(result.get("base_commit")),
                        text(result.get("step_commit")), text(result.get("applied_commit")), conflicts));
            }
            return out;
        });
    }

    private static String text(Object value) {
        return value instanceof String s ? s : null;
    }

    /** A run's result fields ({@link RunRow#resultJson}), read from its {@code result.json} when it was too large for the database. */
    public Map<String, Object> result(String resultJson) {
        return resultJson == null ? Map.of() : core.results().decode(resultJson);
    }

    /** Every kept write of the execution's state variables, by event number: what each step changed. */
    public List<dev.flow.store.StateTable.StateWrite> stateHistory(String executionId) {
        find(executionId);
        return core.store().read(tx -> tx.state().history(executionId));
    }

    /** The versions of the execution's graph, oldest first (version 0 is the graph it started with); empty when it never grew. */
    public List<dev.flow.store.GraphVersionRow> graphVersions(String executionId) {
        find(executionId);
        return core.store().read(tx -> tx.graphVersions().all(executionId));
    }

    /**
     * The execution's graph: its latest version, or version {@code version} of it.
     *
     * @throws UsageException for a version the execution's graph never had
     */
    public FlowGraph graph(String executionId, Integer version) {
        ExecutionRow row = find(executionId);
        return core.store().read(tx -> {
            if (version == null) {
                return core.graphs().graph(tx, row.graphHash());
            }
            var versions = tx.graphVersions().all(executionId);
            int latest = versions.isEmpty() ? 0 : versions.get(versions.size() - 1).version();
            if (version == 0 && versions.isEmpty()) {
                return core.graphs().graph(tx, row.graphHash());
            }
            return versions.stream().filter(v -> v.version() == version).findFirst()
                    .map(v -> core.graphs().graph(tx, v.graphHash()))
                    .orElseThrow(() -> new UsageException("the graph of execution " + executionId + " has no version " + version
                            + "; its versions are 0 to " + latest));
        });
    }

    /**
     * The work graph of the execution trees at {@code rootIds} (top-level executions; their
     * children come with them), read in one transaction: {@code flow run --snapshot FILE}.
     */
    public WorkGraphSnapshot workGraph(Collection<String> rootIds) {
        return WorkGraphSnapshot.read(core, rootIds);
    }

    /** One execution's row: its status, counters and times, without its nodes. */
    public ExecutionRow execution(String executionId) {
        return find(executionId);
    }

    /** The most recent executions (top-level and children), newest first. */
    public List<ExecutionRow> executions(int limit) {
        return core.store().read(tx -> tx.executions().recent(limit));
    }

    /**
     * A page of the executions {@code filter} wants, newest first: at most {@code limit}, after the
     * row {@code after} names (null for the first page). Pages are cut by keyset, so the next page
     * starts after the last row of this one ({@link ExecutionFilter.Cursor#after}).
     */
    public List<ExecutionRow> find(ExecutionFilter filter, ExecutionFilter.Cursor after, int limit) {
        return core.store().read(tx -> tx.executions().find(filter, after, limit));
    }

    /** Events of an execution after sequence number {@code afterSeq}, for {@code flow log} (and following it). */
    public List<EventRow> events(String executionId, long afterSeq, int limit) {
        find(executionId);
        return core.store().read(tx -> tx.events().after(executionId, afterSeq, limit));
    }

    /** Every run of a node: earlier iterations and attempts from the history, then the current one. */
    public List<RunRow> history(String executionId, String nodeId) {
        ExecutionRow row = find(executionId);
        return core.store().read(tx -> {
            RunGraph g = core.graphs().runGraph(tx, row.graphHash(), row.workflowId());
            if (!g.hasNode(nodeId)) {
                throw new UsageException("workflow \"" + g.workflow().id() + "\" has no node \"" + nodeId + "\"");
            }
            var out = new ArrayList<>(tx.runs().of(executionId, nodeId));
            tx.nodes().get(executionId, nodeId).filter(r -> r.startedAt() != null || r.status().isDecided())
                    .ifPresent(r -> out.add(RunRow.of(r)));
            out.sort(Comparator.comparingInt(RunRow::iteration).thenComparingInt(RunRow::attempt));
            return out;
        });
    }

    /**
     * One run's transcript, the agent's standard output as it printed it ({@code stdout.log} in
     * the run's artifacts folder), and what the agent did by it, in order ({@code "editing
     * greeting.txt"}, {@code "running sh test.sh"}): while the run goes on, the file grows and the
     * last activity is what the agent does now. Empty when the run left no output. For the studio's
     * view of a running attempt; a finished attempt's result also keeps both ({@code transcript},
     * {@code activity}).
     */
    public Optional<Transcript> transcript(String executionId, String nodeId, int iteration, int attempt) {
        find(executionId);
        Path file = core.artifacts().runDir(executionId, nodeId, iteration, attempt).resolve("stdout.log");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(new Transcript(file, AgentActivity.of(file)));
    }

    /** A key's latest value, for {@code flow kv get}; {@link #kvRead} gives its text. */
    public Optional<KvEntry> kvGet(String executionId, String scope, String key) {
        return kv().get(executionId, scope, key);
    }

    /** A scope's keys starting with {@code prefix} (all when empty), each with its latest value, for {@code flow kv ls}. */
    public List<KvEntry> kvList(String executionId, String scope, String prefix) {
        return kv().list(executionId, scope, prefix);
    }

    /** Every key's latest value in the execution, every scope, by scope then key, in one read (the studio's page). */
    public List<KvEntry> kvAll(String executionId) {
        find(executionId);
        return core.store().read(tx -> tx.kv().all(executionId));
    }

    /** A key's kept values, newest first, for {@code flow kv get --history}. */
    public List<KvEntry> kvHistory(String executionId, String scope, String key) {
        return kv().history(executionId, scope, key);
    }

    /** Every kept kv value of the execution, of every scope and key, oldest first (each key keeps its latest few). */
    public List<KvEntry> kvWritten(String executionId) {
        find(executionId);
        return core.store().read(tx -> tx.kv().written(executionId));
    }

    /** The text of a value, from the database or its artifact file (checked against its SHA-256). */
    public String kvRead(KvEntry entry) {
        return kv().read(entry);
    }

    private KvService kv() {
        return new KvService(core);
    }
}
