package dev.flow.model;

import java.util.Optional;

/**
 * What a node id may hold. Node ids name the folders where a node's files go
 * ({@code artifacts/EXECUTION/NODE/...}) and parts of child execution ids, so an id must not be able
 * to step out of its folder or hide in a name: no {@code /} or {@code \}, no {@code ..}, not
 * {@code .} alone, no NUL or other control character. The checker refuses such ids whatever front
 * end wrote them (FLOW107); the runtime maps every id to a safe folder name anyway.
 */
public final class NodeIds {
    private NodeIds() {}

    /** What is wrong with {@code id} as a node id, as the end of a sentence ("holds ..."); empty when nothing is. */
    public static Optional<String> problem(String id) {
        if (id.equals(".")) {
            return Optional.of("is \".\", the name of the folder it is in");
        }
        if (id.contains("..")) {
            return Optional.of("holds \"..\", which names the folder above");
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c == '/' || c == '\\') {
                return Optional.of("holds \"" + c + "\", which separates folders");
            }
            if (Character.isISOControl(c)) {
                return Optional.of(String.format("holds the control character U+%04X", (int) c));
            }
        }
        return Optional.empty();
    }
}
