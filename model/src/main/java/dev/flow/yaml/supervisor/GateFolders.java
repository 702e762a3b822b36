package dev.flow.yaml.supervisor;

import dev.flow.model.GateDef;
import dev.flow.model.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a dialect 1 workflow's gates run: at the root of the repository that holds the workflow, as
 * the supervisor tool runs them (in a worktree of the project, so {@code pytest} and
 * {@code ruff check .} see the whole project), with a registry's {@code working_dir} taken from
 * that root. Flow's gates run in the workflow's folder, or their {@code cwd} from there; so each
 * gate's {@code cwd} becomes the way from the workflow's folder to that place. A workflow outside
 * any repository, or at its root, keeps its gates as they are.
 */
public final class GateFolders {
    private GateFolders() {}

    /** {@code workflow} with its gates' folders taken from the repository root above {@code file}; as is when there is none. */
    public static Workflow atRepositoryRoot(Workflow workflow, Path file) {
        if (file == null || workflow.gates().isEmpty()) {
            return workflow;
        }
        Path folder = file.toAbsolutePath().normalize().getParent();
        Path root = repositoryRoot(folder);
        if (root == null || root.equals(folder)) {
            return workflow;
        }
        var gates = workflow.gates().stream().map(g -> rebased(g, folder, root)).toList();
        return workflow.toBuilder().gates(gates).build();
    }

    private static GateDef rebased(GateDef g, Path folder, Path root) {
        Path where = g.cwd() == null || g.cwd().isBlank() ? root : root.resolve(g.cwd()).normalize();
        String cwd = folder.relativize(where).toString();
        return new GateDef(g.name(), g.description(), g.command(), g.timeout(), g.env(), g.parallelSafe(), g.allowedWrites(), g.dependsOn(),
                g.severity(), g.source(), cwd.isEmpty() ? null : cwd);
    }

    /** The nearest folder at or above {@code folder} that holds {@code .git} (a folder, or a worktree's file); null when none does. */
    static Path repositoryRoot(Path folder) {
        for (Path p = folder; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                return p;
            }
        }
        return null;
    }
}
