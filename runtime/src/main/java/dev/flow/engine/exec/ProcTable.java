package dev.flow.engine.exec;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The live processes of this machine as Linux's {@code /proc} shows them: each one's parent, process
 * group, session and start time, and whether its environment carries a given variable. Reads are
 * bounded: one line of {@code stat} per process and at most {@link #ENVIRON_MAX} bytes of its
 * environment. Processes of other users whose environment cannot be read, and processes that exit
 * while being read, are simply skipped.
 */
final class ProcTable {
    private ProcTable() {}

    private static final Path PROC = Path.of("/proc");

    /** More than any environment the kernel lets a program start with (its limit is a quarter of the stack, 2 MiB by default). */
    static final int ENVIRON_MAX = 4 * 1024 * 1024;

    /** A stat line is about 300 bytes: 52 numbers and a command name of at most 64 characters. */
    private static final int STAT_MAX = 2048;

    /**
     * One process.
     *
     * @param startTime the kernel's start time of the process (clock ticks since boot): with the pid,
     *     it names one process even when the pid is reused later
     */
    record Proc(long pid, long ppid, long pgrp, long session, long startTime) {}

    /** Whether this machine has a {@code /proc} to read. */
    static boolean available() {
        return Files.isReadable(PROC.resolve("self/stat"));
    }

    /** Every process that has not exited (zombies left out), in no particular order; empty without /proc. */
    static List<Proc> scan() {
        var out = new ArrayList<Proc>();
        try (var entries = Files.newDirectoryStream(PROC)) {
            for (Path p : entries) {
                long pid = pidOf(p.getFileName().toString());
                if (pid > 0) {
                    stat(pid).ifPresent(out::add);
                }
            }
        } catch (IOException | SecurityException e) {
            return out;
        }
        return out;
    }

    /** One process's line of {@code /proc/PID/stat}; empty when it is gone or is a zombie. */
    static Optional<Proc> stat(long pid) {
        String line;
        // A plain stream: half the cost of Files.readString on /proc, which a sweep pays per process.
        try (InputStream in = new FileInputStream("/proc/" + pid + "/stat")) {
            line = new String(in.readNBytes(STAT_MAX), StandardCharsets.ISO_8859_1);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses, so read after the last ')'.
        int close = line.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        String[] f = line.substring(close + 2).split(" ");
        if (f.length < 20 || f[0].equals("Z") || f[0].equals("X")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Proc(pid, Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[19])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Whether the process's environment holds the entry {@code NAME=VALUE} exactly (given as those bytes). */
    static boolean hasEnvironmentEntry(long pid, byte[] entry) {
        try (InputStream in = new FileInputStream("/proc/" + pid + "/environ")) {
            byte[] env = in.readNBytes(ENVIRON_MAX);
            return indexOfEntry(env, entry) >= 0;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** Where {@code entry} starts at the beginning of a NUL-separated entry of {@code env} and ends with it; -1 if nowhere. */
    static int indexOfEntry(byte[] env, byte[] entry) {
        int start = 0;
        while (start < env.length) {
            int end = start;
            while (end < env.length && env[end] != 0) {
                end++;
            }
            if (end - start == entry.length && Arrays.equals(env, start, end, entry, 0, entry.length)) {
                return start;
            }
            start = end + 1;
        }
        return -1;
    }

    private static long pidOf(String name) {
        if (name.isEmpty() || name.length() > 18) {
            return -1;
        }
        long pid = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            pid = pid * 10 + (c - '0');
        }
        return pid;
    }
}
