package dev.flow.engine.workspace;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where isolated steps work: each step's worktree is {@code ROOT/EXECUTION/NODE-ITERATION-ATTEMPT},
 * with ROOT the {@code worktrees} folder beside the database ({@code .flow/worktrees} by default),
 * so that a resumed step finds the folder its earlier run left.
 */
public final class Workspaces {
    private final Path root;

    public Workspaces(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** The folder the worktrees of a database live in: {@code worktrees} beside it. */
    public static Workspaces besideDatabase(dev.flow.store.Store store) {
        return new Workspaces(store.localDir().toAbsolutePath().normalize().resolve("worktrees"));
    }

    public Path root() {
        return root;
    }

    /** The step's worktree folder (it may not exist). */
    public Path worktreeOf(StepKey key) {
        return root.resolve(StepKey.component(key.executionId())).resolve(key.leaf());
    }

    /**
     * The target repository of a workflow: the one holding {@code repository} (relative to the
     * workflow's folder) when set, else the one holding the workflow's folder.
     *
     * @param env added to the environment of every git process Flow starts for the step
     */
    public TargetRepo target(Path workflowDir, String repository, Map<String, String> env) {
        Path folder = repository == null || repository.isBlank() ? workflowDir : workflowDir.resolve(repository).normalize();
        return TargetRepo.open(folder, root, env);
    }
}
