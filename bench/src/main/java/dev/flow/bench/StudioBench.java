package dev.flow.bench;

import dev.flow.engine.Engine;
import dev.flow.engine.RunOutcome;
import dev.flow.engine.config.EngineOptions;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import dev.flow.studio.Studio;
import dev.flow.studio.StudioAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;

/**
 * The studio on a large run: a 10,000-node execution (a chain of in-process tasks, run by the
 * engine) whose event log is filled up to 100,000 events, in a real SQLite file. Prints the time to
 * answer, over HTTP, what opening its page reads (the execution, the first page of events, the
 * timeline's first page and the costs), each the best of five after a warm-up.
 */
public final class StudioBench {
    private static final int NODES = 10_000;
    private static final int EVENTS = 100_000;
    private static final int ROUNDS = 5;

    private StudioBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("flow-studio-bench-");
        var options = EngineOptions.builder().inProcessAgents(Map.of("noop", RuntimeBench.NOOP)).contractFooter(false).build();
        try (var store = SqliteStore.open(dir.resolve("state.db"), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            var engine = new Engine(store, options);
            long t0 = System.nanoTime();
            String id = engine.start(RuntimeBench.chainOfTasks(NODES).graph(), Map.of(), dir);
            if (engine.run(id).outcome() != RunOutcome.COMPLETED) {
                throw new IllegalStateException("the chain did not complete: " + engine.result(id).report());
            }
            long events = fillEvents(store, id);
            System.out.printf(Locale.ROOT, "a run of %,d nodes and %,d events made in %.1f s%n", NODES, events, (System.nanoTime() - t0) / 1e9);
            try (var studio = Studio.start(engine, StudioAddress.of(StudioAddress.LOOPBACK, 0, null))) {
                var http = HttpClient.newHttpClient();
                URI base = studio.url();
                String[][] reads = {
                    {"execution (nodes, state, graph)", "/api/executions/" + id},
                    {"events, first page", "/api/executions/" + id + "/events"},
                    {"timeline, first page of bars", "/api/executions/" + id + "/timeline"},
                    {"costs", "/api/executions/" + id + "/costs"},
                    {"executions list", "/api/executions"},
                };
                for (int i = 0; i < 3; i++) {
                    for (String[] r : reads) {
                        get(http, base.resolve(r[1]));
                    }
                }
                double open = 0;
                for (String[] r : reads) {
                    double best = Double.MAX_VALUE;
                    long bytes = 0;
                    for (int i = 0; i < ROUNDS; i++) {
                        long s = System.nanoTime();
                        bytes = get(http, base.resolve(r[1]));
                        best = Math.min(best, (System.nanoTime() - s) / 1e6);
                    }
                    open += r[0].startsWith("executions list") ? 0 : best;
                    System.out.printf(Locale.ROOT, "%-34s %8.0f ms  %,10d bytes%n", r[0], best, bytes);
                }
                System.out.printf(Locale.ROOT, "%-34s %8.0f ms%n", "opening the page (the four above)", open);
            }
        }
    }

    /** Appends node notes until the run has {@link #EVENTS} events, as a long run's log would hold. */
    private static long fillEvents(SqliteStore store, String id) {
        return store.write(tx -> {
            ExecutionRow row = tx.executions().get(id).orElseThrow();
            long seq = row.eventSeq();
            var batch = new ArrayList<EventRow>();
            while (seq < EVENTS) {
                seq++;
                batch.add(new EventRow(seq, id, row.createdAt() + seq, "note", "n" + (seq % NODES), "{\"text\":\"a line of the agent's activity\"}"));
                if (batch.size() == 1000) {
                    tx.events().append(batch);
                    batch.clear();
                }
            }
            tx.events().append(batch);
            tx.executions().update(row.toBuilder().eventSeq(seq).build());
            return seq;
        });
    }

    private static long get(HttpClient http, URI uri) throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(uri + " answered " + r.statusCode() + ": " + new String(r.body()));
        }
        return r.body().length;
    }
}
