package dev.flow.engine.it;

import dev.flow.engine.Engine;
import dev.flow.engine.RunResult;
import dev.flow.engine.WorkerHandle;
import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.config.Probe;
import dev.flow.engine.config.UsageException;
import dev.flow.model.json.GraphJson;
import dev.flow.store.StoreException;
import dev.flow.store.StoreOptions;
import dev.flow.store.open.Stores;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for the {@code flow} command in tests that need real processes to kill: it runs,
 * resumes, answers and serves executions through the engine's public API, with the exit codes the
 * CLI will use. {@code --crash-at POINT:N[:DETAIL]} makes it print {@code CRASHPOINT} and hang at the
 * N-th time it reaches POINT (with DETAIL in the point's detail), so a test can SIGKILL it exactly there.
 *
 * <pre>
 * start  GRAPH.json --db P [--input k=v]...        prints the new execution id
 * run    GRAPH.json --db P [--crash-at ...]         prints the id, then drives it
 * resume ID --db P [--crash-at ...]
 * answer ID NODE OUTPUT --db P
 * worker --db P --concurrency N                     serves until killed
 * </pre>
 */
public final class FlowTestMain {
    private FlowTestMain() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        try {
            System.exit(run(args, out));
        } catch (UsageException e) {
            System.err.println("flow: " + e.getMessage());
            System.exit(2);
        } catch (StoreException e) {
            System.err.println("flow: " + e.getMessage());
            System.exit(e.isInputError() ? 2 : 1);
        }
    }

    private static int run(String[] args, PrintStream out) throws Exception {
        var positional = new ArrayList<String>();
        var inputs = new LinkedHashMap<String, String>();
        String db = null;
        String crashAt = null;
        int concurrency = 4;
        // short, so that a crash test's takeover is quick; a test that is not about takeover may ask for longer
        Duration lease = Duration.ofSeconds(5);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--db" -> db = args[++i];
                case "--crash-at" -> crashAt = args[++i];
                case "--concurrency" -> concurrency = Integer.parseInt(args[++i]);
                case "--lease" -> lease = Duration.ofSeconds(Long.parseLong(args[++i]));
                case "--input" -> {
                    String kv = args[++i];
                    inputs.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
                }
                default -> positional.add(args[i]);
            }
        }
        var options = EngineOptions.builder().probe(probe(crashAt, out)).lease(lease).heartbeat(Duration.ofSeconds(1)).build();
        try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
            var engine = new Engine(store, options);
            String verb = positional.get(0);
            switch (verb) {
                case "start", "run" -> {
                    Path graph = Path.of(positional.get(1));
                    String id = engine.start(GraphJson.read(Files.readString(graph)), inputs, graph.toAbsolutePath().getParent());
                    out.println("execution " + id);
                    out.flush();
                    return verb.equals("start") ? 0 : report(engine.run(id), out);
                }
                case "resume" -> {
                    return report(engine.resume(positional.get(1)), out);
                }
                case "answer" -> {
                    var a = engine.answer(positional.get(1), positional.get(2), positional.get(3), null);
                    out.println("answered " + a.nodeId() + " " + a.answer());
                    return 0;
                }
                case "worker" -> {
                    WorkerHandle w = engine.serve(concurrency);
                    out.println("serving " + w.owner());
                    out.flush();
                    w.awaitStopped();
                    return 0;
                }
                default -> throw new UsageException("unknown verb " + verb);
            }
        }
    }

    private static int report(RunResult r, PrintStream out) {
        out.println("outcome " + r.outcome().keyword() + (r.report() == null ? "" : ": " + r.report()));
        r.questions().forEach(q -> out.println("answer with: " + q.answerCommand()));
        out.flush();
        return r.exitCode();
    }

    private static Probe probe(String spec, PrintStream out) {
        if (spec == null) {
            return Probe.NONE;
        }
        List<String> parts = List.of(spec.split(":", 3));
        String point = parts.get(0);
        int nth = Integer.parseInt(parts.get(1));
        String detail = parts.size() > 2 ? parts.get(2) : "";
        var hits = new AtomicInteger();
        return (p, d) -> {
            if (p.equals(point) && d.contains(detail) && hits.incrementAndGet() == nth) {
                synchronized (out) {
                    out.println("CRASHPOINT " + p + " " + nth + " " + d);
                    out.flush();
                }
                while (true) {
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        // keep hanging: the test kills this process
                    }
                }
            }
        };
    }
}
