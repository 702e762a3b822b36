package dev.flow.engine.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Applies one step's commit to the target, holding the repository's lock. The commit is first
 * cherry-picked in a worktree (never in the target: a conflict there is found, reported and
 * aborted without the target noticing), giving commit A on top of the target's HEAD H. Then the
 * target moves from H to A: the files A changes are written to its index and working tree, and
 * the branch is moved with a compare-and-swap. Before the first file is written, the target's
 * copies of those files are checked to be exactly H's (never overwrite a person's uncommitted
 * work) and {@code refs/flow/EXECUTION/applying/STEP} records A, so that a process killed halfway
 * is finished by the next one: the files it finds are H's or A's, and it writes A's.
 */
final class Applier {
    private static final List<String> IN_PROGRESS = List.of("MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "rebase-merge", "rebase-apply",
            "BISECT_LOG");

    private final TargetRepo target;
    private final StepKey key;
    private final Git git;

    Applier(TargetRepo target, StepKey key) {
        this.target = target;
        this.key = key;
        this.git = target.git;
    }

    ApplyResult apply(String commit, Path worktree, Consumer<String> at) {
        refuseWhileBusy();
        new StaleLocks(target).clear();
        String head = target.head();
        var interrupted = target.ref(TargetRepo.applyingRef(key));
        if (interrupted.isPresent()) {
            String picked = interrupted.get();
            String parent = git.ok("rev-parse", picked + "^");
            if (head.equals(picked)) {
                return done(picked);
            }
            if (head.equals(parent)) {
                List<String> touched = touched(parent, picked);
                Blobs blobs = Blobs.read(git, touched, List.of(parent, picked));
                List<String> foreign = touched.stream().filter(p -> !isEither(blobs, p, parent, picked)).toList();
                if (!foreign.isEmpty()) {
                    return new ApplyResult.Blocked(foreign);
                }
                return move(parent, picked, touched, at);
            }
            git.run("update-ref", "-d", TargetRepo.applyingRef(key)); // the target moved on since: pick again
        }
        ApplyResult picked = pick(commit, head, git.in(worktree));
        if (!(picked instanceof ApplyResult.Applied a)) {
            return picked;
        }
        List<String> touched = touched(head, a.commit());
        List<String> hooks = target.inHookFolders(touched);
        if (!hooks.isEmpty()) {
            throw new GitException("its changes write the repository's hooks (core.hooksPath: " + target.hookFoldersText() + "): "
                    + String.join(", ", hooks) + "; git would run them outside any sandbox, so Flow does not apply hook files a step wrote"
                    + " (nothing was applied; make such a change yourself)");
        }
        Blobs blobs = Blobs.read(git, touched, List.of(head, ""));
        List<String> dirty = touched.stream().filter(p -> !blobs.cleanAgainst(head, p)).toList();
        if (!dirty.isEmpty()) {
            return new ApplyResult.Blocked(dirty);
        }
        git.ok("update-ref", "-m", "flow: applying " + key.trailerValue(), TargetRepo.applyingRef(key), a.commit());
        return move(head, a.commit(), touched, at);
    }

    /** A merge, cherry-pick, rebase or bisect the person started in the target is theirs to finish: Flow does not apply into it. */
    private void refuseWhileBusy() {
        for (String marker : IN_PROGRESS) {
            if (Files.exists(target.gitDir.resolve(marker))) {
                String what = marker.startsWith("rebase") ? "rebase" : marker.equals("BISECT_LOG") ? "bisect"
                        : marker.substring(0, marker.indexOf('_')).toLowerCase(Locale.ROOT).replace("cherry", "cherry-pick");
                throw new GitException("the target repository " + target.top() + " is in the middle of a " + what
                        + "; finish or abort it, then resume the run (nothing was applied)");
            }
        }
    }

