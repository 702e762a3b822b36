package dev.flow.engine.exec;

import dev.flow.engine.workspace.ApplyResult;
import dev.flow.engine.workspace.GitException;
import dev.flow.engine.workspace.StepKey;
import dev.flow.engine.workspace.TargetRepo;
import dev.flow.engine.workspace.Workspaces;
import dev.flow.model.Isolation;
import dev.flow.model.NodeSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/**
 * A task (or a gate node) that runs in a git worktree of its own. For a task, in this order: a
 * worktree detached at the target's current commit; the agent or command in it; its changes
 * snapshotted as one commit with a {@code Flow-Step} trailer; the task's gates in the worktree
 * (what they write is not part of that commit); when they pass, its outcome recorded in the
 * artifact folder and the commit marked as passed in a ref; the commit applied to the target's
 * checked-out branch; the worktree removed, whatever happened.
 *
 * <p>A step runs again after a crash with the same iteration and attempt, and first looks at what
 * its earlier run left: a commit with its trailer on the target's history means it was applied
 * (it completes with the recorded outcome, and nothing runs again); a passed mark means its gates
 * passed (it is applied now, from the recorded commit, without running the agent or the gates
 * again); anything else is started afresh in a new worktree.
 */
final class IsolatedTask {
    private final Gates gates;
    private final Workspaces workspaces;
    private final BiConsumer<String, String> probe;

    IsolatedTask(Gates gates, Workspaces workspaces, BiConsumer<String, String> probe) {
        this.gates = gates;
        this.workspaces = workspaces;
        this.probe = probe;
    }

    /**
     * Runs the task isolated.
     *
     * @param work runs the agent or command of a job, without the task's gates
     */
    Outcome run(Job job, NodeSpec.Task task, Cancellation cancellation, BiFunction<Job, NodeSpec.Task, Outcome> work) {
        return inWorktree(job, "task", (step, target) -> {
            Optional<StepRecord> saved = StepRecord.read(job.runDir());
            if (saved.isPresent()) {
                Optional<Outcome> resumed = resume(job, step, target, saved.get());
                if (resumed.isPresent()) {
                    return resumed.get();
                }
            }
            return fresh(job, task, step, target, cancellation, work);
        });
    }

    /** An isolated gate node: the gate runs in a fresh worktree of the target's current commit; nothing is applied. */
    Outcome gate(Job job, NodeSpec.Gate spec, Cancellation cancellation) {
        return inWorktree(job, "gate", (step, target) -> {
            String start = target.head();
            step.fields().put("base_commit", start);
            target.addWorktree(step.worktree(), start);
            return with(gates.gateNode(job.runningIn(folderIn(step.worktree(), target.top(), job.baseDir())), spec, cancellation), step.fields());
        });
    }

    /** A step's names: its key, its worktree folder, and the fields its result gets whatever happens. */
    private record Step(StepKey key, Path worktree, Map<String, Object> fields) {}

    /**
     * Opens the job's target repository and runs {@code body} with it; a git problem fails the node
     * with git's reason, and the step's worktree is removed whatever happened.
     */
    private Outcome inWorktree(Job job, String kind, BiFunction<Step, TargetRepo, Outcome> body) {
        var key = new StepKey(job.executionId(), job.nodeId(), job.iteration(), job.attempt());
        var step = new Step(key, workspaces.worktreeOf(key), new LinkedHashMap<>());
        step.fields().put("worktree", step.worktree().toString());
        TargetRepo target;
        try {
            target = workspaces.target(job.baseDir(), job.workflow().config().repository(), gitEnv(job));
        } catch (GitException e) {
            return Outcome.failed(kind + " \"" + job.nodeId() + "\" runs isolated, but " + e.getMessage(), false, step.fields());
        }
        try {
            return body.apply(step, target);
        } catch (GitException e) {
            return Outcome.failed("isolated " + kind + " \"" + job.nodeId() + "\": " + e.getMessage(), false, step.fields());
        } finally {
            removeQuietly(target, step.worktree());
        }
    }

    /** What an earlier run of this step left: applied (complete with its outcome), or passed (apply it now). */
    private Optional<Outcome> resume(Job job, Step step, TargetRepo target, StepRecord saved) {
        step.fields().put("base_commit", saved.baseCommit());
        step.fields().put("step_commit", saved.stepCommit());
        Optional<String> applied = target.appliedCommit(step.key(), saved.startCommit());
        if (applied.isPresent()) {
            target.forget(step.key());
            return Optional.of(applied(saved, applied.get(), step.fields()));
        }
        if (target.gatesPassed(step.key()).isPresent()) {
            target.addWorktree(step.worktree(), saved.stepCommit());
            return Optional.of(apply(job, step, target, saved));
        }
        return Optional.empty();
    }

