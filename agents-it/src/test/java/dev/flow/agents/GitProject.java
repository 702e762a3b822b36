package dev.flow.agents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The project an agent works on in these tests: a git repository with {@code greeting.txt} and its
 * tests, {@code test.sh}, which pass once the greeting is polite. The workflow lives in it, so its
 * isolated tasks work in worktrees of it and their changes come back to its branch.
 */
final class GitProject {
    static final String GREETING = "Hello, world\n";
    static final String POLITE = "Hello, dear world\n";

    final Path dir;

    private GitProject(Path dir) {
        this.dir = dir;
    }

    static GitProject create(Path dir) {
        var p = new GitProject(dir);
        p.write("greeting.txt", GREETING);
        p.write("test.sh", "#!/bin/sh\n# The project's tests: the greeting must be polite.\n"
                + "if grep -qx 'Hello, dear world' greeting.txt; then echo 'tests passed'; else echo 'tests failed: greeting.txt says:'; cat greeting.txt; exit 1; fi\n");
        p.git("init", "-q", "-b", "main");
        p.git("add", "-A");
        p.git("commit", "-q", "-m", "A greeting and its tests");
        return p;
    }

    Path write(String name, String text) {
        try {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String read(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Subjects and bodies of the branch's commits, newest first, one string each. */
    List<String> commits() {
        return List.of(git("log", "--format=%B%x00").split("\u0000\n?")).stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** The files the newest commit changed. */
    List<String> filesOfLastCommit() {
        return git("show", "--format=", "--name-only", "HEAD").lines().filter(l -> !l.isBlank()).toList();
    }

    String git(String... args) {
        var command = new ArrayList<String>(List.of("git", "-c", "user.name=Flow test", "-c", "user.email=test@flow.invalid"));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
