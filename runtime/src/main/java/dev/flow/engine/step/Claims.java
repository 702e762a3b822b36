package dev.flow.engine.step;

import dev.flow.engine.eval.Values;
import dev.flow.engine.exec.AgentCommands;
import dev.flow.engine.exec.Job;
import dev.flow.engine.exec.RoleAgents;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.ReadyNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Takes a ready node for a worker: what its own transaction just made ready, then what its process
 * made ready earlier ({@link ReadyHints}), else the oldest; within its execution's max parallel, not before
 * its backoff, not while its agent's circuit is open, and not once a limit is reached. The claim
 * is a guarded update from {@code ready} to {@code running} with the worker's lease, so two workers
 * never hold the same node. The job is prepared in the same transaction: the prompt filled, the
 * environment of pointers and values built.
 */
final class Claims {
    private static final int ENV_VALUE_MAX = 32 * 1024;
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private final Step step;

    Claims(Step step) {
        this.step = step;
    }

    /** Claims one node of the tree of {@code rootId} (anywhere when null); null when none can be taken. */
    Claim claim(String rootId, String owner) {
        step.drain();
        // The nodes this transaction made ready come first: the worker goes on with what it just
        // finished, with no query (a chain costs one transaction a node).
        for (NodeRow fresh : step.readyMade()) {
            RunContext ctx = step.run(fresh.executionId());
            if (rootId == null || rootId.equals(ctx.loaded().rootId())) {
                Claim c = tryClaim(ctx, fresh.nodeId(), owner);
                if (c != null) {
                    return c;
                }
            }
        }
        Claim hinted = fromHints(rootId, owner);
        if (hinted != null) {
            return hinted;
        }
        // Otherwise the oldest ready node: a claim reads a few candidates at a time, in the ready
        // index's order, up to 32 (reading and mapping 32 rows a claim was half of a fan-out branch's time in
        // its transaction). On PostgreSQL, which locks what it reads, it read only four before: a run at its
        // max parallel with four ready nodes hid every later run's from idle workers.
        ReadyNode after = null;
        for (int page = 0; page < PAGES; page++) {
            step.flushNodes(); // what this transaction changed (a circuit's backoff), for the query to see
            List<ReadyNode> candidates = step.tx.nodes().claimable(rootId, step.now, CANDIDATES, after);
            for (ReadyNode candidate : candidates) {
                Claim c = tryClaim(step.run(candidate.executionId()), candidate.nodeId(), owner);
                if (c != null) {
                    return c;
                }
            }
            if (candidates.size() < CANDIDATES) {
                return null;
            }
            after = candidates.get(candidates.size() - 1);
            if (after.readyAt() == null) {
                return null; // no place in the order to go on from
            }
        }
        return null;
    }

    /**
     * A node this process made ready earlier and left ({@link ReadyHints}), taken without the claim's
     * query; null when the hints offer none that can be taken now. A hint whose node moved on is spent;
     * one whose run is at its max parallel, or whose node waits for its backoff, stays.
     */
    private Claim fromHints(String rootId, String owner) {
        ReadyHints hints = step.core.readyHints();
        if (hints == null) {
            return null;
        }
        for (ReadyHints.Hint h : hints.look()) {
            RunContext ctx = step.runIfPresent(h.executionId());
            if (ctx == null) {
                hints.spent(h);
                continue;
            }
            if (rootId != null && !rootId.equals(ctx.loaded().rootId())) {
                continue;
            }
            if (step.node(ctx, h.nodeId()).status() != NodeStatus.READY || !ctx.isLive()) {
                hints.spent(h);
                continue;
            }
            Claim c = tryClaim(ctx, h.nodeId(), owner);
            if (c != null) {
                hints.spent(h);
                return c;
            }
        }
        return null;
    }

    /** The candidates a claim reads at a time, and how many times at most. */
    static final int CANDIDATES = 4;
    static final int PAGES = 8;