    /** Cherry-picks the step's commit onto {@code head} in the worktree: A, or the conflicting files, or nothing to do. */
    private ApplyResult pick(String commit, String head, Git wt) {
        wt.run("cherry-pick", "--abort"); // left over from a killed process, if any
        wt.ok(Git.CHECKOUT_TIMEOUT, null, List.of("checkout", "--quiet", "--force", "--detach", head));
        wt.run("clean", "-d", "--force", "--quiet"); // what the gates left must not stop the pick (ignored files stay)
        Git.Result r = wt.run(Git.DEFAULT_TIMEOUT, null, target.committing("cherry-pick", "--no-rerere-autoupdate", commit));
        if (r.ok()) {
            return new ApplyResult.Applied(wt.ok("rev-parse", "HEAD"));
        }
        List<String> unmerged = paths(wt.raw("diff", "--name-only", "-z", "--diff-filter=U"));
        boolean empty = unmerged.isEmpty() && wt.run("diff", "--cached", "--quiet").ok();
        wt.run("cherry-pick", "--abort");
        if (!unmerged.isEmpty()) {
            return new ApplyResult.Conflict(unmerged);
        }
        if (empty) {
            return new ApplyResult.AlreadyThere();
        }
        throw new GitException("cherry-picking the step's commit " + commit + " failed: " + r.reason());
    }

    /** Writes A's version of the files it changes into the target, then moves the branch from {@code head} to A. */
    private ApplyResult move(String head, String picked, List<String> touched, Consumer<String> at) {
        Blobs blobs = Blobs.read(git, touched, List.of(picked));
        var kept = new ArrayList<String>();
        var gone = new ArrayList<String>();
        for (String p : touched) {
            (blobs.in(picked, p) != null ? kept : gone).add(p);
        }
        if (!kept.isEmpty()) {
            git.ok(Git.CHECKOUT_TIMEOUT, nulJoined(kept), List.of("--literal-pathspecs", "restore", "--source=" + picked, "--staged",
                    "--worktree", "--pathspec-from-file=-", "--pathspec-file-nul"));
        }
        if (!gone.isEmpty()) {
            git.ok(Git.DEFAULT_TIMEOUT, nulJoined(gone), List.of("--literal-pathspecs", "rm", "--quiet", "--cached", "--ignore-unmatch",
                    "--pathspec-from-file=-", "--pathspec-file-nul"));
            gone.forEach(this::deleteFile);
        }
        at.accept(TargetRepo.FILES_WRITTEN);
        git.ok("update-ref", "-m", "flow: apply " + key.trailerValue(), "HEAD", picked, head);
        at.accept(TargetRepo.MOVED);
        return done(picked);
    }

    private ApplyResult done(String picked) {
        git.run("update-ref", "-d", TargetRepo.applyingRef(key));
        return new ApplyResult.Applied(picked);
    }

    private static boolean isEither(Blobs blobs, String path, String before, String after) {
        String now = blobs.inWorkingTree(path);
        return Objects.equals(now, blobs.in(before, path)) || Objects.equals(now, blobs.in(after, path));
    }

    private List<String> touched(String from, String to) {
        return paths(git.raw("diff", "--name-only", "--no-renames", "-z", from, to));
    }

    private static List<String> paths(String nulSeparated) {
        return Arrays.stream(nulSeparated.split("\0")).filter(s -> !s.isEmpty()).toList();
    }

    private static String nulJoined(List<String> paths) {
        return String.join("\0", paths) + "\0";
    }

    /** Removes a file the step deleted, and the folders it leaves empty, as git would. */
    private void deleteFile(String path) {
        Path top = target.top();
        Path f = top.resolve(path);
        try {
            Files.deleteIfExists(f);
            for (Path dir = f.getParent(); dir != null && !dir.equals(top) && dir.startsWith(top); dir = dir.getParent()) {
                try (var entries = Files.list(dir)) {
                    if (entries.findAny().isPresent()) {
                        break;
                    }
                }
                Files.delete(dir);
            }
        } catch (IOException e) {
            throw new GitException("cannot remove " + f + ", which the step deleted: " + e.getMessage());
        }
    }
}
