package dev.flow.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Small real file systems for tests of full and read-only disks: a tmpfs of a given size mounted on
 * a test's folder, which can be made read-only. Mounting needs root (and a kernel that lets the
 * container do it); {@link #available} says whether this machine can, so that tests that need one
 * can say why they did not run.
 */
final class Mounts implements AutoCloseable {
    private final Path at;

    private Mounts(Path at) {
        this.at = at;
    }

    /** Why a tmpfs cannot be mounted here, or null when one can. */
    static String unavailable(Path probe) {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "mounting a tmpfs needs root, and these tests run as " + System.getProperty("user.name");
        }
        try (var m = tmpfs(probe, "64k")) {
            return null;
        } catch (IOException e) {
            return "cannot mount a tmpfs here: " + e.getMessage();
        }
    }

    /** A tmpfs of {@code size} (as mount takes it: 512k, 1m) on the folder {@code at}. */
    static Mounts tmpfs(Path at, String size) throws IOException {
        run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString());
        return new Mounts(at);
    }

    /** Makes the file system read-only. */
    void readOnly() throws IOException {
        run("mount", "-o", "remount,ro", at.toString());
    }

    @Override
    public void close() throws IOException {
        run("umount", at.toString());
    }

    private static void run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + ": " + new String(p.getInputStream().readAllBytes()).strip());
        }
    }
}
