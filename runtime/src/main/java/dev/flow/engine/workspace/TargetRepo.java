package dev.flow.engine.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The repository isolated steps take their worktrees from and apply their changes to: its
 * checked-out branch in its working tree. Flow's own marks live in refs under
 * {@code refs/flow/EXECUTION/}: {@code base} (the target's commit when the run's first isolated
 * step started), {@code steps/STEP} (a step whose gates passed, until it is applied) and
 * {@code applying/STEP} (an apply under way, until the branch has moved).
 */
public final class TargetRepo {
    /** A point of {@link #apply}: the target's files hold the step's changes, its branch has not moved yet. */
    public static final String FILES_WRITTEN = "files-written";
    /** A point of {@link #apply}: the target's branch has moved to the applied commit. */
    public static final String MOVED = "moved";

    /** How long a step waits for another one's apply (or another process's) to finish. */
    static final Duration LOCK_PATIENCE = Duration.ofMinutes(10);

    final Git git;
    private final Path top;
    final Path gitDir;
    final Path commonDir;
    private final Path worktrees;
    private final List<String> settings;
    private final List<String> hookFolders;

    private TargetRepo(Git git, Path top, Path gitDir, Path commonDir, Path worktrees, List<String> settings, List<String> hookFolders) {
        this.git = git;
        this.top = top;
        this.gitDir = gitDir;
        this.commonDir = commonDir;
        this.worktrees = worktrees;
        this.settings = List.copyOf(settings);
        this.hookFolders = List.copyOf(hookFolders);
    }

    /**
     * The repository whose working tree holds {@code folder}.
     *
     * @param worktrees where Flow makes the worktrees of steps (they may lie inside the target)
     * @param env added to every git process's environment
     */
    static TargetRepo open(Path folder, Path worktrees, Map<String, String> env) {
        if (!Files.isDirectory(folder)) {
            throw new GitException("the target repository " + folder + " does not exist; create it first, or set \"repository\" to another folder");
        }
        var git = new Git(folder, env);
        Git.Result r = git.run("rev-parse", "--show-toplevel", "--absolute-git-dir", "--git-common-dir");
        List<String> lines = r.out().lines().toList();
        if (!r.ok() || lines.size() < 3) {
            throw new GitException(folder + " is not in a git repository (" + r.reason() + "); an isolated step needs one: "
                    + "run \"git init\" there, or set \"repository\" to the repository the workflow works on");
        }
        Path top = Path.of(lines.get(0));
        Path gitDir = Path.of(lines.get(1));
        Path commonDir = folder.resolve(lines.get(2)).toAbsolutePath().normalize();
        Git atTop = git.in(top);
        var settings = new ArrayList<>(List.of("-c", "commit.gpgsign=false"));
        // Commits need a name and an address; a machine without any configured gets Flow's own.
        if (!atTop.run("config", "user.name").ok()) {
            settings.addAll(List.of("-c", "user.name=Flow"));
        }
        if (!atTop.run("config", "user.email").ok()) {
            settings.addAll(List.of("-c", "user.email=flow@localhost"));
        }
        return new TargetRepo(atTop, top, gitDir, commonDir, worktrees, settings, hookFolders(atTop, top));
    }

    /**
     * The folders of the working tree that hold the repository's hooks ({@code core.hooksPath}
     * when it points into the working tree, husky style; with husky's {@code .husky/_}, its parent
     * {@code .husky} too, whose scripts those hooks run), relative to the top, each ending in
     * {@code /}. Empty when the hooks live in the git folder, where no commit can put them.
     */
    static List<String> hookFolders(Git atTop, Path top) {
        Git.Result r = atTop.run("config", "--get", "core.hooksPath");
        String value = r.out().strip();
        if (!r.ok() || value.isEmpty()) {
            return List.of();
        }
        Path hooks = value.equals("~") || value.startsWith("~/") ? Path.of(System.getProperty("user.home")).resolve(value.equals("~") ? "" : value.substring(2))
                : top.resolve(value);
        hooks = hooks.toAbsolutePath().normalize();
        if (!hooks.startsWith(top) || hooks.equals(top)) {
            return hooks.equals(top) ? List.of("") : List.of();
        }
        var out = new ArrayList<String>();
        Path relative = top.relativize(hooks);
        out.add(relative + "/");
        if (relative.getFileName().toString().equals("_") && relative.getParent() != null) {
            out.add(relative.getParent() + "/");
        }
        return out;
    }

