package dev.flow.engine.step;

import dev.flow.engine.broker.KvAccess;
import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.config.Probe;
import dev.flow.engine.exec.AgentCommands;
import dev.flow.engine.exec.ArtifactPaths;
import dev.flow.engine.exec.Containment;
import dev.flow.engine.exec.RoleAgents;
import dev.flow.engine.exec.StandardExecutor;
import dev.flow.engine.exec.WorkExecutor;
import dev.flow.engine.workspace.Workspaces;
import dev.flow.store.EventRow;
import dev.flow.store.Store;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What every part of one engine shares: the store, the options, the graph cache, the executor. The
 * engine's API and its workers read it through its public methods; the transitions use its fields.
 */
public final class EngineCore {
    final Store store;
    private final EngineOptions options;
    final GraphCache graphs = new GraphCache();
    final WorkExecutor executor;
    final CircuitBreaker breaker;
    final Backoff backoff;
    final ArtifactPaths artifacts;
    final ResultCodec results;
    final Reports reports;
    final String host;
    final RoleAgents roles;
    /** The database's clock, unless the options give a clock of their own (a test's): null then. */
    private final DatabaseClock databaseClock;
    /** Each execution's inputs as last parsed, with the JSON they came from: they never change, and a step reads them every time. */
    private final Map<String, ParsedInputs> inputs = new ConcurrentHashMap<>();
    private static final int INPUTS_KEPT = 10_000;

    private record ParsedInputs(String json, Map<String, Object> values) {}

    /** Where each merge's last open input was found ({@link Readiness}): a hint only, bounded, lost on restart. */
    private final Map<String, Integer> joinHints = new ConcurrentHashMap<>();
    private static final int JOIN_HINTS_KEPT = 10_000;
    /** Nodes this process made ready and left, for its next claims: null where a read may wait on another writer's lock (a server). */
    private final ReadyHints readyHints;
    /** The workers running in this process, which kill the work a committed transaction cancelled. */
    private final Set<LocalWorker> workers = ConcurrentHashMap.newKeySet();

    /**
     * @param stepKv what the key-value broker of a sandboxed step serves it (its run's store, with the
     *     step's rights)
     */
    public EngineCore(Store store, EngineOptions options, KvAccess.Factory stepKv) {
        this.store = store;
        this.options = options;
        this.roles = new RoleAgents(options.roleCommands(), options.environment());
        this.executor = options.executor() != null ? options.executor()
                : new StandardExecutor(new AgentCommands(options.agentCommands(), options.environment()), roles, options.inProcessAgents(),
                        options.defaultTimeout(), options.contractFooter(), Containment.forEnvironment(options.environment()),
                        Workspaces.besideDatabase(store), options.probe()::at, stepKv, options.listener());
        this.readyHints = store.writesSerially() ? new ReadyHints() : null;
        this.breaker = new CircuitBreaker(options.breakerThreshold(), options.breakerOpenFor().toMillis());
        this.backoff = new Backoff(options.random());
        this.artifacts = new ArtifactPaths(store.artifactsDir());
        this.results = new ResultCodec(artifacts);
        this.reports = new Reports(artifacts);
        this.host = hostName();
        // the machine's clock is the default: the database's stands in for it, so that every worker keeps one time
        this.databaseClock = options.clock().equals(java.time.Clock.systemUTC()) ? new DatabaseClock(store) : null;
    }

    public EngineOptions options() {
        return options;
    }

    /** The time of everything the engine records and judges: the database's clock ({@link DatabaseClock}), or the options' own clock. */
    public long now() {
        return databaseClock != null ? databaseClock.millis() : options.clock().millis();
    }

    /** Measures this machine's clock against the database's again (a worker's heartbeat does); nothing with a clock of the options' own. */
    public void syncClock() {
        if (databaseClock != null) {
            databaseClock.measure();
        }
    }

    public Store store() {
        return store;
    }

    public GraphCache graphs() {
        return graphs;
    }

    public WorkExecutor executor() {
        return executor;
    }

    public CircuitBreaker breaker() {
        return breaker;
    }

    public ArtifactPaths artifacts() {
        return artifacts;
    }

    public ResultCodec results() {
        return results;
    }

    public String host() {
        return host;
    }

    public RoleAgents roles() {
        return roles;
    }

    public Path runDir(String executionId, String nodeId, int iteration, int attempt) {
        return artifacts.runDir(executionId, nodeId, iteration, attempt);
    }

