package dev.flow.engine.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The cgroup v2 hierarchy as this process may use it: a job cgroup is made as a child of the cgroup
 * Flow runs in (which works as root, and in a cgroup systemd delegated to the user), named after the
 * job's run token so that a later Flow process can find and kill what a dead one left running.
 */
final class Cgroups {
    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");
    private static final Path SELF = Path.of("/proc/self/cgroup");
    /** Enough for any real hierarchy (systemd machines have hundreds of cgroups), small enough to walk in a moment. */
    private static final int WALK_MAX_DIRECTORIES = 50_000;
    private static final int WALK_MAX_DEPTH = 32;

    private final Path mount;
    private final Path own;
    private final AtomicLong sequence = new AtomicLong();

    private Cgroups(Path mount, Path own) {
        this.mount = mount;
        this.own = own;
    }

    /** What detection found: usable cgroups, or why there are none. */
    record Detection(Cgroups cgroups, String problem) {}

    /**
     * Finds the cgroup v2 mount and this process's cgroup in it, and checks that a job cgroup can be
     * made there and a process put into it (by doing it once, with {@code sh}).
     */
    static Detection detect() {
        Path mount = mountPoint();
        if (mount == null) {
            return new Detection(null, "no cgroup v2 hierarchy is mounted");
        }
        Path own = ownCgroup(mount);
        if (own == null) {
            return new Detection(null, "this process's cgroup v2 is not under " + mount);
        }
        var cgroups = new Cgroups(mount, own);
        String problem = cgroups.probe();
        return problem == null ? new Detection(cgroups, null) : new Detection(null, problem);
    }

    /** The cgroup v2 mount found by {@link #mountPoint()}, for recovery: no cgroup need be made. */
    static Cgroups forRecovery() {
        Path mount = mountPoint();
        return mount == null ? null : new Cgroups(mount, mount);
    }

    /** Where new job cgroups go. */
    Path parent() {
        return own;
    }

    /** Makes the cgroup of one job; {@code token} may be null for a process that has none. */
    JobCgroup create(String token) throws IOException {
        String name = prefix(token) + ProcessHandle.current().pid() + "-" + sequence.incrementAndGet();
        return new JobCgroup(Files.createDirectory(own.resolve(name)));
    }

    /**
     * Every job cgroup made for {@code token}, by any Flow process, anywhere in the hierarchy (a
     * bounded walk: at most {@value #WALK_MAX_DIRECTORIES} cgroups, {@value #WALK_MAX_DEPTH} deep).
     */
    List<JobCgroup> findByToken(String token) {
        String prefix = prefix(token);
        var out = new ArrayList<JobCgroup>();
        var visited = new int[1];
        try {
            Files.walkFileTree(mount, EnumSet.noneOf(FileVisitOption.class), WALK_MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (++visited[0] > WALK_MAX_DIRECTORIES) {
                        return FileVisitResult.TERMINATE;
                    }
                    if (dir.getFileName() != null && dir.getFileName().toString().startsWith(prefix)) {
                        out.add(new JobCgroup(dir));
                        return FileVisitResult.SKIP_SUBTREE; // its children go with it
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    /** {@code flow-} and 16 hex digits of the token's SHA-256: a name a token always gets, and no other. */
    static String prefix(String token) {
        if (token == null) {
            return "flow-job-";
        }
        try {
            // a clone of one digest: looking SHA-256 up among the providers cost more than hashing, once a process
            byte[] hash = ((MessageDigest) SHA256.clone()).digest(token.getBytes(StandardCharsets.UTF_8));
            return "flow-" + HexFormat.of().formatHex(hash, 0, 8) + "-";
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's SHA-256 can be cloned", e);
        }
    }

    private static final MessageDigest SHA256 = sha256();

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Makes a cgroup, moves a shell into it the way jobs are moved, and removes it; null when that worked. */
    private String probe() {
        JobCgroup probe;
        try {
            probe = new JobCgroup(Files.createDirectory(own.resolve("flow-probe-" + ProcessHandle.current().pid() + "-" + System.nanoTime())));
        } catch (IOException | SecurityException e) {
            return "cannot make a cgroup in " + own + " (" + e.getClass().getSimpleName() + "): run as root, or in a cgroup"
                    + " delegated to you (systemd-run --user --scope -p Delegate=yes ...)";
        }
        try {
            Process p = new ProcessBuilder("/bin/sh", "-c", "echo $$ > \"$1\"", "sh", probe.procs().toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "could not move a process into a cgroup of " + own + " in time";
            }
            return p.exitValue() == 0 ? null : "cannot move processes into a cgroup of " + own + " (permission denied)";
        } catch (IOException e) {
            return "cannot run /bin/sh to try a cgroup: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while trying a cgroup";
        } finally {
            probe.killAndRemove();
        }
    }

    /** The mount point of the cgroup v2 hierarchy ({@code /sys/fs/cgroup}, or {@code /sys/fs/cgroup/unified} on hybrid set-ups). */
    private static Path mountPoint() {
        try {
            for (String line : Files.readAllLines(MOUNTINFO, StandardCharsets.UTF_8)) {
                int dash = line.indexOf(" - ");
                if (dash < 0 || !line.startsWith("cgroup2 ", dash + 3)) {
                    continue;
                }
                String[] f = line.substring(0, dash).split(" ");
                if (f.length > 4 && f[3].equals("/")) {
                    Path p = Path.of(unescape(f[4]));
                    if (Files.isDirectory(p)) {
                        return p;
                    }
                }
            }
        } catch (IOException | SecurityException e) {
            return null;
        }
        return null;
    }

    /** This process's cgroup directory: the {@code 0::PATH} line of /proc/self/cgroup under the mount. */
    private static Path ownCgroup(Path mount) {
        try {
            for (String line : Files.readAllLines(SELF, StandardCharsets.UTF_8)) {
                if (line.startsWith("0::")) {
                    String path = line.substring(3);
                    Path dir = path.equals("/") ? mount : mount.resolve(path.substring(1));
                    return Files.isDirectory(dir) ? dir : null;
                }
            }
        } catch (IOException | SecurityException e) {
            return null;
        }
        return null;
    }

    /** mountinfo writes space, tab, newline and backslash in paths as octal escapes ({@code \040}). */
    private static String unescape(String s) {
        var out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
