package dev.flow.engine.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The content of paths in commits, in the index and in the working tree of a repository, as git
 * object ids, so that Flow can tell whether a file is exactly what a commit holds. Two git
 * processes whatever the number of paths ({@code cat-file --batch-check}, {@code hash-object
 * --stdin-paths}); the working tree is hashed through the repository's filters, as git compares it.
 */
final class Blobs {
    /** Marks content that can never equal a blob: a folder where a file is expected, a path git cannot take on a line. */
    static final String UNKNOWN = "?";

    private final Map<String, String> ids;

    private Blobs(Map<String, String> ids) {
        this.ids = ids;
    }

    /**
     * Reads {@code paths} in each of {@code commits} (the index when a commit is {@code ""}) and in
     * the working tree of {@code git}'s folder.
     */
    static Blobs read(Git git, List<String> paths, List<String> commits) {
        var ids = new HashMap<String, String>();
        var queries = new ArrayList<String>();
        var lines = new StringBuilder();
        for (String p : paths) {
            for (String c : commits) {
                if (p.indexOf('\n') >= 0) {
                    ids.put(key(c, p), UNKNOWN);
                } else {
                    queries.add(key(c, p));
                    lines.append(c).append(':').append(p).append('\n');
                }
            }
        }
        if (!queries.isEmpty()) {
            String out = git.ok(Git.DEFAULT_TIMEOUT, lines.toString(), List.of("cat-file", "--batch-check"));
            List<String> answers = out.lines().toList();
            for (int i = 0; i < queries.size(); i++) {
                String answer = i < answers.size() ? answers.get(i) : "";
                String[] words = answer.split(" ");
                ids.put(queries.get(i), words.length == 3 && !answer.endsWith(" missing") ? words[0] : null);
            }
        }
        readWorkingTree(git, paths, ids);
        return new Blobs(ids);
    }

    private static void readWorkingTree(Git git, List<String> paths, Map<String, String> ids) {
        var files = new ArrayList<String>();
        for (String p : paths) {
            Path f = git.dir().resolve(p);
            if (Files.isSymbolicLink(f)) {
                ids.put(key(null, p), symlink(git, f));
            } else if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
                ids.put(key(null, p), null);
            } else if (!Files.isRegularFile(f) || p.indexOf('\n') >= 0) {
                ids.put(key(null, p), UNKNOWN);
            } else {
                files.add(p);
            }
        }
        if (files.isEmpty()) {
            return;
        }
        String out = git.ok(Git.DEFAULT_TIMEOUT, String.join("\n", files) + "\n", List.of("hash-object", "--stdin-paths"));
        List<String> hashes = out.lines().toList();
        for (int i = 0; i < files.size(); i++) {
            ids.put(key(null, files.get(i)), i < hashes.size() ? hashes.get(i) : UNKNOWN);
        }
    }

    /** A symbolic link is stored as a blob of its target's name. */
    private static String symlink(Git git, Path link) {
        try {
            String target = Files.readSymbolicLink(link).toString();
            return git.ok(Git.DEFAULT_TIMEOUT, target, List.of("hash-object", "--stdin"));
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    private static String key(String commit, String path) {
        return (commit == null ? "\0worktree" : commit) + "\0" + path;
    }

    /** The blob of {@code path} in {@code commit} ({@code ""} for the index); null when absent. */
    String in(String commit, String path) {
        return ids.get(key(commit, path));
    }

    /** The blob the working tree's file would be; null when there is no file. */
    String inWorkingTree(String path) {
        return ids.get(key(null, path));
    }

    /** Whether both the index and the working tree hold exactly what {@code commit} holds at {@code path}. */
    boolean cleanAgainst(String commit, String path) {
        String expected = in(commit, path);
        return Objects.equals(inWorkingTree(path), expected) && Objects.equals(in("", path), expected);
    }
}