    /** The execution's inputs, read-only; parsed only when its JSON is not the one parsed last. */
    Map<String, Object> inputs(dev.flow.store.ExecutionRow row) {
        ParsedInputs p = inputs.get(row.id());
        if (p != null && p.json().equals(row.inputsJson() == null ? "" : row.inputsJson())) {
            return p.values();
        }
        if (inputs.size() >= INPUTS_KEPT) {
            inputs.clear();
        }
        var parsed = new ParsedInputs(row.inputsJson() == null ? "" : row.inputsJson(), Collections.unmodifiableMap(Json.readMap(row.inputsJson())));
        inputs.put(row.id(), parsed);
        return parsed.values();
    }

    int joinHint(String executionId, String nodeId) {
        return joinHints.getOrDefault(executionId + "/" + nodeId, 0);
    }

    void joinHint(String executionId, String nodeId, int edge) {
        if (joinHints.size() >= JOIN_HINTS_KEPT) {
            joinHints.clear();
        }
        joinHints.put(executionId + "/" + nodeId, edge);
    }

    ReadyHints readyHints() {
        return readyHints;
    }

    /** Whether a node's work is done by Java code in this process (no process, no files). */
    boolean runsInProcess(dev.flow.model.Node node) {
        if (options.executor() != null) {
            return false;
        }
        String agent = CircuitBreaker.agentOf(node);
        return agent != null && options.inProcessAgents().containsKey(agent);
    }

    /**
     * What one committed transaction did.
     *
     * @param processesStopped processes of work taken from workers outside this process (a dead
     *     driver's, a lapsed lease's) that were killed
     */
    public record Done<T>(T value, List<EventRow> events, Set<String> cancelled, Set<String> tags, int spareReady, int processesStopped) {}

    /** Runs {@code work} in one write transaction, settles and writes everything, then tells listeners. */
    <T> Done<T> step(Function<Step, T> work) {
        var left = new ArrayList<ReadyHints.Hint>();
        Done<T> done = store.write(tx -> {
            var step = new Step(this, tx);
            T value = work.apply(step);
            step.finish();
            left.clear(); // the transaction may have run before and lost
            if (step.readied > step.claimed) {
                tx.announceWork(); // work this worker does not take: wake the others
                if (readyHints != null) {
                    step.readyMade().forEach(r -> left.add(new ReadyHints.Hint(r.executionId(), r.nodeId())));
                }
            }
            return new Done<>(value, List.copyOf(step.events), Set.copyOf(step.cancelled), Set.copyOf(step.tags),
                    Math.max(0, step.readied - step.claimed), step.processesStopped);
        });
        if (!left.isEmpty()) {
            readyHints.add(left);
        }
        if (!done.cancelled().isEmpty()) {
            workers.forEach(w -> w.cancelLocally(done.cancelled()));
        }
        if (options.probe() != Probe.NONE) {
            options.probe().at("after-commit", String.join(",", done.tags()));
        }
        for (EventRow e : done.events()) {
            try {
                options.listener().onEvent(e);
            } catch (RuntimeException ignored) {
                // a listener's failure must not undo committed work
            }
        }
        return done;
    }

    /** A worker of this process starts: its lease owner is alive ({@link Leases#isDead}) and it hears what commits cancel. */
    public void register(LocalWorker w) {
        Leases.LIVE.add(w.owner());
        workers.add(w);
    }

    /** The worker has stopped. */
    public void unregister(LocalWorker w) {
        Leases.LIVE.remove(w.owner());
        workers.remove(w);
    }

    /** A worker identity: host, pid and the process's start time (so a reused pid is not mistaken for us). */
    public String newOwner(String suffix) {
        return host + ":" + ThisProcess.PID_AND_START + ":" + suffix;
    }

    /** This process's pid and start time, read once: the JDK reads several of {@code /proc}'s files for them (0.3 ms a run's worker). */
    private static final class ThisProcess {
        static final String PID_AND_START;

        static {
            ProcessHandle me = ProcessHandle.current();
            PID_AND_START = me.pid() + ":" + me.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
        }
    }

    /**
     * This machine's name, as its kernel has it. Not resolved through the network's names first: where
     * no hosts file or DNS knows the name (a container, a network namespace), resolving failed and
     * every such machine called itself "localhost", so that each judged the others' workers by its own
     * processes ({@link Leases#isDead}).
     */
    private static String hostName() {
        try {
            String kernel = java.nio.file.Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!kernel.isEmpty()) {
                return kernel;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: ask the network's names
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String name = ManagementFactory.getRuntimeMXBean().getName();
            int at = name.indexOf('@');
            return at >= 0 ? name.substring(at + 1) : "localhost";
        }
    }
}
