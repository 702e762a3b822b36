package dev.flow.engine;

import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.config.UsageException;
import dev.flow.engine.step.Claim;
import dev.flow.engine.step.EngineCore;
import dev.flow.engine.step.ExecutionLookup;
import dev.flow.engine.step.Inputs;
import dev.flow.engine.step.Transitions;
import dev.flow.engine.worker.Worker;
import dev.flow.model.FlowGraph;
import dev.flow.model.Workflow;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.RequestRow;
import dev.flow.store.Store;
import dev.flow.store.StoreException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Flow's durable runtime: starts executions of compiled graphs, drives them with workers, answers
 * their questions, cancels and forks them, and says where a run stands ({@link #result}). Everything
 * lives in the {@link Store}; an engine holds nothing a crash can lose, so any engine on the same
 * database can resume what another began.
 *
 * <p>The CLI's verbs that change executions map onto it: {@code flow run} is {@link #start} then
 * {@link #run}; {@code flow resume} is {@link #resume}; {@code flow answer} is {@link #answer};
 * {@code flow cancel} is {@link #cancel}; {@code flow fork} is {@link #fork}; {@code flow worker} is
 * {@link #serve}; {@code flow kv put} is {@link #kv}. The verbs that only read ({@code flow status},
 * {@code flow log}, {@code flow graph}, {@code flow kv get}) use {@link #queries}. Results carry the
 * exit code ({@link RunOutcome#exitCode()}); a {@link UsageException} means exit code 2.
 */
public final class Engine {
    private static final long MAINTENANCE_MILLIS = 1000;

    private final EngineCore core;
    private final Transitions transitions;
    /** The workers of the {@link #run} and {@link #resume} calls in progress, for {@link #interrupt}. */
    private final Set<Worker> driving = ConcurrentHashMap.newKeySet();

    public Engine(Store store, EngineOptions options) {
        // the broker of a sandboxed step serves it through this engine's key-value service (called once the core is set)
        this.core = new EngineCore(store, options, (execution, node) -> kv().forStep(execution, node));
        this.transitions = new Transitions(core);
    }

    public Engine(Store store) {
        this(store, EngineOptions.defaults());
    }

    public Store store() {
        return core.store();
    }

    /**
     * Starts an execution of the graph's main workflow with inputs given as text ({@code --input
     * name=value}, converted to the declared types). Commands run in {@code baseDir} (the workflow
     * file's folder). Returns the new execution's id; nothing runs until {@link #run}.
     *
     * @throws UsageException for an unknown, missing or ill-typed input
     */
    public String start(FlowGraph graph, Map<String, String> inputs, Path baseDir) {
        return startTyped(graph, Inputs.parse(graph.main(), inputs), baseDir);
    }

    /**
     * The inputs given as text, converted to the types the workflow declares, defaults added: what
     * {@link #start} checks, for callers that want to refuse bad inputs before opening a database.
     *
     * @throws UsageException for an unknown, missing or ill-typed input, naming it and its type
     */
    public static Map<String, Object> typedInputs(Workflow workflow, Map<String, String> inputs) {
        return Inputs.parse(workflow, inputs);
    }

    /** Like {@link #start}, with inputs already typed (String, Long, Double, Boolean, List). */
    public String startTyped(FlowGraph graph, Map<String, Object> inputs, Path baseDir) {
        Workflow main = graph.main();
        Map<String, Object> typed = Inputs.complete(main, inputs);
        String base = baseDir.toAbsolutePath().normalize().toString();
        return transitions.start(graph, typed, base);
    }

    /**
     * Drives the execution (and its subgraph children) on this process until it completes, fails,
     * reaches a limit, or waits for a person. Work other processes hold keeps running there.
     */
    public RunResult run(String executionId) {
        return drive(find(executionId));
    }

    /**
     * Continues an execution after a crash, a pause or a stop: work its dead workers held goes back
     * to ready (and whatever they left running is killed), questions whose deadline passed take
     * their defaults, then it is driven as {@link #run} does. A final execution is reported as is.
     */
    public RunResult resume(String executionId) {
        return drive(find(executionId));
    }

    /**
     * The roles of the execution's graph that no agent plays with this engine's settings, each with
     * the tasks asking for it ({@link dev.flow.engine.exec.RoleAgents#unplayed}): those tasks would
     * fail at once, so {@code flow resume} refuses to go on.
     */
    public Map<String, List<String>> unplayedRoles(String executionId) {
        ExecutionRow row = find(executionId);
        FlowGraph graph = core.store().read(tx -> core.graphs().graph(tx, row.graphHash()));
        return core.roles().unplayed(graph);
    }

    private ExecutionRow find(String executionId) {
        return ExecutionLookup.require(core.store(), executionId);
    }

    private RunResult drive(ExecutionRow start) {
        String root = start.rootId();
        maintain(root);
        Worker worker = new Worker(core, root, slotsFor(start));
        driving.add(worker);
        worker.start();
        long lastMaintenance = System.nanoTime();
        int repairs = 0;
        int failures = 0;
        try {
            while (true) {
                long seen = worker.stateVersion();
                if (worker.isStopping()) {
                    break;
                }
                if (worker.crashed() instanceof StoreException store && store.kind() != StoreException.Kind.BUG) {
                    throw store; // the database or the disk, not Flow: its message says what to do
                }
                if (worker.crashed() != null) {
                    throw new IllegalStateException("a worker slot stopped on an internal error: " + worker.crashed(), worker.crashed());
                }
                Snapshot snap;
                try {
                    if (System.nanoTime() - lastMaintenance > MAINTENANCE_MILLIS * 1_000_000) {
                        maintain(root);
                        lastMaintenance = System.nanoTime();
                    }
                    snap = core.store().read(tx -> new Snapshot(tx.executions().get(root).orElseThrow(), tx.nodes().countActive(root),
                            tx.requests().pending(root), tx.nodes().nextNotBefore(root)));
                } catch (StoreException e) {
                    if (!e.isTemporary()) {
                        throw e;
                    }
                    // a PostgreSQL server restarting: wait as the worker's slots do, rather than give up the run
                    worker.unreachable(e);
                    worker.backOff(++failures);
                    continue;
                }
                worker.reachable();
                failures = 0;
                if (snap.root().status().isFinal()) {
                    break;
                }
                if (snap.active() == 0) {
                    if (!snap.pending().isEmpty()) {
                        break;
                    }
                    if (++repairs > 3) {
                        throw new IllegalStateException("bug: execution " + root + " has nothing to run, nothing to ask, and does not end");
                    }
                    transitions.recount(root);
                    continue;
                }
                repairs = 0;
                long wait = MAINTENANCE_MILLIS;
                if (snap.nextNotBefore().isPresent()) {
                    wait = Math.max(1, Math.min(wait, snap.nextNotBefore().get() - core.now()));
                    worker.nudge();
                }
                worker.awaitChange(seen, wait);
            }
        } finally {
            worker.stop(false);
            worker.join();
            driving.remove(worker);
        }
        return result(root);
    }

    /**
     * Stops the {@link #run} and {@link #resume} calls in progress on this engine, as Ctrl-C on
     * {@code flow run} does: work in progress is killed and its nodes go back to ready (same attempt),
     * and the calls return where their execution stands. {@link #resume} goes on from there. Returns
     * once their work has stopped.
     */
    public void interrupt() {
        List<Worker> workers = List.copyOf(driving);
        workers.forEach(w -> w.stop(true));
        workers.forEach(Worker::join);
    }

    /**
     * Why the database is out of reach of a {@link #run} or {@link #resume} in progress now (its driver
     * and its slots wait and try again with backoff); null while it answers or when none is in progress.
     */
    public StoreException outage() {
        for (Worker w : driving) {
            if (w.outage() != null) {
                return w.outage();
            }
        }
        return null;
    }

    /** How many times the database went out of reach of the runs in progress on this engine. */
    public long outages() {
        long sum = 0;
        for (Worker w : driving) {
            sum += w.outages();
        }
        return sum;
    }

    private record Snapshot(ExecutionRow root, int active, List<RequestRow> pending, Optional<Long> nextNotBefore) {}

    private int slotsFor(ExecutionRow row) {
        FlowGraph g = core.store().read(tx -> core.graphs().graph(tx, row.graphHash()));
        int max = 1;
        for (Workflow w : g.all()) {
            max = Math.max(max, w.config().maxParallel());
        }
        return Math.min(max, 64);
    }

    /** Where the execution (its tree's top) stands now, without driving it. */
    public RunResult result(String executionId) {
        ExecutionRow row = find(executionId);
        return core.store().read(tx -> {
            ExecutionRow root = tx.executions().get(row.rootId()).orElseThrow();
            List<Question> questions = tx.requests().pending(root.id()).stream().map(Question::of).toList();
            if (root.status().isFinal()) {
                return new RunResult(root.id(), RunOutcome.of(root.status()), root.report(), List.of());
            }
            return new RunResult(root.id(), RunOutcome.PAUSED, questions.isEmpty() ? "the run is in progress" : null, questions);
        });
    }

    /**
     * Expires questions whose deadline passed and requeues work of dead workers, in the tree of
     * {@code rootId} (everywhere when null). Workers do this every second; tests call it after moving
     * their clock.
     */
    public void maintain(String rootId) {
        transitions.maintain(rootId);
    }

    /**
     * Answers the question a node waits on: a human node's output, or {@code proceed}, {@code stop}
     * or {@code skip} for an interrupt. The answer is recorded and applied in one transaction, once:
     * a second answer is refused. Run {@link #resume} afterwards to go on.
     *
     * @param executionId the execution, or the top of its tree when the node is in a subgraph
     * @throws UsageException for an unknown execution or node, a node that waits for nothing, an
     *     answer that is not one of the options, or a question already answered
     */
    public AnswerResult answer(String executionId, String nodeId, String output, String note) {
        find(executionId);
        RequestRow q = transitions.answer(executionId, nodeId, output, note, question -> {
            if (!question.options().contains(output)) {
                throw new UsageException("\"" + output + "\" is not an answer to \"" + nodeId + "\": choose one of "
                        + String.join(", ", question.options()));
            }
            if (Question.of(question).wantsText() && (note == null || note.isBlank())) {
                // a supervisor's question: the text is the answer, and "answered" alone would tell it nothing
                throw new UsageException("node \"" + nodeId + "\" asks for your answer's text: give it with --note, such as"
                        + " flow answer " + question.executionId() + " " + nodeId + " " + output + " --note 'Saturday 14 June'");
            }
        });
        ExecutionRow after = core.store().read(tx -> tx.executions().get(q.executionId())).orElseThrow();
        return new AnswerResult(q.executionId(), nodeId, output, after.status());
    }

    /**
     * Cancels a run and its child executions at once, in one transaction: each ends {@code
     * cancelled}; their nodes that are ready, running or waiting are cancelled (ended {@code skipped}
     * with the reason, and a {@code node_cancelled} event), their questions withdrawn; a {@code
     * cancelled} event says who asked and why. Running work is killed by whichever worker holds it:
     * here at once, in another process within half a second ({@link Worker}); and, before the
     * cancel commits, every process on this machine that carries the run token of a running node no
     * worker of this process holds (its driver was killed, or is another process) is killed here. The run can no longer
     * be resumed or answered; {@link #fork} starts a new one from any of its nodes.
     *
     * @param reason why, for the report and the log; null for none
     * @throws UsageException for an unknown execution, a child execution (cancel the run it belongs
     *     to), or a run that has already ended (a second cancel included)
     */
    public CancelResult cancel(String executionId, String reason) {
        ExecutionRow row = find(executionId);
        if (!row.isTop()) {
            throw new UsageException("execution " + row.id() + " is a child execution of " + row.parentId() + " (its subgraph node \""
                    + row.parentNode() + "\"); cancel the run it belongs to: " + row.rootId());
        }
        String why = reason == null || reason.isBlank() ? null : reason.strip();
        String by = System.getProperty("user.name", "someone") + "@" + core.host();
        var done = transitions.cancel(row, why, by);
        int nodes = 0;
        int children = 0;
        for (EventRow e : done.events()) {
            nodes += e.kind().equals("node_cancelled") ? 1 : 0;
            children += e.kind().equals("execution_finished") && !e.executionId().equals(row.id()) ? 1 : 0;
        }
        return new CancelResult(row.id(), row.workflowId(), nodes, children, done.value(), done.processesStopped());
    }

    /**
     * Forks a run from one of its nodes: a new execution of the same graph that reuses the results of
     * the nodes the chosen one does not lead to and runs from that node on, with the state it had
     * when the node last became ready ({@link dev.flow.engine.step.Forks} says exactly what is reused and what runs
     * again). The source is left as it is, whatever its status. Returns the new execution's id;
     * nothing runs until {@link #run}.
     *
     * @param nodePath a node of the run's workflow, or {@code SUB/NODE} for a node of the child
     *     execution the subgraph node {@code SUB} ran
     * @param inputs inputs to change, as text ({@code --input name=value}); the others are the source's
     * @throws UsageException for an unknown execution or node, a child execution (fork the run it
     *     belongs to), a node that never became ready, or a bad input
     */
    public String fork(String executionId, String nodePath, Map<String, String> inputs) {
        ExecutionRow row = find(executionId);
        if (!row.isTop()) {
            throw new UsageException("execution " + row.id() + " is a child execution of " + row.parentId() + " (its subgraph node \""
                    + row.parentNode() + "\"); fork the run it belongs to, from " + row.parentNode() + "/NODE: " + row.rootId());
        }
        Workflow workflow = core.store().read(tx -> core.graphs().runGraph(tx, row.graphHash(), row.workflowId())).workflow();
        Map<String, Object> changed = Inputs.typed(workflow, inputs);
        return transitions.fork(row, nodePath, changed);
    }

    /**
     * Serves every execution in the database with {@code concurrency} slots until stopped: what
     * {@code flow worker} runs. Several workers, in several processes, may share one database.
     */
    public WorkerHandle serve(int concurrency) {
        Worker worker = new Worker(core, null, concurrency);
        worker.start();
        Thread maintenance = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    maintain(null);
                    worker.nudge();
                    Thread.sleep(MAINTENANCE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // the database was busy past its timeout or closed: try again on the next round
                }
            }
        }, "flow-maintenance");
        maintenance.setDaemon(true);
        maintenance.start();
        return new WorkerHandle(worker, maintenance);
    }

    /** One-shot agent calls from inside a running node ({@code flow microcall}). */
    public Microcalls microcalls() {
        return new Microcalls(core);
    }

    /** The key-value store's writes, with the rule that agents write only their own node's keys and the run's. */
    public KvService kv() {
        return new KvService(core);
    }

    /** Reads of this engine's executions: status, events, history, graphs, kv values ({@link ExecutionQueries}). */
    public ExecutionQueries queries() {
        return new ExecutionQueries(core);
    }

    /** Claims one node for {@code owner} without running it (tests of leases and claims). */
    Claim claimForTest(String rootId, String owner) {
        return transitions.claim(rootId, owner).value();
    }

    EngineCore core() {
        return core;
    }
}
