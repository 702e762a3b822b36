package dev.flow.engine.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cgroup v2 of one job. Whatever a process in it does (fork, detach, start a session, clear its
 * environment) its descendants stay in it, so killing the cgroup kills all of them: through
 * {@code cgroup.kill} where the kernel has it (Linux 5.14 and later), else by freezing the cgroup
 * and killing what {@code cgroup.procs} lists, again until it is empty. Nested cgroups (a Flow run
 * inside a job makes its own) are killed and removed with it.
 */
final class JobCgroup {
    /** How long a kill may take to empty the cgroup: processes in uninterruptible sleep die when their I/O returns. */
    private static final long EMPTY_WAIT_MILLIS = 5_000;

    private final Path dir;
    private final boolean useKillFile;

    JobCgroup(Path dir) {
        this(dir, true);
    }

    /** @param useKillFile false to kill by listing processes even where {@code cgroup.kill} exists (as on older kernels) */
    JobCgroup(Path dir, boolean useKillFile) {
        this.dir = dir;
        this.useKillFile = useKillFile;
    }

    Path dir() {
        return dir;
    }

    /** The file a process writes its pid to in order to enter the cgroup. */
    Path procs() {
        return dir.resolve("cgroup.procs");
    }

    /** Whether any process is in the cgroup or its children. */
    boolean populated() {
        try {
            for (String line : Files.readAllLines(dir.resolve("cgroup.events"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("populated ")) {
                    return !line.endsWith(" 0");
                }
            }
        } catch (IOException e) {
            return false; // gone
        }
        return !pids().isEmpty();
    }

    /** Kills every process in the cgroup and below, and waits (a few seconds at most) until none is left. */
    void kill() {
        if (!Files.isDirectory(dir) || !populated()) {
            return;
        }
        Path killFile = dir.resolve("cgroup.kill");
        if (useKillFile && Files.exists(killFile)) {
            try {
                Files.writeString(killFile, "1", StandardCharsets.US_ASCII);
            } catch (IOException e) {
                killListed();
            }
        } else {
            killListed();
        }
        awaitEmpty();
    }

    /**
     * Kills what is left, then removes the cgroup and those below it; a cgroup that cannot be emptied
     * stays. Returns how many processes were in it.
     */
    int killAndRemove() {
        // The usual end of a step: cgroup.events says nothing is left, and one rmdir removes it.
        // Only when that fails (processes left, or nested cgroups) is the cgroup listed and walked.
        if (!populated() && removeAlone()) {
            return 0;
        }
        int found = Files.isDirectory(dir) ? pids().size() : 0;
        kill();
        remove(dir);
        return found;
    }

    /**
     * Freezes the cgroup so that nothing in it can fork, then kills each listed process until the
     * listing is empty (a frozen process still dies of SIGKILL).
     */
    private void killListed() {
        boolean frozen = write(dir.resolve("cgroup.freeze"), "1");
        long deadline = System.nanoTime() + EMPTY_WAIT_MILLIS * 1_000_000;
        for (int round = 0; System.nanoTime() < deadline; round++) {
            List<Long> pids = pids();
            if (pids.isEmpty()) {
                break;
            }
            pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            Pause.briefly(Math.min(100, 1L << round));
        }
        if (frozen) {
            write(dir.resolve("cgroup.freeze"), "0");
        }
    }

    private void awaitEmpty() {
        long deadline = System.nanoTime() + EMPTY_WAIT_MILLIS * 1_000_000;
        for (int round = 0; populated() && System.nanoTime() < deadline; round++) {
            Pause.briefly(Math.min(100, 1L << round));
        }
    }

    /** The pids in the cgroup and every cgroup below it. */
    private List<Long> pids() {
        var out = new ArrayList<Long>();
        for (Path d : tree(dir)) {
            try {
                for (String line : Files.readAllLines(d.resolve("cgroup.procs"), StandardCharsets.US_ASCII)) {
                    if (!line.isBlank()) {
                        out.add(Long.parseLong(line.strip()));
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // removed meanwhile
            }
        }
        return out;
    }

    /** {@code root} and every cgroup below it, parents first. */
    private static List<Path> tree(Path root) {
        var out = new ArrayList<Path>();
        out.add(root);
        for (int i = 0; i < out.size(); i++) {
            try (DirectoryStream<Path> children = Files.newDirectoryStream(out.get(i), Files::isDirectory)) {
                children.forEach(out::add);
            } catch (IOException e) {
                // removed meanwhile
            }
        }
        return out;
    }

    /** Removes the cgroup when it has no child cgroup (or is gone already); false when it is still there. */
    private boolean removeAlone() {
        try {
            Files.deleteIfExists(dir);
            return true;
        } catch (IOException e) {
            return false; // busy: it has children, or a process entered it meanwhile
        }
    }

    /** Removes a cgroup and its children, children first; rmdir is all a cgroup needs once it is empty. */
    private static void remove(Path root) {
        List<Path> all = tree(root);
        for (int i = all.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(all.get(i));
            } catch (IOException e) {
                // still busy: left for the next kill by token to remove
            }
        }
    }

    private static boolean write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.US_ASCII);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
