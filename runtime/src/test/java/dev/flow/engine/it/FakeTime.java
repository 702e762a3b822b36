package dev.flow.engine.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * libfaketime, which sets a process's clock apart from the machine's: loaded with {@code LD_PRELOAD},
 * it answers the C library's time calls (the JVM's {@code System.currentTimeMillis} among them) with
 * {@code FAKETIME} added. Debian's package {@code faketime} has it; this installs it when it is
 * missing ({@code tools/apt-install.sh}), as the PostgreSQL tests install the server.
 */
final class FakeTime {
    private FakeTime() {}

    /** The library, installed first when missing; fails with what to install when it cannot be. */
    static Path library() throws IOException, InterruptedException {
        Optional<Path> found = find();
        if (found.isEmpty()) {
            Path script = dev.flow.store.TestPostgres.repoRoot().resolve("tools/apt-install.sh");
            Process p = new ProcessBuilder(script.toString(), "faketime").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
            }
            found = find();
        }
        Path library = found.orElseThrow(() -> new IllegalStateException(
                "the clock test needs libfaketime, and it could not be installed here: install Debian's package faketime (apt-get install faketime)"));
        // a library that loads but fakes nothing would make the clock test pass for nothing
        var date = new ProcessBuilder("date", "+%s");
        date.environment().putAll(hourAhead(library));
        Process p = date.redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes()).strip();
        p.waitFor();
        long ahead = Long.parseLong(said) - System.currentTimeMillis() / 1000;
        if (Math.abs(ahead - 3600) > 60) {
            throw new IllegalStateException(library + " did not set a clock an hour ahead (date said " + said + ", " + ahead + " s ahead)");
        }
        return library;
    }

    /** The environment that sets a child's clock an hour ahead. */
    static Map<String, String> hourAhead(Path library) {
        return Map.of("LD_PRELOAD", library.toString(), "FAKETIME", "+1h");
    }

    private static Optional<Path> find() throws IOException {
        for (Path lib : new Path[] {Path.of("/usr/lib"), Path.of("/usr/lib64"), Path.of("/usr/local/lib")}) {
            if (!Files.isDirectory(lib)) {
                continue;
            }
            try (Stream<Path> files = Files.find(lib, 3, (f, a) -> f.getFileName().toString().equals("libfaketime.so.1"))) {
                Optional<Path> any = files.findFirst();
                if (any.isPresent()) {
                    return any;
                }
            }
        }
        return Optional.empty();
    }
}
