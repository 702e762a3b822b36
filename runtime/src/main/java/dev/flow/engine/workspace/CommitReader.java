package dev.flow.engine.workspace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads one commit of a target repository for a person to see (the studio's "what changed"): its
 * message, the files it touched and its diff. Read-only and safe on a repository a step wrote to: the
 * git settings of {@link Git} (no hooks, no file system monitor), no pager, no external diff and no
 * textconv (both would run a program a step's {@code .gitattributes} names), paths unquoted; the
 * commit must be a full hash, never an option or a revision expression.
 */
public final class CommitReader {
    private static final Pattern HASH = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final List<String> SAFE = List.of("-c", "core.quotepath=off", "-c", "core.pager=cat", "--no-pager");

    private CommitReader() {}

    /**
     * A commit as git shows it.
     *
     * @param files each touched file as {@code STATUS\tPATH} ({@code M}, {@code A}, {@code D}, {@code R100\tOLD\tNEW}...)
     * @param diff the patch, at most {@code maxChars} characters of it
     * @param truncated whether the patch was longer and cut
     */
    public record Commit(String hash, String subject, List<String> files, String diff, boolean truncated) {}

    /**
     * Reads {@code commit} in the repository holding {@code folder}.
     *
     * @throws GitException when git cannot (no repository, no such commit: it may have been collected)
     */
    public static Commit read(Path folder, String commit, int maxChars) {
        if (commit == null || !HASH.matcher(commit).matches()) {
            throw new GitException("\"" + commit + "\" is not a commit hash");
        }
        Git git = new Git(folder, Map.of());
        String subject = git.ok(args("log", "-1", "--format=%s", commit, "--"));
        var files = new ArrayList<String>();
        for (String line : git.raw(args("diff-tree", "--no-commit-id", "-r", "--root", "-M", "--name-status", commit, "--")).split("\n")) {
            if (!line.isBlank()) {
                files.add(line);
            }
        }
        String diff = git.raw(args("show", "--no-ext-diff", "--no-textconv", "--no-color", "--format=", "-M", "--root", commit, "--"));
        boolean truncated = diff.length() > maxChars;
        return new Commit(commit, subject, files, truncated ? diff.substring(0, maxChars) : diff, truncated);
    }

    private static String[] args(String... command) {
        var all = new ArrayList<String>(SAFE);
        all.addAll(List.of(command));
        return all.toArray(String[]::new);
    }
}
