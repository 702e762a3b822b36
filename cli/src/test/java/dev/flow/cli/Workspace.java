package dev.flow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A test's folder with its own database: workflows written there, flow verbs run on that database. */
final class Workspace {
    private static final Pattern EXECUTION = Pattern.compile("as execution ([a-z0-9]+)");

    final Path dir;
    final Path db;

    Workspace(Path dir) {
        this.dir = dir;
        this.db = dir.resolve("state.db");
    }

    Path write(String name, String text) {
        try {
            Path file = dir.resolve(name);
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a verb in this JVM on this workspace's database. */
    Cli flow(String... args) {
        return Cli.run(withDb(args));
    }

    private String[] withDb(String... args) {
        var all = new ArrayList<>(List.of(args));
        all.add("--db");
        all.add(db.toString());
        return all.toArray(String[]::new);
    }

    /** Starts a verb in this JVM on this workspace's database: what it prints can be read while it runs. */
    Cli.Live start(String... args) {
        return Cli.start(withDb(args));
    }

    /** Runs a verb as a real process on this workspace's database, from this folder. */
    FlowProcess process(String... args) throws IOException, InterruptedException {
        return process(Map.of(), args);
    }

    /** Runs a verb as a real process with {@code env} in its environment, on this workspace's database. */
    FlowProcess process(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return FlowProcess.run(dir, env, withDb(args));
    }

    /** The execution id {@code flow run} announced in its first line. */
    static String executionOf(String output) {
        Matcher m = EXECUTION.matcher(output);
        if (!m.find()) {
            throw new AssertionError("no execution id in: " + output);
        }
        return m.group(1);
    }

    /** {@code flow status ID --format json}, read. */
    JsonNode status(String id) {
        Cli r = flow("status", id, "--format", "json");
        if (r.exit() != 0) {
            throw new AssertionError("flow status " + id + " exited " + r.exit() + ": " + r.err());
        }
        try {
            return new ObjectMapper().readTree(r.out());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The node of a status, by id. */
    static JsonNode node(JsonNode status, String id) {
        for (JsonNode n : status.get("nodes")) {
            if (n.get("id").asText().equals(id)) {
                return n;
            }
        }
        throw new AssertionError("no node " + id + " in " + status);
    }

    /** How often each line appears in a file the test's commands append to. */
    Map<String, Integer> lines(String file) {
        var counts = new HashMap<String, Integer>();
        try {
            Path p = dir.resolve(file);
            if (Files.exists(p)) {
                Files.readAllLines(p).forEach(l -> counts.merge(l, 1, Integer::sum));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return counts;
    }
}
