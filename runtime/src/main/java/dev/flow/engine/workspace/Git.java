package dev.flow.engine.workspace;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Git run as a program in one folder: an argv list (never a shell line), a timeout, the output
 * captured. The environment is the process's own without the variables that would point git at
 * another repository ({@code GIT_DIR}, {@code GIT_WORK_TREE}, {@code GIT_INDEX_FILE}, as in a
 * hook), with prompts off, optional locks off (so that reading the status never takes the
 * target's index lock) and messages in English, plus {@code extraEnv}: the step's
 * {@code FLOW_RUN_TOKEN}, so that a git process a killed worker left behind is killed on resume
 * like the step's other processes.
 *
 * <p>Every command but {@code git config} runs with {@code -c core.hooksPath=/dev/null} and
 * {@code -c core.fsmonitor=false}: a step writes the files of its worktree, and git must never run
 * a program from them (a hook in a tracked hooks folder, husky style, runs on Flow's commit and
 * cherry-pick, {@code --no-verify} or not). No hook of the repository runs for Flow's own git
 * operations, the person's own hooks included.
 */
final class Git {
    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);
    /** Checkouts of large trees (adding a worktree, switching it) may take longer. */
    static final Duration CHECKOUT_TIMEOUT = Duration.ofMinutes(15);

    /** Settings that keep git from running programs a step may have written: no hooks, no file system monitor. */
    static final List<String> NO_PROGRAMS = List.of("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false");

    private static final List<String> CLEARED = List.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
            "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_PREFIX", "GIT_NAMESPACE");

    /** Threads that read git's output while it runs (blocking reads: not the common pool's). */
    private static final ExecutorService READERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "flow-git-output");
        t.setDaemon(true);
        return t;
    });

    private final Path dir;
    private final Map<String, String> extraEnv;

    /** What one git command did. */
    record Result(int exitCode, String out, String err) {
        boolean ok() {
            return exitCode == 0;
        }

        /** The first line of standard error, else of standard output: git's own explanation. */
        String reason() {
            String text = err.isBlank() ? out : err;
            String line = text.strip().lines().findFirst().orElse("");
            return line.startsWith("fatal: ") ? line.substring(7) : line.startsWith("error: ") ? line.substring(7) : line;
        }
    }

    Git(Path dir, Map<String, String> extraEnv) {
        this.dir = dir;
        this.extraEnv = Map.copyOf(extraEnv);
    }

    Path dir() {
        return dir;
    }

    /** The same environment, in another folder. */
    Git in(Path other) {
        return new Git(other, extraEnv);
    }

    /** Runs {@code git args...}; a non-zero exit is returned, not thrown. */
    Result run(String... args) {
        return run(DEFAULT_TIMEOUT, null, List.of(args));
    }

    /** Runs it and returns its standard output, stripped; a non-zero exit throws with git's reason. */
    String ok(String... args) {
        return ok(DEFAULT_TIMEOUT, null, List.of(args));
    }

    String ok(Duration timeout, String stdin, List<String> args) {
        return raw(timeout, stdin, args).strip();
    }

    /** Its standard output as it is (for {@code -z} lists, where a name may start or end with a space). */
    String raw(String... args) {
        return raw(DEFAULT_TIMEOUT, null, List.of(args));
    }

    private String raw(Duration timeout, String stdin, List<String> args) {
        Result r = run(timeout, stdin, args);
        if (!r.ok()) {
            throw new GitException(describe(args) + " failed in " + dir + ": " + r.reason());
        }
        return r.out();
    }

    Result run(Duration timeout, String stdin, List<String> args) {
        var argv = new ArrayList<String>(args.size() + 5);
        argv.add("git");
        if (args.isEmpty() || !args.get(0).equals("config")) { // git config runs nothing, and must read the repository's own settings
            argv.addAll(NO_PROGRAMS);
        }
        argv.addAll(args);
        var pb = new ProcessBuilder(argv).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        CLEARED.forEach(env::remove);
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_OPTIONAL_LOCKS", "0");
        env.put("LC_ALL", "C");
        env.putAll(extraEnv);
        if (stdin == null) {
            pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new GitException("cannot run git (" + e.getMessage() + "): isolated steps need git on PATH");
        }
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()), READERS);
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()), READERS);
        try {
            if (stdin != null) {
                try (var in = p.getOutputStream()) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new GitException(describe(args) + " did not finish within " + timeout.toSeconds() + " s in " + dir + " and was stopped");
            }
            return new Result(p.exitValue(), out.get(), err.get());
        } catch (IOException e) {
            p.destroyForcibly();
            throw new GitException(describe(args) + " failed in " + dir + ": " + e.getMessage());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new GitException(describe(args) + " was interrupted");
        } catch (ExecutionException e) {
            throw new GitException(describe(args) + ": its output could not be read: " + e.getCause().getMessage());
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code "git worktree add"}: the command and its subcommand, for messages (global options left out). */
    private static String describe(List<String> args) {
        var words = new ArrayList<String>();
        words.add("git");
        for (int i = 0; i < args.size() && words.size() < 3; i++) {
            String a = args.get(i);
            if (a.equals("-c") || a.equals("-C")) {
                i++;
            } else if (!a.startsWith("-")) {
                words.add(a);
            } else if (words.size() > 1) {
                break;
            }
        }
        return "\"" + String.join(" ", words) + "\"";
    }
}
