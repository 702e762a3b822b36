package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the repository's files are, seen from the examples module (Maven runs tests in the module's folder). */
final class Repository {
    private Repository() {}

    static Path root() {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve("docs/diagnostics.md")).as("the repository root, expected above %s", Path.of("").toAbsolutePath()).isRegularFile();
        return root;
    }

    static Path resolve(String relative) {
        return root().resolve(relative);
    }

    /** A path as the repository names it, with forward slashes: {@code examples/invalid/FLOW306-uncontrolled-cycle.flow}. */
    static String relative(Path file) {
        return root().relativize(file.toAbsolutePath()).toString().replace('\\', '/');
    }

    static String read(String relative) {
        try {
            return Files.readString(resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