    private Claim tryClaim(RunContext ctx, String nodeId, String owner) {
        NodeRow row = step.node(ctx, nodeId);
        if (row.status() != NodeStatus.READY || !ctx.isLive() || ctx.running >= ctx.maxParallel()
                || (row.notBefore() != null && row.notBefore() > step.now)) {
            return null;
        }
        String limit = LimitGuard.workExceeded(ctx, step.now);
        if (limit != null) {
            step.lifecycle.stop(ctx, ExecutionStatus.LIMIT_REACHED, limit);
            return null;
        }
        Node node = ctx.graph.node(row.nodeId());
        String breakerKey = CircuitBreaker.keyOf(node);
        if (breakerKey != null) {
            long until = step.core.breaker.blockedUntil(breakerKey, step.now);
            if (until > 0) {
                var b = row.toBuilder();
                b.notBefore(until);
                step.put(ctx, b.build());
                step.event(ctx, "circuit_open", row.nodeId(), Json.object("agent", breakerKey, "until", until));
                return null;
            }
        }
        var b = row.toBuilder();
        b.status(NodeStatus.RUNNING);
        b.leaseOwner(owner);
        // The lease runs from now, not from the transaction's start: on PostgreSQL the transaction may have waited
        // seconds for its execution's row (another worker's transition, or a cut worker's until the server ends it),
        // and a lease that lapsed while it waited is taken from its worker the moment it commits.
        b.leaseExpires(Math.max(step.now, step.core.now()) + step.core.options().lease().toMillis());
        b.startedAt(step.now);
        b.notBefore(null);
        NodeRow claimed = b.build();
        step.put(ctx, claimed);
        ctx.workCount++;
        step.event(ctx, "node_started", row.nodeId(), row.attempt() > 1 || row.iteration() > 1
                ? Json.object("iteration", row.iteration(), "attempt", row.attempt()) : null);
        step.tags.add("claimed");
        step.claimed++;
        return new Claim(prepare(ctx, node, claimed), claimed, Completion.resultReads(ctx, row.nodeId()), Readiness.joins(ctx, row.nodeId()));
    }

    private Job prepare(RunContext ctx, Node node, NodeRow row) {
        Map<String, Object> mapped = Json.readMap(row.inputJson());
        String prompt = null;
        TaskPrompts.Prepared prepared = null;
        KvInputs.Rendered kvInputs = node.spec() instanceof NodeSpec.Task t && !t.call().inputs().isEmpty() ? KvInputs.of(step, ctx, t.call().inputs()) : null;
        // the prompt of a node that runs an agent; none for the other kinds
        prepared = node.spec().accept(new NodeSpec.Visitor<TaskPrompts.Prepared>() {
            @Override
            public TaskPrompts.Prepared task(NodeSpec.Task task) {
                if (task.call().agent() == null && (task.command() != null || task.call().role() == null)) {
                    return null; // no agent to prompt: a command task, or one with neither agent nor role
                }
                // an agent task, or a task that names only a role: the role's agent runs it
                return TaskPrompts.task(step, ctx, node, task, mapped, kvInputs == null ? null : kvInputs.section());
            }

            @Override
            public TaskPrompts.Prepared gate(NodeSpec.Gate gate) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared branch(NodeSpec.Branch branch) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared parallel(NodeSpec.Parallel parallel) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared merge(NodeSpec.Merge merge) {
                return merge.agent() == null ? null : new TaskPrompts.Prepared(TaskPrompts.flow(step, ctx, node, mapped, merge.prompt()), null, null);
            }

            @Override
            public TaskPrompts.Prepared subgraph(NodeSpec.Subgraph subgraph) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared human(NodeSpec.Human human) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared checkpoint(NodeSpec.Checkpoint checkpoint) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared start(NodeSpec.Start start) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared end(NodeSpec.End end) {
                return null;
            }

            @Override
            public TaskPrompts.Prepared unknown(NodeSpec.Unknown unknown) {
                return null;
            }
        });
        prompt = prepared == null ? null : prepared.text();
        if (prompt != null) {
            String sections = GrowthPrompts.of(ctx.graph, node, mapped);
            prompt = sections == null ? prompt : prompt + sections;
        }
        String promptError = prepared == null ? null : prepared.error();
        Duration timeout = node.timeout() != null ? node.timeout() : step.core.options().defaultTimeout();
        String feedback = Feedback.about(node, row, previousResult(row));
        String session = node.spec() instanceof NodeSpec.Task t && t.call().continuesSession() ? row.sessionId() : null;
        if (step.core.runsInProcess(node)) {
            // Java code needs no environment, context file or prompt file.
            return new Job(ctx.id(), row.nodeId(), row.iteration(), row.attempt(), node, ctx.graph.workflow(), Path.of(ctx.loaded().baseDir()),
                    null, Map.of(), prompt, "{}", timeout, feedback, session, promptError);
        }
        Path runDir = step.core.runDir(ctx.id(), row.nodeId(), row.iteration(), row.attempt());
        var context = new LinkedHashMap<String, Object>();
        context.put("execution", ctx.id());
        context.put("node", row.nodeId());
        context.put("iteration", row.iteration());
        context.put("attempt", row.attempt());
        context.put("inputs", ctx.inputs);
        context.put("state", ctx.state());
        context.put("input", mapped);
        if (prepared != null && prepared.inputData() != null) {
            context.put("input_data", prepared.inputData());
        }
        if (kvInputs != null) {
            context.put("kv_inputs", kvInputs.context());
        }
        var env = new LinkedHashMap<String, String>();
        env.put("FLOW_DB", step.core.store.address());
        // with PostgreSQL, `flow kv` in the step keeps large values where this worker does
        env.put("FLOW_ARTIFACTS", step.core.store.artifactsDir().toString());
        env.put("FLOW_EXECUTION_ID", ctx.id());
        env.put("FLOW_NODE_ID", row.nodeId());
        env.put("FLOW_ITERATION", Integer.toString(row.iteration()));
        env.put("FLOW_ATTEMPT", Integer.toString(row.attempt()));
        env.put("FLOW_ARTIFACTS_DIR", runDir.toString());
        env.put("FLOW_CONTEXT_FILE", runDir.resolve("context.json").toString());
        env.put("FLOW_RUN_TOKEN", runToken(row));
        if (step.core.options().cliPath() != null) {
            env.put("FLOW_BIN", step.core.options().cliPath());
        }
        pointers(ctx, row, env, context);
        putValues(env, "FLOW_INPUT_", ctx.inputs);
        putValues(env, "FLOW_STATE_", ctx.state());
        putValues(env, "FLOW_ARG_", mapped);
        if (node.spec() instanceof NodeSpec.Task t) {
            taskEnv(t, Path.of(ctx.loaded().baseDir()), env, context);
        }
        return new Job(ctx.id(), row.nodeId(), row.iteration(), row.attempt(), node, ctx.graph.workflow(), Path.of(ctx.loaded().baseDir()),
                runDir, env, prompt, Json.write(context), timeout, feedback, session, promptError);
    }