    /** Which of {@code paths} (relative to the top) lie in a folder of the repository's hooks. */
    List<String> inHookFolders(List<String> paths) {
        return paths.stream().filter(p -> hookFolders.stream().anyMatch(p::startsWith)).toList();
    }

    /** The repository's hook folders inside its working tree, for messages. */
    String hookFoldersText() {
        return hookFolders.stream().map(f -> f.isEmpty() ? "the top folder" : f.substring(0, f.length() - 1)).collect(Collectors.joining(", "));
    }

    /** The top folder of the target's working tree. */
    public Path top() {
        return top;
    }

    /** The commit the target's HEAD is on. */
    public String head() {
        Git.Result r = git.run("rev-parse", "--verify", "-q", "HEAD^{commit}");
        if (!r.ok() || r.out().isBlank()) {
            throw new GitException("the target repository " + top + " has no commit yet; make a first commit, then run again");
        }
        return r.out().strip();
    }

    /** {@code git -c ... ARGS} with Flow's commit settings, for commands that make commits. */
    List<String> committing(String... args) {
        var all = new ArrayList<>(settings);
        all.addAll(List.of(args));
        return all;
    }

    RepoLock lock() {
        return RepoLock.take(commonDir, LOCK_PATIENCE);
    }

    /** The run's base: the target's commit when its first isolated step started, recorded once in {@code refs/flow/EXECUTION/base}. */
    public String runBase(String executionId) {
        String ref = new StepKey(executionId, "", 0, 0).executionRefs() + "/base";
        Optional<String> known = ref(ref);
        if (known.isPresent()) {
            return known.get();
        }
        try (RepoLock held = lock()) {
            return ref(ref).orElseGet(() -> {
                String head = head();
                git.ok("update-ref", "-m", "flow: base of run " + executionId, ref, head, "");
                return head;
            });
        }
    }

    Optional<String> ref(String name) {
        Git.Result r = git.run("rev-parse", "--verify", "-q", name + "^{commit}");
        return r.ok() && !r.out().isBlank() ? Optional.of(r.out().strip()) : Optional.empty();
    }

    /** A fresh worktree for the step at {@code path}, detached at {@code commit}; whatever was there before is removed first. */
    public Path addWorktree(Path path, String commit) {
        removeWorktree(path);
        try {
            Files.createDirectories(path.getParent());
        } catch (IOException e) {
            throw new GitException("cannot create " + path.getParent() + ": " + e.getMessage());
        }
        // "git worktree prune" removes the folder of a worktree being added when it runs at the wrong
        // moment: adding (without the checkout, which is slow) and pruning take the lock.
        try (RepoLock held = lock()) {
            git.ok("worktree", "add", "--detach", "--no-checkout", "--quiet", path.toString(), commit);
        }
        git.in(path).ok(Git.CHECKOUT_TIMEOUT, null, List.of("reset", "--hard", "--quiet"));
        return path;
    }

    /** Removes the worktree at {@code path} (and its folder, and the run's folder once empty); nothing when there is none. */
    public void removeWorktree(Path path) {
        // Under the lock too: "git worktree remove" deletes .git/worktrees itself when it leaves it empty, and a
        // parallel step's "worktree add" between its making that folder and its own inside then fails ("could not
        // create directory of '.git/worktrees/...'"; seen in IsolationTest's two parallel agents).
        try (RepoLock held = lock()) {
            if (Files.exists(path)) {
                Git.Result r = git.run("worktree", "remove", "--force", "--force", path.toString());
                if (!r.ok()) {
                    deleteTree(path); // a half-made worktree git does not know: its folder goes, prune forgets the rest
                }
            }
            git.run("worktree", "prune");
        }
        try {
            if (path.getParent() != null && path.getParent().startsWith(worktrees)) {
                Files.deleteIfExists(path.getParent());
            }
        } catch (IOException e) {
            // another step of the run still has its worktree there
        }
    }

