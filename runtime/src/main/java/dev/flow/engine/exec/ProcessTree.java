package dev.flow.engine.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts processes in a process group of their own and kills whole trees. On Linux a process is
 * started through {@code setsid}, which makes it the leader of a new group without changing its
 * pid, so that {@code kill -KILL -PGID} reaches every descendant, even those whose parent already
 * exited; the descendants Java can see are killed too, which is all there is where {@code setsid}
 * does not exist.
 */
final class ProcessTree {
    private ProcessTree() {}

    private static final Path SETSID = findSetsid();

    private static Path findSetsid() {
        for (String p : List.of("/usr/bin/setsid", "/bin/setsid")) {
            Path path = Path.of(p);
            if (Files.isExecutable(path)) {
                return path;
            }
        }
        return null;
    }

    /** The argv to start so that the program leads its own process group. */
    static List<String> grouped(List<String> argv) {
        if (SETSID == null) {
            return argv;
        }
        var out = new java.util.ArrayList<String>(argv.size() + 1);
        out.add(SETSID.toString());
        out.addAll(argv);
        return out;
    }

    /** Kills the process, its group and every descendant. */
    static void kill(Process process) {
        ProcessHandle root = process.toHandle();
        List<ProcessHandle> descendants = root.descendants().toList();
        if (SETSID != null) {
            killGroup(root.pid());
        }
        root.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    private static void killGroup(long pgid) {
        try {
            Process k = new ProcessBuilder("kill", "-KILL", "--", "-" + pgid)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            k.waitFor(5, TimeUnit.SECONDS);
        } catch (java.io.IOException e) {
            // no kill program: the descendants Java sees are killed one by one instead
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Kills the processes left behind by a worker that died: every process whose environment carries
     * {@code FLOW_RUN_TOKEN=token}. Reads {@code /proc}; does nothing where there is none.
     */
    static int killByToken(String token) {
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) {
            return 0;
        }
        byte[] needle = ("FLOW_RUN_TOKEN=" + token + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int killed = 0;
        try (var entries = Files.list(proc)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    byte[] env = Files.readAllBytes(p.resolve("environ"));
                    if (indexOf(env, needle) >= 0) {
                        ProcessHandle.of(Long.parseLong(name)).ifPresent(ProcessHandle::destroyForcibly);
                        killed++;
                    }
                } catch (java.io.IOException | SecurityException e) {
                    // another user's process, or one that just exited
                }
            }
        } catch (java.io.IOException e) {
            return killed;
        }
        return killed;
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            if (i > 0 && hay[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