    /**
     * Where the process stands in the run: {@code FLOW_PARENT_NODE_ID} (the node whose completion made
     * this one ready, {@link ParentNode}; empty when none), {@code FLOW_PARENT_EXECUTION_ID} (the
     * execution that started this one as a subgraph; empty at the top), {@code FLOW_RUNS_DIR} (the
     * execution's artifact folder, holding every node's run folders), also in the context file as
     * {@code parent}; and the roles given to this engine ({@code --role}) as {@code FLOW_ROLE_<ROLE>},
     * so that {@code flow microcall --role} finds the same agents as the run's tasks.
     */
    private void pointers(RunContext ctx, NodeRow row, Map<String, String> env, Map<String, Object> context) {
        ParentNode.Parent parent = ParentNode.of(step, ctx, row);
        env.put("FLOW_PARENT_NODE_ID", parent.nodeId() == null ? "" : parent.nodeId());
        env.put("FLOW_PARENT_EXECUTION_ID", ctx.loaded().parentId() == null ? "" : ctx.loaded().parentId());
        env.put("FLOW_RUNS_DIR", step.core.artifacts.executionDir(ctx.id()).toString());
        if (parent.nodeId() != null) {
            var where = new LinkedHashMap<String, Object>();
            where.put("execution", parent.executionId());
            where.put("node", parent.nodeId());
            context.put("parent", where);
        }
        step.core.options().roleCommands().forEach((role, argv) -> env.put(RoleAgents.variableFor(role), Json.write(AgentCommands.anchored(argv))));
    }

    /**
     * The result of the attempt before this one, read only when the row retries a validation failure
     * (the feedback quotes a failed gate from it); empty otherwise.
     */
    private Map<String, Object> previousResult(NodeRow row) {
        if (row.attempt() <= 1 || row.errorClass() != dev.flow.store.ErrorClass.VALIDATION) {
            return Map.of();
        }
        return step.tx.runs().of(row.executionId(), row.nodeId()).stream()
                .filter(r -> r.iteration() == row.iteration() && r.attempt() == row.attempt() - 1 && r.resultJson() != null)
                .map(r -> step.core.results.decode(r.resultJson())).findFirst().orElse(Map.of());
    }

    static String runToken(NodeRow row) {
        return row.executionId() + "/" + row.nodeId() + "/" + row.iteration() + "/" + row.attempt();
    }

    /**
     * What a task's process learns of its role and context files: {@code FLOW_ROLE}, and
     * {@code FLOW_CONTEXT_FILES} (a JSON list of their paths, resolved from the workflow's folder),
     * also in the context file as {@code role} and {@code context_files}.
     */
    private static void taskEnv(NodeSpec.Task t, Path baseDir, Map<String, String> env, Map<String, Object> context) {
        if (t.call().role() != null) {
            env.put("FLOW_ROLE", t.call().role());
            context.put("role", t.call().role());
        }
        if (!t.call().contextFiles().isEmpty()) {
            var paths = t.call().contextFiles().stream().map(f -> baseDir.resolve(f).normalize().toString()).toList();
            env.put("FLOW_CONTEXT_FILES", Json.write(paths));
            context.put("context_files", paths);
        }
    }

    private static void putValues(Map<String, String> env, String prefix, Map<String, Object> values) {
        for (var e : values.entrySet()) {
            String text = Values.format(e.getValue());
            if (text.length() <= ENV_VALUE_MAX && ENV_NAME.matcher(e.getKey()).matches()) {
                env.put(prefix + e.getKey(), text);
            }
        }
    }
}
