package dev.flow.frontend;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * A workflow file as read from disk: its path, the name used in messages, and its text (decoded as
 * UTF-8; a file that is not UTF-8 is refused before any front end sees it).
 *
 * @param path the file on disk; may be null for text that came from elsewhere (an editor buffer)
 * @param displayName how messages name the file: the path as the user gave it
 */
public record SourceFile(Path path, String displayName, String text) {
    public SourceFile {
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(text, "text");
    }

    /** The file's extension in lower case, without the dot; empty when it has none. */
    public String extension() {
        String name = path != null ? path.getFileName().toString() : displayName;
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
