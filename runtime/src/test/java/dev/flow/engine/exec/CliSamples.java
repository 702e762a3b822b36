package dev.flow.engine.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** What the real CLIs printed, captured by agents-it against its model server: the resources under {@code cli/}. */
final class CliSamples {
    private CliSamples() {}

    static String read(String name) {
        try (InputStream in = CliSamples.class.getResourceAsStream("cli/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample cli/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
