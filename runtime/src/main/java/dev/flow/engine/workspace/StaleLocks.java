package dev.flow.engine.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Lock files a killed git process left in the target ({@code index.lock}, the branch's ref lock,
 * {@code HEAD.lock}, {@code packed-refs.lock}): they would make every later git command there fail.
 * Called with the repository's Flow lock held. A lock that goes away within a few seconds belonged
 * to a git command that was running; one that stays while no git process works in the repository
 * (read from {@code /proc}) is stale, and is removed. Where there is no {@code /proc}, a lock that
 * stays is reported instead.
 */
final class StaleLocks {
    private static final long PATIENCE_MILLIS = 3_000;

    private final TargetRepo target;

    StaleLocks(TargetRepo target) {
        this.target = target;
    }

    void clear() {
        for (Path lock : candidates()) {
            if (!Files.exists(lock) || vanishes(lock)) {
                continue;
            }
            if (!Files.isDirectory(Path.of("/proc")) || gitWorksHere()) {
                throw new GitException(lock + " exists: another git command works in " + target.top()
                        + "; when none does, delete that file and resume the run (nothing was applied)");
            }
            try {
                Files.deleteIfExists(lock);
            } catch (IOException e) {
                throw new GitException("cannot remove the stale " + lock + ": " + e.getMessage());
            }
        }
    }

    private List<Path> candidates() {
        var out = new ArrayList<>(List.of(target.gitDir.resolve("index.lock"), target.gitDir.resolve("HEAD.lock"),
                target.commonDir.resolve("packed-refs.lock")));
        Git.Result branch = target.git.run("symbolic-ref", "-q", "HEAD");
        if (branch.ok() && !branch.out().isBlank()) {
            out.add(target.commonDir.resolve(branch.out().strip() + ".lock"));
        }
        return out;
    }

    private static boolean vanishes(Path lock) {
        long deadline = System.currentTimeMillis() + PATIENCE_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            if (!Files.exists(lock)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a live git process has its working folder in the target (Flow's step worktrees aside). */
    private boolean gitWorksHere() {
        Path top = real(target.top());
        Path gitDir = real(target.commonDir);
        Path worktrees = real(target.worktrees());
        try (var entries = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                if (!p.getFileName().toString().chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    if (!Files.readString(p.resolve("comm")).strip().startsWith("git")) {
                        continue;
                    }
                    Path cwd = Files.readSymbolicLink(p.resolve("cwd"));
                    boolean inTarget = cwd.startsWith(top) || cwd.startsWith(gitDir);
                    if (inTarget && (worktrees == null || !cwd.startsWith(worktrees))) {
                        return true;
                    }
                } catch (IOException | SecurityException e) {
                    // another user's process, or one that just ended
                }
            }
        } catch (IOException e) {
            return true; // cannot tell: keep the lock
        }
        return false;
    }

    private static Path real(Path p) {
        if (p == null) {
            return null;
        }
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
