package dev.flow.engine.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real git repository a test makes in its temporary folder, and the questions tests ask of it. */
public final class TestRepo {
    public final Path dir;

    private TestRepo(Path dir) {
        this.dir = dir;
    }

    /** {@code git init} in {@code dir} with one commit holding {@code files} (name, content, name, content...). */
    public static TestRepo init(Path dir, String... files) throws IOException {
        Files.createDirectories(dir);
        var repo = new TestRepo(dir);
        repo.git("init", "-q", "-b", "main");
        repo.git("config", "user.name", "Test");
        repo.git("config", "user.email", "test@example.invalid");
        for (int i = 0; i + 1 < files.length; i += 2) {
            repo.write(files[i], files[i + 1]);
        }
        repo.git("add", "-A");
        repo.git("commit", "-q", "--allow-empty", "-m", "initial");
        return repo;
    }

    public void write(String path, String content) throws IOException {
        Path f = dir.resolve(path);
        Files.createDirectories(f.getParent());
        Files.writeString(f, content);
    }

    public String read(String path) throws IOException {
        return Files.readString(dir.resolve(path));
    }

    public String head() {
        return git("rev-parse", "HEAD").strip();
    }

    /** {@code git status --porcelain}: empty when the tree is clean. */
    public String status() {
        return git("status", "--porcelain");
    }

    /** The subjects of the commits on HEAD, newest first. */
    public List<String> subjects() {
        return git("log", "--format=%s").lines().toList();
    }

    /** How many commits on HEAD carry {@code Flow-Step: VALUE} (VALUE's start is enough: {@code EXEC/NODE/}). */
    public long stepCommits(String valuePrefix) {
        return git("log", "--format=%(trailers:key=Flow-Step,valueonly)").lines().filter(l -> l.startsWith(valuePrefix)).count();
    }

    /** Whether a cherry-pick, merge or rebase is under way in the working tree. */
    public boolean midOperation() {
        Path gitDir = dir.resolve(".git");
        return Files.exists(gitDir.resolve("CHERRY_PICK_HEAD")) || Files.exists(gitDir.resolve("MERGE_HEAD"))
                || Files.exists(gitDir.resolve("rebase-merge")) || Files.exists(gitDir.resolve("index.lock"));
    }

    /** The worktrees git knows besides the main one. */
    public List<String> extraWorktrees() {
        var out = new ArrayList<String>();
        for (String line : git("worktree", "list", "--porcelain").lines().toList()) {
            if (line.startsWith("worktree ") && !Path.of(line.substring(9)).equals(dir.toAbsolutePath())) {
                out.add(line.substring(9));
            }
        }
        return out;
    }

    public List<String> refs(String prefix) {
        return git("for-each-ref", "--format=%(refname)", prefix).lines().toList();
    }

    /** Runs git here; a non-zero exit fails the test with git's message. */
    public String git(String... args) {
        var argv = new ArrayList<String>();
        argv.add("git");
        argv.addAll(Arrays.asList(args));
        try {
            Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("git " + String.join(" ", args) + " failed in " + dir + ": " + out);
            }
            return out;
        } catch (IOException e) {
            throw new AssertionError("cannot run git", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
