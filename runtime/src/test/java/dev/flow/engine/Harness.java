package dev.flow.engine;

import dev.flow.engine.config.EngineOptions;
import dev.flow.model.FlowGraph;
import dev.flow.store.EventRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.store.StoreOptions;
import dev.flow.store.Store;
import dev.flow.store.StoreKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A real database in a temporary folder (SQLite, or a PostgreSQL database of its own when the test
 * class runs {@link dev.flow.store.BothStores}), an engine on it, and shortcuts tests use.
 */
final class Harness implements AutoCloseable {
    final Path dir;
    final Store store;
    final Engine engine;

    Harness(Path dir) {
        this(dir, b -> b);
    }

    Harness(Path dir, UnaryOperator<EngineOptions.Builder> options) {
        this.dir = dir;
        this.store = StoreKind.current().open(dir, StoreOptions.DEFAULT);
        this.engine = new Engine(store, options.apply(EngineOptions.builder().contractFooter(true)).build());
    }

    String start(FlowGraph g) {
        return engine.start(g, Map.of(), dir);
    }

    String start(FlowGraph g, Map<String, String> inputs) {
        return engine.start(g, inputs, dir);
    }

    RunResult run(FlowGraph g) {
        return engine.run(start(g));
    }

    NodeStatus status(String exec, String node) {
        return engine.queries().status(exec).nodes().stream().filter(n -> n.nodeId().equals(node)).findFirst().orElseThrow().status();
    }

    NodeState node(String exec, String node) {
        return engine.queries().status(exec).nodes().stream().filter(n -> n.nodeId().equals(node)).findFirst().orElseThrow();
    }

    List<RunRow> history(String exec, String node) {
        return engine.queries().history(exec, node);
    }

    List<EventRow> events(String exec) {
        return engine.queries().events(exec, 0, 100_000);
    }

    List<String> eventKinds(String exec, String node) {
        return events(exec).stream().filter(e -> node.equals(e.nodeId())).map(EventRow::kind).toList();
    }

    Object state(String exec, String name) {
        return engine.queries().status(exec).state().get(name);
    }

    @Override
    public void close() {
        store.close();
    }
}
