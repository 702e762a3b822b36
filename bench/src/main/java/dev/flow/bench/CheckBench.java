package dev.flow.bench;

import dev.flow.check.Checker;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.FlowGraph;
import dev.flow.yaml.YamlWorkflowGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How long {@code flow check} takes on generated workflows: the in-process work once the JVM is up
 * (the front end: parse + link + compile for the language, parse + read for YAML; then the
 * checker; medians of several runs after warm-up), and the whole command as a user runs it (a
 * fresh JVM each time). Workflows in the language ({@code flow}), in both YAML dialects
 * ({@code yaml}), or both ({@code all}, the default).
 *
 * <p>Run with {@code bench/run.sh check} or {@code bench/run.sh yaml}; see bench/README.md.
 */
public final class CheckBench {

    public static void main(String[] args) throws Exception {
        String what = args.length == 0 ? "all" : args[0];
        Path work = Scratch.dir("flow-bench-check");
        Compiler compiler = Compiler.withInstalledFrontEnds();
        System.out.printf(Locale.ROOT, "%-31s %9s %10s %12s %12s %12s %12s%n",
                "workflow", "nodes", "bytes", "front end", "checker", "in-process", "flow check");
        if (what.equals("flow") || what.equals("all")) {
            for (int nodes : new int[] {1_000, 10_000, 100_000}) {
                measure(compiler, work, "blocks-" + nodes, "flow", FlowGenerator.blocks(nodes), nodes >= 100_000 ? 3 : 7);
            }
            measure(compiler, work, "diamond-ladder-21 (2^21 cycles)", "flow", FlowGenerator.diamondLadder(21, true), 7);
            measure(compiler, work, "diamond-ladder-21 uncontrolled", "flow", FlowGenerator.diamondLadder(21, false), 7);
        }
        if (what.equals("yaml") || what.equals("all")) {
            for (int nodes : new int[] {1_000, 10_000}) {
                measure(compiler, work, "yaml dialect 1, " + nodes, "yaml", YamlWorkflowGenerator.dialect1(nodes), 7);
                measure(compiler, work, "yaml dialect 2, " + nodes, "yaml", YamlWorkflowGenerator.dialect2(nodes), 7);
            }
        }
    }

    private static void measure(Compiler compiler, Path work, String name, String extension, String text, int runs) throws Exception {
        Path file = work.resolve(name.replaceAll("[^a-z0-9-]", "_") + "." + extension);
        Files.writeString(file, text);
        var source = new SourceFile(file, file.toString(), text);
        var frontEnd = compiler.frontEndFor(extension)
                .orElseThrow(() -> new IllegalStateException("no front end for ." + extension + " on the class path"));

        // Warm up the JIT on this input, then take medians.
        for (int i = 0; i < 2; i++) {
            compiler.compile(source, LoadOptions.DEFAULT);
        }
        long[] frontEndNanos = new long[runs];
        long[] checkerNanos = new long[runs];
        long[] totalNanos = new long[runs];
        FlowGraph graph = null;
        Compilation last = null;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            Compilation loaded = frontEnd.load(source, LoadOptions.DEFAULT);
            long t1 = System.nanoTime();
            graph = loaded.graph().orElseThrow(() -> new IllegalStateException(name + " did not compile: " + loaded.diagnostics()));
            var diagnostics = Checker.check(graph);
            long t2 = System.nanoTime();
            frontEndNanos[i] = t1 - t0;
            checkerNanos[i] = t2 - t1;
            last = compiler.compile(source, LoadOptions.DEFAULT);
            totalNanos[i] = System.nanoTime() - t2;
            if (i == 0 && !diagnostics.isEmpty()) {
                System.out.println("  (" + name + " reports " + diagnostics.size() + " diagnostic(s): "
                        + diagnostics.get(0).code().id() + " " + diagnostics.get(0).message() + ")");
            }
        }
        long wall = wallClockOfTheCommand(file);
        System.out.printf(Locale.ROOT, "%-31s %9d %10d %10.1f ms %10.1f ms %10.1f ms %10.0f ms%n",
                name, graph.main().nodes().size(), text.getBytes(StandardCharsets.UTF_8).length,
                median(frontEndNanos) / 1e6, median(checkerNanos) / 1e6, median(totalNanos) / 1e6, wall / 1e6);
        if (last.hasErrors() && !name.contains("uncontrolled")) {
            System.out.println("  unexpected errors: " + last.diagnostics().subList(0, Math.min(3, last.diagnostics().size())));
        }
    }

    /** {@code java -jar cli/target/flow.jar check FILE}, the median of three, JVM start included. */
    private static long wallClockOfTheCommand(Path file) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("flow.jar", "cli/target/flow.jar"));
        if (!Files.exists(jar)) {
            return -1;
        }
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xss8m", "-jar", jar.toString(), "check", file.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(10, TimeUnit.MINUTES);
            times.add(System.nanoTime() - t0);
        }
        times.sort(null);
        return times.get(1);
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
