package dev.flow.bench;

import dev.flow.engine.Engine;
import dev.flow.engine.RunOutcome;
import dev.flow.engine.config.EngineOptions;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.render.MermaidRenderer;
import dev.flow.studio.Chromium;
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
 * timeline's first page and the costs), each the best of five after a warm-up; then, in headless
 * Chromium (as the studio's browser tests drive it), the time until the page is usable and until
 * its timeline has loaded, for that run and a small one, with the browser's CPU time; and how long
 * Mermaid takes to lay out a chain of each size, by which the studio's limit was chosen.
 */
public final class StudioBench {
    private static final int NODES = 10_000;
    private static final int EVENTS = 100_000;
    private static final int SMALL = 10;
    private static final int ROUNDS = 5;
    private static final int[] MERMAID_SIZES = {10, 25, 40, 60, 80, 100, 150, 200, 300};

    private static final ObjectMapper JSON = new ObjectMapper();

    private StudioBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = Scratch.dir("flow-studio-bench-");
        if (args.length > 0 && args[0].equals("mermaid")) {
            mermaidOnly(dir);
            return;
        }
        var options = EngineOptions.builder().inProcessAgents(Map.of("noop", RuntimeBench.NOOP)).contractFooter(false).build();
        try (var store = SqliteStore.open(dir.resolve("state.db"), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            var engine = new Engine(store, options);
            long t0 = System.nanoTime();
            String id = completed(engine, dir, NODES);
            String small = completed(engine, dir, SMALL);
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
                var runs = new java.util.LinkedHashMap<String, String>();
                runs.put(String.format(Locale.ROOT, "%,d nodes, %,d events", NODES, events), id);
                runs.put(String.format(Locale.ROOT, "%,d nodes (for comparison)", SMALL + 2), small);
                inChromium(dir, base, runs, engine);
            }
        }
    }

    /** {@code bench/run.sh studio mermaid}: only Mermaid's times, on the page of an empty database. */
    private static void mermaidOnly(Path dir) throws Exception {
        try (var store = SqliteStore.open(dir.resolve("state.db"), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")));
                var studio = Studio.start(new Engine(store), StudioAddress.of(StudioAddress.LOOPBACK, 0, null));
                var browser = Chromium.start(Files.createDirectories(dir.resolve("chromium-profile")))) {
            browser.open(studio.url());
            browser.waitUntil("typeof mermaidReady === 'function'", "the page");
            browser.eval("mermaidReady().then(() => true)");
            mermaid(browser);
        }
    }

    private static String completed(Engine engine, Path dir, int nodes) {
        String id = engine.start(RuntimeBench.chainOfTasks(nodes).graph(), Map.of(), dir);
        if (engine.run(id).outcome() != RunOutcome.COMPLETED) {
            throw new IllegalStateException("the chain did not complete: " + engine.result(id).report());
        }
        return id;
    }

    /**
     * Opens each run's page afresh {@link #ROUNDS} times and prints, from the page's own marks
     * (performance.mark, counted from the navigation's start), when it was usable (summary, first
     * page of nodes, the graph or its placeholder drawn) and when the timeline's first page was;
     * the median and the best, and the browser's CPU time over all the rounds (all its processes,
     * from /proc) and the page's main-thread task time (DevTools' TaskDuration).
     */
    private static void inChromium(Path dir, URI base, Map<String, String> runs, Engine engine) throws Exception {
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var browser = Chromium.start(profile)) {
            System.out.printf(Locale.ROOT, "%nin headless Chromium, %d rounds each (median, best; ms from the navigation's start):%n", ROUNDS);
            System.out.printf(Locale.ROOT, "%-34s %16s %16s %12s %12s%n", "run", "usable", "timeline", "browser CPU", "page tasks");
            for (var run : runs.entrySet()) {
                URI page = base.resolve("/#/execution/" + run.getValue());
                open(browser, page); // a warm-up: the browser's caches, the studio's
                var usable = new ArrayList<Double>();
                var timeline = new ArrayList<Double>();
                long cpu0 = cpuMillis(browser.process());
                double tasks = 0;
                for (int i = 0; i < ROUNDS; i++) {
                    double[] marks = open(browser, page);
                    usable.add(marks[0]);
                    timeline.add(marks[1]);
                    tasks += browser.metrics().getOrDefault("TaskDuration", 0.0);
                }
                long cpu = cpuMillis(browser.process()) - cpu0;
                System.out.printf(Locale.ROOT, "%-34s %7.0f (%6.0f) %7.0f (%6.0f) %9d ms %9.0f ms%n", run.getKey(), median(usable), min(usable),
                        median(timeline), min(timeline), cpu / ROUNDS, tasks * 1000 / ROUNDS);
            }
            System.out.printf(Locale.ROOT, "(browser CPU and page tasks: per round; load average %s)%n", loadAverage());
            whileItRuns(browser, base, engine, dir);
            mermaid(browser);
        }
    }

    /**
     * The page open on a run of {@link #NODES} nodes while the engine runs it (in this process, as
     * fast as it goes: thousands of events a second): how long the page's thread was stalled at
     * most (a 50 ms ticker's lateness), its long tasks (over 50 ms, as Chromium reports them), how
     * many times it read the execution, and how many event lines it kept.
     */
    private static void whileItRuns(Chromium browser, URI base, Engine engine, Path dir) throws Exception {
        String id = engine.start(RuntimeBench.chainOfTasks(NODES).graph(), Map.of(), dir);
        browser.open(URI.create("about:blank"));
        browser.waitUntil("location.href === 'about:blank'", "a blank page");
        browser.open(base.resolve("/#/execution/" + id));
        browser.waitUntil("performance.getEntriesByName('flow:usable').length > 0 && document.querySelector('#graph svg')", "the page usable");
        browser.eval("(() => { window.probe = { stall: 0, longTasks: 0, longMillis: 0, reads: 0 }; let last = performance.now();"
                + " setInterval(() => { const now = performance.now(); probe.stall = Math.max(probe.stall, now - last - 50); last = now; }, 50);"
                + " new PerformanceObserver((list) => { for (const e of list.getEntries()) { probe.longTasks++; probe.longMillis += e.duration; } })"
                + ".observe({ type: 'longtask' });"
                + " const fetched = window.fetch; window.fetch = (url, init) => { if (/^\\/api\\/executions\\/[^/]+(\\?|$)/.test(String(url))) probe.reads++;"
                + " return fetched(url, init); }; })()");
        long t0 = System.nanoTime();
        if (engine.run(id).outcome() != RunOutcome.COMPLETED) {
            throw new IllegalStateException("the chain did not complete: " + engine.result(id).report());
        }
        double ran = (System.nanoTime() - t0) / 1e9;
        long events = engine.queries().execution(id).eventSeq();
        browser.waitUntil("document.getElementById('execution-summary').dataset.status === 'completed'", "the page saying the run completed");
        var probe = browser.eval("JSON.stringify(Object.assign({ lines: document.querySelectorAll('#events li').length }, probe))");
        var p = JSON.readTree(probe.asText());
        System.out.printf(Locale.ROOT, "%nwhile a run of %,d nodes went (%,d events in %.1f s), its page: longest stall %.0f ms, %d long tasks (%.0f ms in all),"
                + " %d reads of the execution, %,d event lines kept (load average %s)%n", NODES, events, ran, p.get("stall").asDouble(),
                p.get("longTasks").asInt(), p.get("longMillis").asDouble(), p.get("reads").asInt(), p.get("lines").asInt(), loadAverage());
    }

    /** Opens the page in a fresh document and waits for its two marks; returns them. */
    private static double[] open(Chromium browser, URI page) throws Exception {
        browser.open(URI.create("about:blank"));
        browser.waitUntil("location.href === 'about:blank'", "a blank page");
        browser.open(page);
        String mark = "performance.getEntriesByName('%s').length > 0";
        try {
            browser.waitUntil(String.format(mark, "flow:usable") + " && " + String.format(mark, "flow:timeline"), "the page usable and its timeline");
        } catch (AssertionError e) {
            // what the page shows, to say why
            throw new AssertionError(e.getMessage() + "; the page: " + browser.eval("JSON.stringify({at: location.href, message: document.getElementById('message')"
                    + "?.textContent, marks: performance.getEntriesByType('mark').map(m => m.name), graph: document.getElementById('graph')?.innerHTML.length,"
                    + " timeline: document.getElementById('timeline-summary')?.textContent, mermaid: typeof window.mermaid})").asText(), e);
        }
        return new double[] {
            browser.eval("performance.getEntriesByName('flow:usable')[0].startTime").asDouble(),
            browser.eval("performance.getEntriesByName('flow:timeline')[0].startTime").asDouble(),
        };
    }

    /**
     * How long Mermaid (the page's own, with the page's settings) lays out a chain of each size, the
     * sizes taken in turn for {@link #ROUNDS} rounds so that a swing of the machine's load falls on
     * all of them: the studio draws graphs whole up to GraphPicture's limit, chosen by these.
     */
    private static void mermaid(Chromium browser) throws Exception {
        System.out.printf(Locale.ROOT, "%nMermaid in the page, a chain of in-process tasks as the studio draws it (%d rounds, sizes in turn; load average %s):%n",
                ROUNDS, loadAverage());
        var times = new java.util.TreeMap<Integer, java.util.List<Double>>();
        for (int round = 0; round < ROUNDS; round++) {
            for (int n : MERMAID_SIZES) {
                String source = new MermaidRenderer().render(RuntimeBench.chainOfTasks(n).graph().main());
                times.computeIfAbsent(n + 2, k -> new ArrayList<>()).add(browser.eval("(async () => { const src = " + JSON.writeValueAsString(source)
                        + "; await mermaidReady(); window.mermaid.initialize(mermaidSettings(src)); const t = performance.now();"
                        + " await window.mermaid.render('bench-" + n + "-" + round + "', src); return performance.now() - t; })()").asDouble());
            }
        }
        System.out.printf(Locale.ROOT, "%6s %10s %10s%n", "nodes", "median", "best");
        times.forEach((n, t) -> System.out.printf(Locale.ROOT, "%,6d %7.0f ms %7.0f ms%n", n, median(t), min(t)));
    }

    /** User and system CPU of a process and its descendants, those that ended included, from /proc (Linux), in ms. */
    private static long cpuMillis(ProcessHandle root) {
        long ticks = 0;
        for (ProcessHandle p : java.util.stream.Stream.concat(java.util.stream.Stream.of(root), root.descendants()).toList()) {
            try {
                String stat = Files.readString(Path.of("/proc", String.valueOf(p.pid()), "stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                // utime, stime, and cutime, cstime: the renderers of pages navigated away from have ended, and
                // their time is counted in the process that waited for them (fields 14 to 17)
                ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            } catch (java.io.IOException | RuntimeException e) {
                // a process that ended meanwhile
            }
        }
        return ticks * 10; // USER_HZ is 100 on Linux
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    private static double median(java.util.List<Double> values) {
        var sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static double min(java.util.List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
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