    private Outcome fresh(Job job, NodeSpec.Task task, Step step, TargetRepo target, Cancellation cancellation,
            BiFunction<Job, NodeSpec.Task, Outcome> work) {
        String base = target.runBase(job.executionId());
        step.fields().put("base_commit", base);
        String start = target.head();
        target.addWorktree(step.worktree(), start);
        Job inner = job.runningIn(folderIn(step.worktree(), target.top(), job.baseDir()));
        Outcome done = work.apply(inner, withoutGates(task));
        if (!done.succeeded() || cancellation.isCancelled()) {
            return with(done.succeeded() ? cancelled(cancellation, done) : done, step.fields());
        }
        String commit = target.snapshot(step.worktree(), message(job, step.key(), done));
        if (commit != null) {
            step.fields().put("step_commit", commit);
        }
        Outcome gated = gates.afterTask(inner, task, cancellation, done);
        if (!gated.succeeded() || cancellation.isCancelled()) {
            // The agent ran and was paid whatever its gate says: its cost and session stay with the attempt.
            Outcome failed = gated.succeeded() ? cancelled(cancellation, done) : gated;
            keep(target, step, commit);
            return with(failed.withCost(done.cost()).withSession(done.sessionId()), step.fields());
        }
        if (commit == null || isFailure(done.output())) {
            keep(target, step, commit);
            return with(done, step.fields()); // nothing to apply, or changes of a failed attempt: the target never sees them
        }
        if (cancellation.confirm()) {
            // cancelled meanwhile, perhaps from another process: apply nothing (the agent's cost still counts)
            keep(target, step, commit);
            return with(cancelled(cancellation, done).withCost(done.cost()).withSession(done.sessionId()), step.fields());
        }
        var saved = new StepRecord(gated, start, base, commit); // done, with what non-blocking gates found
        saved.write(job.runDir());
        target.markGatesPassed(step.key(), commit);
        probe.accept("before-apply", job.nodeId());
        return apply(job, step, target, saved);
    }

    /** Keeps a commit the target will not see under the step's kept ref, named in the result as {@code kept_ref}. */
    private static void keep(TargetRepo target, Step step, String commit) {
        if (commit != null) {
            target.keep(step.key(), commit);
            step.fields().put("kept_ref", TargetRepo.keptRef(step.key()));
        }
    }

    private static Outcome cancelled(Cancellation cancellation, Outcome done) {
        return Outcome.failed("cancelled: " + cancellation.reason(), false, done.result());
    }

    private Outcome apply(Job job, Step step, TargetRepo target, StepRecord saved) {
        ApplyResult r;
        try {
            r = target.apply(step.key(), saved.stepCommit(), step.worktree(),
                    point -> probe.accept(point.equals(TargetRepo.MOVED) ? "during-apply" : "apply-" + point, job.nodeId()));
        } finally {
            target.forget(step.key()); // applied, or never to be: the trailer on the target's history is the record
        }
        Map<String, Object> fields = step.fields();
        Outcome done = saved.outcome();
        if (r instanceof ApplyResult.Applied a) {
            return applied(saved, a.commit(), fields);
        }
        if (r instanceof ApplyResult.Conflict c) {
            keep(target, step, saved.stepCommit());
            var result = new LinkedHashMap<>(done.result());
            result.putAll(fields);
            result.put("conflict_files", c.files());
            result.put("output", Isolation.CONFLICT_OUTPUT);
            result.put("summary", "its changes conflict with the target in " + String.join(", ", c.files()) + "; nothing was applied");
            // The agent's state updates describe work that was not applied: they are dropped with it.
            return new Outcome(Isolation.CONFLICT_OUTPUT, result, done.cost(), Map.of(), null, null, done.sessionId());
        }
        if (r instanceof ApplyResult.Blocked b) {
            keep(target, step, saved.stepCommit());
            return with(Outcome.failed("the target " + target.top() + " has uncommitted changes in " + String.join(", ", b.files())
                    + ", which the changes of \"" + job.nodeId() + "\" would overwrite; nothing was applied (commit or stash them first)",
                    false, done.result()).withCost(done.cost()), fields);
        }
        return with(done, fields); // the target already holds these changes
    }

    private static Outcome applied(StepRecord saved, String commit, Map<String, Object> fields) {
        fields.put("applied_commit", commit);
        return with(saved.outcome(), fields);
    }

    private static Outcome with(Outcome o, Map<String, Object> fields) {
        var result = new LinkedHashMap<>(o.result());
        result.putAll(fields);
        return new Outcome(o.output(), result, o.cost(), o.state(), o.error(), o.errorClass(), o.sessionId());
    }

    /**
     * Where the step's commands run: the worktree's copy of the workflow's folder when the workflow
     * lives in the target repository (so that paths mean what they mean outside isolation), else
     * the worktree's top.
     */
    static Path folderIn(Path worktree, Path top, Path workflowDir) {
        Path realTop = real(top);
        Path realDir = real(workflowDir);
        if (!realDir.startsWith(realTop) || realDir.equals(realTop)) {
            return worktree;
        }
        Path mirrored = worktree.resolve(realTop.relativize(realDir).toString());
        try {
            Files.createDirectories(mirrored); // an ignored or untracked folder is not in the checkout
        } catch (IOException e) {
            throw new GitException("cannot create " + mirrored + " in the step's worktree: " + e.getMessage());
        }
        return mirrored;
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    private static NodeSpec.Task withoutGates(NodeSpec.Task t) {
        return t.toBuilder().execution(e -> e.gates(List.of())).build();
    }

    private static boolean isFailure(String output) {
        return "fail".equals(output) || "failure".equals(output) || "failed".equals(output);
    }

    /** The snapshot's message: the node's title, the agent's summary, and the step's trailer last. */
    private static String message(Job job, StepKey key, Outcome done) {
        String title = Tails.clip(job.node().title().strip().replace('\n', ' '), 72);
        String summary = done.result().get("summary") instanceof String s && !s.isBlank() ? s.strip() : null;
        return title + "\n\n" + (summary == null ? "" : summary + "\n\n") + StepKey.TRAILER + ": " + key.trailerValue() + "\n";
    }

    /** Git runs with the step's run token, so that one a killed worker left behind is killed on resume. */
    private static Map<String, String> gitEnv(Job job) {
        String token = job.env().get("FLOW_RUN_TOKEN");
        return token == null ? Map.of() : Map.of("FLOW_RUN_TOKEN", token);
    }

    private static void removeQuietly(TargetRepo target, Path worktree) {
        try {
            target.removeWorktree(worktree);
        } catch (GitException e) {
            // a worktree that cannot be removed now is removed when the step runs again, or by "git worktree prune"
        }
    }
}
