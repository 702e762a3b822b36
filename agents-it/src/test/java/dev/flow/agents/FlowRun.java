package dev.flow.agents;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real {@code flow} command, as a user runs it from a checkout: the repository's {@code ./flow}
 * launcher with the packaged {@code cli/target/flow.jar}.
 */
record FlowRun(int exit, String out, String err) {

    private static final Pattern EXECUTION = Pattern.compile("as execution ([a-z0-9]+)");

    /**
     * Runs flow in {@code dir} with {@code env} added to this process's environment, and waits for it.
     * The wait has no deadline that a test relies on: {@code patienceMinutes} only ends a hung test.
     */
    static FlowRun run(Path dir, Map<String, String> env, long patienceMinutes, String... args) {
        List<String> command = new ArrayList<>();
        command.add(launcher().toString());
        command.addAll(List.of(args));
        var pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("FLOW_DB");
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            if (!p.waitFor(patienceMinutes, TimeUnit.MINUTES)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("flow " + String.join(" ", args) + " still runs after " + patienceMinutes + " minutes");
            }
            return new FlowRun(p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The repository's {@code ./flow}. */
    static Path launcher() {
        Path repo = Path.of(System.getProperty("flow.repository", "..")).toAbsolutePath().normalize();
        return repo.resolve("flow");
    }

    /** The execution id {@code flow run} announced. */
    String execution() {
        Matcher m = EXECUTION.matcher(out + err);
        if (!m.find()) {
            throw new AssertionError("no execution id in: " + this);
        }
        return m.group(1);
    }

    /** {@code flow status ID --format json} in {@code dir}. */
    static JsonNode status(Path dir, String execution) {
        FlowRun r = run(dir, Map.of(), 2, "status", execution, "--format", "json");
        if (r.exit() != 0) {
            throw new AssertionError("flow status failed: " + r);
        }
        try {
            return Dialect.JSON.readTree(r.out());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code flow log ID} in {@code dir}, as text. */
    static String log(Path dir, String execution) {
        return run(dir, Map.of(), 2, "log", execution).out();
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
