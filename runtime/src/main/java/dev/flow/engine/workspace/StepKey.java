package dev.flow.engine.workspace;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One run of one node, as isolation names it: in the {@code Flow-Step} trailer of the commit it
 * applies ({@code EXECUTION/NODE/ITERATION-ATTEMPT}), in its git refs and in its worktree's folder.
 * A resumed node runs again with the same iteration and attempt, so it finds what its earlier run
 * left under the same names.
 */
public record StepKey(String executionId, String nodeId, int iteration, int attempt) {

    /** The git trailer that marks a commit as this step's. */
    public static final String TRAILER = "Flow-Step";

    /** {@code EXECUTION/NODE/ITERATION-ATTEMPT}, the trailer's value. */
    public String trailerValue() {
        return executionId + "/" + nodeId + "/" + iteration + "-" + attempt;
    }

    /** {@code NODE-ITERATION-ATTEMPT} as a file or ref name component. */
    String leaf() {
        return component(nodeId) + "-" + iteration + "-" + attempt;
    }

    /** {@code refs/flow/EXECUTION}: where the refs of this step's execution live. */
    String executionRefs() {
        return "refs/flow/" + component(executionId);
    }

    /**
     * A name as one component of a path or a git ref: letters, digits, {@code _}, {@code -} and
     * single dots, never starting with a dot or ending with {@code .lock}. A name that had to change
     * gets a short hash of the original, so that two names never meet.
     */
    static String component(String name) {
        var sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean plain = c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-');
            boolean dot = c == '.' && i > 0 && name.charAt(i - 1) != '.';
            sb.append(plain || dot ? c : '_');
        }
        String safe = sb.toString();
        if (safe.endsWith(".lock") || safe.endsWith(".")) {
            safe = safe + "_";
        }
        return safe.equals(name) && !name.isEmpty() ? name : safe + "-" + shortHash(name);
    }

    private static String shortHash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
