package dev.flow.engine.step;

import dev.flow.check.NameSuggester;
import dev.flow.engine.config.UsageException;
import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.StateVariable;
import dev.flow.model.Workflow;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ForkRow;
import dev.flow.store.KvEntry;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Forks an execution from one of its nodes: a new execution of the same graph that takes over the
 * results of the nodes the chosen node does not lead to, and runs from that node on. In one
 * transaction:
 *
 * <ol>
 *   <li>The <b>fork point</b> is the last time the node became ready in the source (its entry,
 *       numbered by the source's event sequence): in a loop, its last pass.
 *   <li>The <b>reused</b> nodes are those of the source's workflow that the node does not reach over
 *       forward edges (loop and back edges do not count), that completed, or were skipped by the
 *       run's own decisions (a branch not taken, a race lost, a person's skip), whatever the time
 *       they finished. Their rows are copied with their results, outputs and the edges they took; a
 *       human node's answer is reused, a subgraph node's result is (its child is not copied).
 *   <li>Every other node runs again from scratch: the node itself is entered at once, in the pass it
 *       had at the fork point, with the values its edges handed it then; the rest as their inputs
 *       decide (a node the source never finished, that the node does not reach, runs again once its
 *       inputs are there). A node in a later pass keeps its pass number (the passes it had entered
 *       before the fork point, plus one).
 *   <li>State variables are as they were at the fork point (from the state history); loop counters
 *       as they stood then (from the source's {@code loop} events); the key-value store gets the
 *       reused nodes' keys and the run's keys written before the node became ready (by the clock).
 *   <li>The fork records its origin ({@code forks} table) and its log starts with a {@code forked}
 *       event.
 * </ol>
 *
 * A node inside a child execution, {@code SUB/NODE}, forks the run from the subgraph node
 * {@code SUB}, whose new child is itself a fork of the source's child from {@code NODE}. A node the
 * source reused from its own origin (the source is a fork) is forked from where it ran.
 */
final class Forks {
    private Forks() {}

    /** The last entry of the fork node in the source: its event number, pass, and the values handed to it. */
    private record Entry(long seq, int iteration, String inputJson, long at, boolean exact) {}

    /** A new child's place in its parent: the fork of a child execution is a child of the fork. */
    record Parent(String rootId, String parentId, String parentNode, int parentIteration) {}

    /** A subgraph node of a fork whose child is to be a fork of {@code source} from {@code path}. */
    record ChildFork(ExecutionRow source, String path) {}

    /**
     * Creates the fork and takes its first steps; returns its id.
     *
     * @param baseInputs the inputs the fork starts from: its source's (or, for a node the source reused, the source's own inputs)
     * @param changed inputs the person changed, typed
     */
    static RunContext fork(Step step, String newId, ExecutionRow source, String nodePath, Map<String, Object> baseInputs,
            Map<String, Object> changed, Parent parent) {
        RunContext src = step.run(source.id());
        int slash = nodePath.indexOf('/');
        String nodeId = slash < 0 ? nodePath : nodePath.substring(0, slash);
        requireNode(src, nodeId);
        Optional<ForkRow> origin = step.tx.forks().get(source.id());
        if (origin.isPresent() && origin.get().reused().contains(nodeId)) {
            // the source took this node's result from its own origin: fork that one, from where the node ran
            ExecutionRow earlier = step.tx.executions().get(origin.get().sourceId()).orElseThrow();
            return fork(step, newId, earlier, nodePath, src.inputs, changed, parent);
        }
        Entry entry = lastEntry(step, src, nodeId);
        Node node = src.graph.node(nodeId);
        String inner = slash < 0 ? null : nodePath.substring(slash + 1);
        if (inner != null && node.kind() != NodeKind.SUBGRAPH) {
            throw new UsageException("\"" + nodePath + "\" names a node inside \"" + nodeId + "\", which is a " + node.kind().keyword()
                    + " node, not a subgraph");
        }
        var inputs = new LinkedHashMap<>(baseInputs);
        inputs.putAll(changed);
        Workflow workflow = src.graph.workflow();
        Map<String, Object> complete = Inputs.complete(workflow, inputs);
        RunContext ctx = parent == null
                ? Starter.insert(step, newId, source.graphHash(), workflow, null, null, null, 0, complete, source.baseDir())
                : Starter.insert(step, newId, source.graphHash(), workflow, parent.rootId(), parent.parentId(), parent.parentNode(),
                        parent.parentIteration(), complete, source.baseDir());

        Set<String> rerun = src.graph.downstream(nodeId);
        var reused = new ArrayList<NodeRow>();
        var reusedIds = new HashSet<String>();
        for (Node n : workflow.nodes()) {
            NodeRow r = step.node(src, n.id());
            if (!rerun.contains(n.id()) && (r.status() == NodeStatus.COMPLETED || r.status() == NodeStatus.SKIPPED && !Lifecycle.endedWithRun(r))) {
                reused.add(r);
                reusedIds.add(n.id());
            }
        }
        step.event(ctx, "forked", null, Json.object("from", source.id(), "node", nodePath, "iteration", entry.iteration(),
                "reused", reused.stream().map(NodeRow::nodeId).toList(), "changed", changed.isEmpty() ? null : changed,
                "state", entry.exact() ? null : "the source's last state: it has no record of the state when the node became ready"));
        step.tx.forks().insert(new ForkRow(newId, source.id(), nodePath, entry.iteration(), reused.stream().map(NodeRow::nodeId).toList(),
                step.now));
        state(step, src, ctx, workflow, entry);
        Starter.started(step, ctx, workflow);
        loopCounters(step, src, ctx, entry);
        for (NodeRow r : reused) {
            step.put(ctx, copy(r, newId));
        }
        keyValues(step, src, ctx, reused, entry);
        for (Node n : workflow.nodes()) {
            if (!reusedIds.contains(n.id())) {
                var b = NodeRow.pending(newId, n.id()).toBuilder();
                b.iteration(n.id().equals(nodeId) ? entry.iteration() : passAt(step, src, n.id(), entry.seq()));
                step.put(ctx, b.build());
            }
        }
        if (inner != null) {
            // the subgraph node starts its child as a fork of the source's child (Subgraphs.start)
            step.childForks.put(ctx.id() + "/" + nodeId, new ChildFork(childAt(step, src, nodeId, entry), inner));
        }
        step.entering.enter(ctx, nodeId, entry.inputJson() != null ? Json.readMap(entry.inputJson()) : handed(step, ctx, nodeId));
        for (Node n : workflow.nodes()) {
            if (!n.id().equals(nodeId)) {
                step.later(() -> step.readiness.arrive(ctx, n.id()));
            }
        }
        return ctx;
    }

    private static void requireNode(RunContext src, String nodeId) {
        if (!src.graph.hasNode(nodeId)) {
            var near = NameSuggester.suggest(nodeId, src.graph.workflow().nodes().stream().map(Node::id).toList());
            throw new UsageException("workflow \"" + src.graph.workflow().id() + "\" has no node \"" + nodeId + "\""
                    + (near.isEmpty() ? "" : "; " + NameSuggester.didYouMean(near)));
        }
    }

    /**
     * When the node last became ready in the source: its current row when it was entered in its
     * current pass, else its latest earlier run. A run recorded before Flow kept entries (or a node
     * that ran but whose entry is unknown) forks from the source's last state, and says so.
     */
    private static Entry lastEntry(Step step, RunContext src, String nodeId) {
        NodeRow row = step.node(src, nodeId);
        if (row.enteredSeq() != null) {
            return new Entry(row.enteredSeq(), row.iteration(), row.inputJson(), row.readyAt() == null ? Long.MAX_VALUE : row.readyAt(), true);
        }
        List<RunRow> runs = step.tx.runs().of(src.id(), nodeId);
        Optional<RunRow> last = runs.stream().filter(r -> r.enteredSeq() != null).reduce((a, b) -> b.enteredSeq() > a.enteredSeq() ? b : a);
        if (last.isPresent()) {
            RunRow r = last.get();
            return new Entry(r.enteredSeq(), r.iteration(), null, r.startedAt() == null ? Long.MAX_VALUE : r.startedAt(), true);
        }
        if (row.startedAt() != null || !runs.isEmpty() || row.status() == NodeStatus.COMPLETED || row.status() == NodeStatus.FAILED) {
            return new Entry(Long.MAX_VALUE, row.iteration(), row.inputJson(), Long.MAX_VALUE, false);
        }
        var reached = new ArrayList<NodeRow>();
        for (Node n : src.graph.workflow().nodes()) {
            NodeRow r = step.node(src, n.id());
            if (r.enteredSeq() != null || r.startedAt() != null) {
                reached.add(r);
            }
        }
        reached.sort(Comparator.comparing(r -> r.enteredSeq() == null ? Long.MAX_VALUE : r.enteredSeq()));
        throw new UsageException("node \"" + nodeId + "\" never became ready in execution " + src.id() + " (it is " + row.status().keyword()
                + "), so there is no point to fork from; it reached " + (reached.isEmpty() ? "no node"
                : String.join(", ", reached.stream().map(NodeRow::nodeId).toList())));
    }

    /** The pass a node re-run by the fork starts in: one more than the passes it had entered before the fork point. */
    private static int passAt(Step step, RunContext src, String nodeId, long seq) {
        Set<Integer> passes = new HashSet<>();
        for (RunRow r : step.tx.runs().of(src.id(), nodeId)) {
            if (r.enteredSeq() != null && r.enteredSeq() < seq) {
                passes.add(r.iteration());
            }
        }
        NodeRow row = step.node(src, nodeId);
        if (row.enteredSeq() != null && row.enteredSeq() < seq) {
            passes.add(row.iteration());
        }
        return passes.size() + 1;
    }

    /** A reused row, in the fork: the same result, outputs and decisions, no worker, no child. */
    private static NodeRow copy(NodeRow r, String forkId) {
        var b = r.toBuilder();
        b.executionId(forkId);
        b.leaseOwner(null);
        b.leaseExpires(null);
        b.notBefore(null);
        b.childId(null);
        b.enteredSeq(null); // its entry was numbered in the source's log
        return b.build();
    }

    /** The state variables as their history had them at the fork point (the source's last state when it has no history). */
    private static void state(Step step, RunContext src, RunContext ctx, Workflow workflow, Entry entry) {
        Map<String, String> then = entry.exact() ? step.tx.state().before(src.id(), entry.seq()) : Map.of();
        var values = new LinkedHashMap<String, Object>();
        for (StateVariable v : workflow.state()) {
            values.put(v.name(), Starter.initial(v));
        }
        if (then.isEmpty()) {
            values.putAll(src.state());
        } else {
            then.forEach((name, json) -> values.put(name, Json.readValue(json)));
        }
        values.forEach(ctx::setState);
    }

    /** How often each loop edge had been taken before the fork point: its {@code loop} events up to the one the entry followed. */
    private static void loopCounters(Step step, RunContext src, RunContext ctx, Entry entry) {
        if (!entry.exact()) {
            step.tx.loops().all(src.id()).forEach((edge, n) -> step.tx.loops().set(ctx.id(), edge, n));
            return;
        }
        var loopEdges = new HashSet<String>();
        for (Edge e : src.graph.workflow().edges()) {
            if (e.isLoop()) {
                loopEdges.add(e.id());
            }
        }
        var counts = new LinkedHashMap<String, Integer>();
        for (EventRow e : step.tx.events().after(src.id(), 0, Integer.MAX_VALUE)) {
            if (e.seq() > entry.seq()) {
                break; // the node's entry came after the event it numbers (see NodeRow.enteredSeq)
            }
            if (e.kind().equals("loop") && Json.readMap(e.data()).get("edge") instanceof String edge && loopEdges.contains(edge)) {
                counts.merge(edge, 1, Integer::sum);
            }
        }
        counts.forEach((edge, n) -> step.tx.loops().set(ctx.id(), edge, n));
    }

    /** The reused nodes' own keys (their latest values), and the run's keys as they stood when the node became ready. */
    private static void keyValues(Step step, RunContext src, RunContext ctx, List<NodeRow> reused, Entry entry) {
        for (NodeRow r : reused) {
            for (KvEntry e : step.tx.kv().list(src.id(), r.nodeId(), "")) {
                step.tx.kv().put(moved(e, ctx.id()));
            }
        }
        for (KvEntry latest : step.tx.kv().list(src.id(), KvEntry.RUN_SCOPE, "")) {
            step.tx.kv().history(src.id(), KvEntry.RUN_SCOPE, latest.key()).stream()
                    .filter(e -> e.at() <= entry.at())
                    .findFirst()
                    .ifPresent(e -> step.tx.kv().put(moved(e, ctx.id())));
        }
    }

    private static KvEntry moved(KvEntry e, String executionId) {
        return new KvEntry(executionId, e.scope(), e.key(), e.value(), e.artifact(), e.sha256(), e.bytes(), e.writer(), e.at());
    }

    /** What the node's taken incoming edges hand it in the fork (when the source's record of it is gone with a later pass). */
    private static Map<String, Object> handed(Step step, RunContext ctx, String nodeId) {
        var taken = new ArrayList<Edge>();
        for (Edge e : ctx.graph.joinIncoming(nodeId)) {
            if (Decision.of(step, ctx, e) == Decision.TAKEN) {
                taken.add(e);
            }
        }
        return Mappings.evaluate(step, ctx, taken);
    }

    /** The child execution a subgraph node ran at the fork point. */
    private static ExecutionRow childAt(Step step, RunContext src, String nodeId, Entry entry) {
        ExecutionRow found = null;
        for (ExecutionRow c : step.tx.executions().children(src.id())) {
            if (nodeId.equals(c.parentNode()) && c.parentIteration() == entry.iteration()) {
                found = c; // the last attempt of that pass
            }
        }
        if (found == null) {
            throw new UsageException("subgraph node \"" + nodeId + "\" of execution " + src.id() + " started no child execution in pass "
                    + entry.iteration() + "; fork from \"" + nodeId + "\" to run its child from its start");
        }
        return found;
    }
}
