package dev.flow.engine.step;

import dev.flow.engine.config.UsageException;
import dev.flow.engine.exec.Outcome;
import dev.flow.model.FlowGraph;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.KvEntry;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RequestRow;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The way into the step transitions from outside them: each method is one transaction ({@link
 * EngineCore#step}), for the engine's commands ({@link dev.flow.engine.Engine}), its workers and the
 * key-value store's writes. Inside a transaction the transitions reach each other through the
 * {@link Step}; nothing outside this package sees a step.
 */
public final class Transitions {
    private static final String ID_CHARS = "abcdefghijkmnpqrstuvwxyz23456789";
    private static final SecureRandom IDS = new SecureRandom();

    private final EngineCore core;

    public Transitions(EngineCore core) {
        this.core = core;
    }

    /**
     * Stores the graph (once, by hash) and creates an execution of its main workflow with inputs
     * already typed and completed, taking its first steps; returns the new execution's id.
     */
    public String start(FlowGraph graph, Map<String, Object> typed, String base) {
        Workflow main = graph.main();
        GraphCache.Stored stored = GraphCache.serialize(graph);
        core.graphs.remember(stored.hash(), graph);
        return core.step(step -> {
            step.tx.workflows().putIfAbsent(stored.hash(), stored.json(), main.id(), step.now);
            String id = newId(step);
            Starter.create(step, id, stored.hash(), main, null, null, null, 0, typed, base);
            return id;
        }).value();
    }

    private static String newId(Step step) {
        while (true) {
            var sb = new StringBuilder(8);
            for (int i = 0; i < 8; i++) {
                sb.append(ID_CHARS.charAt(IDS.nextInt(ID_CHARS.length())));
            }
            if (step.tx.executions().get(sb.toString()).isEmpty()) {
                return sb.toString();
            }
        }
    }

    /** Forks the run {@code row} from a node ({@link Forks}); returns the new execution's id. */
    public String fork(ExecutionRow row, String nodePath, Map<String, Object> changed) {
        return core.step(step -> {
            String id = newId(step);
            Forks.fork(step, id, row, nodePath, Json.readMap(row.inputsJson()), changed, null);
            return id;
        }).value();
    }

    /**
     * Records a person's answer to the question a node waits on and applies it, once. {@code check}
     * refuses an answer the question does not take (a {@link UsageException}) before anything is
     * written. Returns the question answered.
     */
    public RequestRow answer(String executionId, String nodeId, String output, String note, Consumer<RequestRow> check) {
        return core.step(step -> {
            ExecutionRow exec = step.tx.executions().get(executionId).orElseThrow();
            RequestRow question = pendingQuestion(step, exec, nodeId);
            check.accept(question);
            if (!step.tx.requests().resolve(question.id(), RequestRow.ANSWERED, output, note, step.now)) {
                throw new UsageException("node \"" + nodeId + "\" was answered by someone else just now; a question is answered once");
            }
            step.humans.apply(step.run(question.executionId()), question, output, note, false);
            return question;
        }).value();
    }

    private RequestRow pendingQuestion(Step step, ExecutionRow exec, String nodeId) {
        List<RequestRow> pending = step.tx.requests().pending(exec.rootId()).stream()
                .filter(r -> r.nodeId().equals(nodeId) && (r.executionId().equals(exec.id()) || exec.isTop()))
                .toList();
        if (pending.size() == 1) {
            return pending.get(0);
        }
        if (pending.size() > 1) {
            throw new UsageException("several executions wait on a node \"" + nodeId + "\": "
                    + String.join(", ", pending.stream().map(RequestRow::executionId).toList()) + "; answer with the execution id of one");
        }
        RunContext ctx = step.run(exec.id());
        if (!ctx.graph.hasNode(nodeId)) {
            throw new UsageException("workflow \"" + ctx.graph.workflow().id() + "\" has no node \"" + nodeId + "\"" + waitingHint(step, exec));
        }
        Optional<RequestRow> answered = step.tx.requests().all(exec.id()).stream()
                .filter(r -> r.nodeId().equals(nodeId) && RequestRow.ANSWERED.equals(r.status()))
                .reduce((a, b) -> b);
        if (answered.isPresent() && step.node(ctx, nodeId).status() != NodeStatus.WAITING) {
            throw new UsageException("node \"" + nodeId + "\" was already answered \"" + answered.get().answer()
                    + "\"; a question is answered once" + waitingHint(step, exec));
        }
        if (exec.status().isFinal()) {
            throw new UsageException("execution " + exec.id() + " has ended (" + exec.status().keyword() + "); nothing waits for an answer");
        }
        throw new UsageException("node \"" + nodeId + "\" is not waiting for an answer (it is " + step.node(ctx, nodeId).status().keyword() + ")"
                + waitingHint(step, exec));
    }

    private static String waitingHint(Step step, ExecutionRow exec) {
        if (exec.status().isFinal()) {
            return "; the run has ended (" + exec.status().keyword() + ")";
        }
        List<RequestRow> pending = step.tx.requests().pending(exec.rootId());
        if (pending.isEmpty()) {
            return "; no node of this run waits for an answer";
        }
        return "; waiting: " + String.join(", ", pending.stream().map(RequestRow::nodeId).distinct().toList());
    }

    /**
     * Cancels the run {@code row} and its child executions ({@link dev.flow.engine.Engine#cancel});
     * the value is the run's report, the events say what was cancelled.
     */
    public EngineCore.Done<String> cancel(ExecutionRow row, String why, String by) {
        return core.step(step -> {
            RunContext ctx = step.run(row.id());
            if (ctx.isFinal()) {
                throw new UsageException("execution " + row.id() + " has already ended (" + ctx.status.keyword()
                        + (ctx.report == null ? "" : ": " + ctx.report) + "); nothing to cancel");
            }
            step.event(ctx, "cancelled", null, Json.object("reason", why, "by", by));
            String report = "cancelled by " + by + (why == null ? "" : ": " + why);
            step.lifecycle.finish(ctx, ExecutionStatus.CANCELLED, report);
            step.drain(); // the children its waiting subgraph nodes ran are cancelled with them
            for (ExecutionRow e : step.tx.executions().unfinished()) {
                if (e.rootId().equals(row.id()) && !step.run(e.id()).isFinal()) {
                    step.lifecycle.finish(step.run(e.id()), ExecutionStatus.CANCELLED, "its run " + row.id() + " was cancelled");
                }
            }
            return report;
        });
    }

    /** Expires questions whose deadline passed and requeues work of dead workers, in the tree of {@code rootId} (everywhere when null). */
    public void maintain(String rootId) {
        core.step(step -> {
            step.humans.expireDue(rootId);
            Leases.reap(step, rootId);
            return null;
        });
    }

    /** Recomputes the counters of the tree's executions from their rows, then settles them (a safety net). */
    public void recount(String root) {
        core.step(step -> {
            for (ExecutionRow e : step.tx.executions().unfinished()) {
                if (e.rootId().equals(root)) {
                    RunContext ctx = step.run(e.id());
                    int running = 0;
                    int active = 0;
                    int waiting = 0;
                    for (NodeRow r : step.tx.nodes().all(e.id())) {
                        running += r.status() == NodeStatus.RUNNING ? 1 : 0;
                        active += r.status() == NodeStatus.RUNNING || r.status() == NodeStatus.READY ? 1 : 0;
                        waiting += r.status() == NodeStatus.WAITING ? 1 : 0;
                    }
                    ctx.running = running;
                    ctx.active = active;
                    ctx.waiting = waiting;
                    ctx.changed = true;
                }
            }
            return null;
        });
    }

    /** Claims one node of the tree of {@code rootId} (anywhere when null) for {@code owner} ({@link Claims}); its value is null when none can be taken. */
    public EngineCore.Done<Claim> claim(String rootId, String owner) {
        return core.step(step -> step.claims.claim(rootId, owner));
    }

    /**
     * Records a worker's result for the node it claimed ({@link Completion#finishWork}) and, in the
     * same transaction, claims its next node when {@code claimNext} still says so.
     */
    public EngineCore.Done<Claim> finish(Claim claim, Outcome outcome, boolean circuitOpened, BooleanSupplier claimNext, String rootId,
            String owner) {
        return core.step(step -> {
            step.completion.finishWork(claim, outcome, circuitOpened);
            return claimNext.getAsBoolean() ? step.claims.claim(rootId, owner) : null;
        });
    }

    /** Hands back a node a stopping worker held ({@link Leases#release}). */
    public EngineCore.Done<Boolean> release(NodeRow held, String why) {
        return core.step(step -> Leases.release(step, held, why, false));
    }

    /**
     * Hands back a node whose work its worker stopped when it could not renew the lease; a node that
     * moved on meanwhile (another worker took it) gets a {@code result_dropped} in the log, as a late result does.
     */
    public EngineCore.Done<Boolean> giveBack(NodeRow held, String why) {
        return core.step(step -> Leases.release(step, held, why, true));
    }

    /** Stores a key-value entry and logs it; {@code nodeId} is the writing node, null for a person. */
    public void putKv(KvEntry entry, String nodeId) {
        core.step(step -> {
            step.tx.kv().put(entry);
            step.event(step.run(entry.executionId()), "kv_put", nodeId,
                    Json.object("scope", entry.scope(), "key", entry.key(), "bytes", entry.bytes()));
            return null;
        });
    }
}