    private static void deleteTree(Path path) {
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new GitException("cannot remove the old worktree " + path + ": " + e.getMessage());
        }
    }

    /**
     * Commits everything changed in the worktree (what {@code .gitignore} ignores aside) with
     * {@code message}, which ends with the step's trailer; null when nothing changed.
     */
    public String snapshot(Path worktree, String message) {
        Git in = git.in(worktree);
        in.ok(Git.CHECKOUT_TIMEOUT, null, List.of("add", "-A"));
        if (in.run("diff", "--cached", "--quiet").ok()) {
            return null;
        }
        in.ok(Git.DEFAULT_TIMEOUT, message, committing("commit", "--no-verify", "--quiet", "-F", "-"));
        return in.ok("rev-parse", "HEAD");
    }

    /** The commit on the target's history since {@code since} that carries the step's trailer, if the step was applied. */
    public Optional<String> appliedCommit(StepKey key, String since) {
        String range = since == null ? "HEAD" : since + "..HEAD";
        Git.Result r = git.run("log", "-z", "--fixed-strings", "--grep=" + StepKey.TRAILER + ": " + key.trailerValue(),
                "--format=%H%n%(trailers:key=" + StepKey.TRAILER + ",valueonly)", range);
        if (!r.ok() && since != null) {
            return appliedCommit(key, null); // the start commit is gone (history rewritten): look through all of it
        }
        if (!r.ok()) {
            throw new GitException("cannot read the history of " + top + ": " + r.reason());
        }
        for (String record : r.out().split("\0")) {
            List<String> lines = record.strip().lines().toList();
            if (lines.size() > 1 && lines.subList(1, lines.size()).stream().map(String::strip).anyMatch(key.trailerValue()::equals)) {
                return Optional.of(lines.get(0));
            }
        }
        return Optional.empty();
    }

    /** The step's commit when its gates passed and it is not applied yet ({@code refs/flow/EXECUTION/steps/STEP}). */
    public Optional<String> gatesPassed(StepKey key) {
        return ref(stepRef(key));
    }

    /** Records durably that the step's gates passed with {@code commit} as its changes. */
    public void markGatesPassed(StepKey key, String commit) {
        try (RepoLock held = lock()) {
            git.ok("update-ref", "-m", "flow: gates of " + key.trailerValue() + " passed", stepRef(key), commit);
        }
    }

    /** Drops the step's marks: it was applied, or it will not be. */
    public void forget(StepKey key) {
        try (RepoLock held = lock()) {
            git.run("update-ref", "-d", stepRef(key));
            git.run("update-ref", "-d", applyingRef(key));
        }
    }

    /**
     * Keeps a step's commit that the target will never see (its gates failed, it failed, it was
     * cancelled, it conflicted) reachable at {@code refs/flow/EXECUTION/kept/STEP}, so that {@code git
     * gc} does not prune the work and a person can look at it or pick it by hand.
     */
    public void keep(StepKey key, String commit) {
        try (RepoLock held = lock()) {
            git.ok("update-ref", "-m", "flow: " + key.trailerValue() + " was not applied", keptRef(key), commit);
        }
    }

    /** Where {@link #keep} keeps a step's commit. */
    public static String keptRef(StepKey key) {
        return key.executionRefs() + "/kept/" + key.leaf();
    }

    static String stepRef(StepKey key) {
        return key.executionRefs() + "/steps/" + key.leaf();
    }

    static String applyingRef(StepKey key) {
        return key.executionRefs() + "/applying/" + key.leaf();
    }

    /**
     * Applies the step's {@code commit} to the target's checked-out branch, serialised with every
     * other apply to this repository; {@code worktree} is a worktree of the target Flow may reset.
     *
     * @param at told {@value #FILES_WRITTEN} once the target's files are written and
     *     {@value #MOVED} once its branch has moved (crash tests stop there)
     */
    public ApplyResult apply(StepKey key, String commit, Path worktree, Consumer<String> at) {
        try (RepoLock held = lock()) {
            return new Applier(this, key).apply(commit, worktree, at);
        }
    }

    /** Where the step worktrees live (git processes there are not the target's own). */
    Path worktrees() {
        return worktrees;
    }
}
