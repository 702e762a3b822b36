package dev.flow.studio;

import dev.flow.engine.ExecutionQueries;
import dev.flow.engine.workspace.CommitReader;
import dev.flow.engine.workspace.GitException;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionRow;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The change an isolated step made, from git: the commit it applied to the target's branch, or,
 * when it was not applied (rejected by a gate, a failed attempt, a conflict), its own commit, which
 * Flow keeps reachable at {@code refs/flow/EXECUTION/kept/...}. Read through {@link CommitReader}, which
 * runs no program of the repository's.
 */
final class StepChanges {
    /** The most of a diff one answer carries; the page says when it was cut. */
    static final int DIFF_MAX = 512 * 1024;

    private final ExecutionQueries queries;

    StepChanges(ExecutionQueries queries) {
        this.queries = queries;
    }

    Map<String, Object> diff(String executionId, String nodeId, int iteration, int attempt) {
        Map<String, Object> result = queries.history(executionId, nodeId).stream()
                .filter(r -> r.iteration() == iteration && r.attempt() == attempt).findFirst()
                .map(r -> queries.result(r.resultJson()))
                .orElseThrow(() -> new HttpProblem(404, "node \"" + nodeId + "\" has no pass " + iteration + ", attempt " + attempt));
        String applied = result.get("applied_commit") instanceof String a ? a : null;
        String own = result.get("step_commit") instanceof String c ? c : null;
        var out = new LinkedHashMap<String, Object>();
        out.put("applied", applied != null);
        out.put("keptRef", result.get("kept_ref"));
        String commit = applied != null ? applied : own;
        if (commit == null) {
            out.put("message", "this attempt made no commit: it changed no file, or did not get that far");
            return out;
        }
        try {
            CommitReader.Commit c = CommitReader.read(repository(executionId), commit, DIFF_MAX);
            out.put("commit", c.hash());
            out.put("subject", c.subject());
            out.put("files", c.files());
            out.put("diff", c.diff());
            out.put("cut", c.truncated());
        } catch (GitException e) {
            out.put("commit", commit);
            out.put("message", "git cannot show commit " + commit + ": " + e.getMessage());
        }
        return out;
    }

    /** The folder of the workflow's target repository: its {@code repository} setting, from the workflow's folder. */
    private Path repository(String executionId) {
        ExecutionRow row = queries.execution(executionId);
        Workflow workflow = queries.graph(executionId, null).workflow(row.workflowId())
                .orElseThrow(() -> new HttpProblem(500, "the graph of execution " + executionId + " has no workflow \"" + row.workflowId() + "\""));
        Path base = Path.of(row.baseDir());
        String repository = workflow.config().repository();
        return repository == null || repository.isBlank() ? base : base.resolve(repository).normalize();
    }
}
