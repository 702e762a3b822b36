package dev.flow.studio;

import dev.flow.engine.ExecutionQueries;
import dev.flow.engine.exec.AgentActivity;
import dev.flow.engine.exec.ArtifactPaths;
import dev.flow.engine.exec.AttemptTokens;
import dev.flow.engine.exec.Tails;
import dev.flow.model.ResultFields;
import dev.flow.store.RunRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One attempt of a node, whole, read when the page opens it: its prompt and the feedback it was
 * given, what its agent did (the activities of its event stream, the last one being what it does
 * now while it runs), the actions its agent's CLI refused, its result, error class, tokens and cost,
 * a gate's output, an isolated step's commits, and the files of its artifact folder (standard output
 * and error among them, read as text through {@link LogTail}).
 */
final class NodeDetail {
    /** How much of a prompt or feedback the answer carries; the rest stays in the file. */
    static final int TEXT_MAX = 64 * 1024;
    /** How many running attempts one question about what they do now may name. */
    static final int NOW_MAX = 64;
    private static final java.util.regex.Pattern ATTEMPT = java.util.regex.Pattern.compile("(.+)/([0-9]{1,6})-([0-9]{1,6})");
    /** Result fields shown on their own (or as files), not again in the result's JSON. */
    private static final List<String> APART = List.of("stdout", "stderr", "refused", AttemptTokens.INPUT, AttemptTokens.OUTPUT, "cost");

    private final ExecutionQueries queries;
    private final ArtifactPaths artifacts;

    NodeDetail(ExecutionQueries queries, ArtifactPaths artifacts) {
        this.queries = queries;
        this.artifacts = artifacts;
    }

    /** The attempt {@code iteration}-{@code attempt} of the node, or 404 when it has not run. */
    Map<String, Object> attempt(String executionId, String nodeId, int iteration, int attempt) throws IOException {
        RunRow run = run(executionId, nodeId, iteration, attempt);
        Path dir = artifacts.runDir(executionId, nodeId, iteration, attempt);
        Map<String, Object> result = queries.result(run.resultJson());
        var out = new LinkedHashMap<String, Object>();
        out.put("node", nodeId);
        out.put("iteration", run.iteration());
        out.put("attempt", run.attempt());
        out.put("status", run.status().keyword());
        out.put("output", run.output());
        out.put("error", run.error());
        out.put("errorClass", run.errorClass() == null ? null : run.errorClass().name().toLowerCase(java.util.Locale.ROOT));
        out.put("startedAt", run.startedAt());
        out.put("finishedAt", run.finishedAt());
        out.put("cost", run.cost() != null ? run.cost() : result.get("cost"));
        out.put("inputTokens", result.get(AttemptTokens.INPUT));
        out.put("outputTokens", result.get(AttemptTokens.OUTPUT));
        out.put("refused", result.getOrDefault("refused", List.of()));
        out.put("prompt", text(dir, "prompt.txt"));
        out.put("feedback", text(dir, ArtifactPaths.FEEDBACK_FILE));
        out.put("feedbackToNext", text(artifacts.runDir(executionId, nodeId, iteration, attempt + 1), ArtifactPaths.FEEDBACK_FILE));
        out.put("activity", activity(dir));
        out.put("gateOutput", result.get(ResultFields.GATE_OUTPUT));
        out.put("isolation", isolation(result));
        var shown = new LinkedHashMap<>(result);
        APART.forEach(shown::remove);
        out.put("result", shown);
        out.put("files", files(dir));
        return out;
    }

    /** The text of a file of the attempt's folder from {@code from} on ({@link LogTail}). */
    Map<String, Object> file(String executionId, String nodeId, int iteration, int attempt, String name, long from) throws IOException {
        run(executionId, nodeId, iteration, attempt);
        return LogTail.read(artifacts.root(), artifacts.runDir(executionId, nodeId, iteration, attempt), name, from);
    }

    /**
     * What each running agent does now, for the nodes table: the last activity of each attempt's
     * event stream ({@code NODE/ITERATION-ATTEMPT}, as the page knows them), at most
     * {@link #NOW_MAX} of them; an attempt that says nothing is left out.
     */
    Map<String, String> now(String executionId, List<String> attempts) {
        var out = new java.util.TreeMap<String, String>();
        for (String a : attempts.subList(0, Math.min(NOW_MAX, attempts.size()))) {
            java.util.regex.Matcher m = ATTEMPT.matcher(a);
            if (!m.matches()) {
                throw new HttpProblem(400, "\"" + a + "\" is not NODE/ITERATION-ATTEMPT");
            }
            List<String> done = activity(artifacts.runDir(executionId, m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))));
            if (!done.isEmpty()) {
                out.put(m.group(1), done.get(done.size() - 1));
            }
        }
        return out;
    }

    private RunRow run(String executionId, String nodeId, int iteration, int attempt) {
        return history(executionId, nodeId).stream().filter(r -> r.iteration() == iteration && r.attempt() == attempt).findFirst()
                .orElseThrow(() -> new HttpProblem(404, "node \"" + nodeId + "\" has no pass " + iteration + ", attempt " + attempt));
    }

    private List<RunRow> history(String executionId, String nodeId) {
        try {
            return queries.history(executionId, nodeId);
        } catch (dev.flow.engine.config.UsageException e) {
            throw new HttpProblem(404, e.getMessage());
        }
    }

    /** A text file of the folder, cut at {@link #TEXT_MAX} (saying so); null when there is none. */
    private Map<String, Object> text(Path dir, String name) throws IOException {
        Path file = LogTail.file(artifacts.root(), dir, name);
        if (file == null) {
            return null;
        }
        long size = Files.size(file);
        var out = new LinkedHashMap<String, Object>();
        out.put("text", Tails.head(file, TEXT_MAX));
        out.put("bytes", size);
        out.put("cut", size > TEXT_MAX);
        return out;
    }

    /** What the agent did, from the end of its event stream; the last entry is what it does now while it runs. */
    private List<String> activity(Path dir) {
        Path stream = LogTail.file(artifacts.root(), dir, "stdout.log");
        if (stream == null) {
            return List.of();
        }
        return AgentActivity.of(stream);
    }

    /** An isolated step's worktree and commits: its base, its own commit, and the one applied or the ref that keeps it. */
    private static Map<String, Object> isolation(Map<String, Object> result) {
        if (!(result.get("worktree") instanceof String worktree)) {
            return null;
        }
        var out = new LinkedHashMap<String, Object>();
        out.put("worktree", worktree);
        for (String field : List.of("base_commit", "step_commit", "applied_commit", "kept_ref", "conflict_files")) {
            out.put(field, result.get(field));
        }
        return out;
    }

    /** The files of the attempt's folder, by name, with their sizes. */
    private List<Map<String, Object>> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || !LogTail.linkFree(artifacts.root(), dir)) {
            return List.of();
        }
        var out = new ArrayList<Map<String, Object>>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path f : list.sorted().toList()) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    out.add(Map.of("name", f.getFileName().toString(), "bytes", Files.size(f)));
                }
            }
        }
        return out;
    }
}
