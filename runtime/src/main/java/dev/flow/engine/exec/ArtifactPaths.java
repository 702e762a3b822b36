package dev.flow.engine.exec;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Where the runtime's files go under the artifacts folder, and the guard that keeps them there: a
 * run's folder is {@code artifacts/EXECUTION/NODE/ITERATION-ATTEMPT/}, large kv values go to
 * {@code artifacts/EXECUTION/kv/SCOPE/}. Every name becomes one short, safe folder or file name
 * ({@link #component}), and every path, built here or read back from the database, is normalised
 * and refused when it is not inside the folder: defence in depth behind the checker's FLOW107, for
 * graphs and databases that did not go through it.
 */
public final class ArtifactPaths {
    /** Longer names (a child execution twenty subgraphs deep, a long node id) are cut and hashed. */
    public static final int MAX_COMPONENT = 64;
    /** The feedback an agent's attempt was given (what its previous attempt got wrong), beside its {@code prompt.txt}. */
    public static final String FEEDBACK_FILE = "feedback.txt";
    private static final int KEPT = 40;
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private final Path root;

    public ArtifactPaths(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** The folder of an execution's files. */
    public Path executionDir(String executionId) {
        return inside(root.resolve(component(executionId)));
    }

    /** The folder of one run of a node. */
    public Path runDir(String executionId, String nodeId, int iteration, int attempt) {
        return inside(root.resolve(component(executionId)).resolve(component(nodeId)).resolve(iteration + "-" + attempt));
    }

    /** The folder of an execution's large kv values of one scope (a node id, or the run's). */
    public Path kvDir(String executionId, String scope) {
        return inside(root.resolve(component(executionId)).resolve("kv").resolve(component(scope)));
    }

    /** A path the database keeps, relative to the folder, resolved; refused when it leads outside. */
    public Path resolve(String relative) {
        return inside(root.resolve(relative));
    }

    /** How the database keeps a path of this folder. */
    public String relative(Path file) {
        return root.relativize(inside(file)).toString();
    }

    /** {@code path}, normalised, if it is inside the folder; else an error that names both. */
    public Path inside(Path path) {
        Path normal = path.toAbsolutePath().normalize();
        if (!normal.startsWith(root) || normal.equals(root)) {
            throw new IllegalStateException("refused to use " + path + ": Flow keeps its files inside " + root);
        }
        return normal;
    }

    /**
     * A name as one folder or file name: itself when it is plain (letters, digits, {@code _ - .},
     * no leading dot, no {@code ..}) and at most {@value #MAX_COMPONENT} characters; otherwise its
     * first plain characters and a hash of the whole, so that two names never share a folder and
     * none grows without end.
     */
    public static String component(String name) {
        if (name.length() <= MAX_COMPONENT && PLAIN.matcher(name).matches() && !name.contains("..")) {
            return name;
        }
        String plain = name.replaceAll("[^A-Za-z0-9._-]", "_").replace("..", "_").replaceFirst("^\\.+", "");
        String kept = plain.length() > KEPT ? plain.substring(0, KEPT) : plain;
        return (kept.isEmpty() ? "" : kept + "-") + hash(name);
    }

    private static String hash(String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
