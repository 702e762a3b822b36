package dev.flow.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The distribution archive installed as its INSTALL.md says: unpacked with {@code tar} into
 * {@code opt/}, and {@code bin/flow} linked into a folder of its own that goes first on the PATH,
 * with a home and a cache folder of its own.
 */
final class Installation {
    /** The archive the build made (failsafe passes its path). */
    static final Path ARCHIVE = Path.of(System.getProperty("flow.distribution", "target/flow-0.1.0-SNAPSHOT.tar.gz")).toAbsolutePath();
    /** The repository checkout, for its examples. */
    static final Path REPOSITORY = Path.of(System.getProperty("flow.repository", "..")).toAbsolutePath().normalize();

    final Path home;
    final Path pathDir;
    final Path cache;
    private final Path root;

    private Installation(Path root, Path home) {
        this.root = root;
        this.home = home;
        this.pathDir = root.resolve("path");
        this.cache = root.resolve("cache");
    }

    static Installation unpack(Path root) throws IOException, InterruptedException {
        Path opt = Files.createDirectories(root.resolve("opt"));
        Command tar = Command.run(root, Map.of("PATH", System.getenv("PATH")), List.of("tar", "xzf", ARCHIVE.toString(), "-C", opt.toString()));
        if (tar.exit() != 0) {
            throw new AssertionError("tar could not unpack " + ARCHIVE + "\n" + tar.transcript());
        }
        Path home;
        try (Stream<Path> top = Files.list(opt)) {
            home = top.findFirst().orElseThrow(() -> new AssertionError(ARCHIVE + " is empty"));
        }
        Installation installation = new Installation(root, home);
        Files.createDirectories(installation.pathDir);
        Files.createSymbolicLink(installation.pathDir.resolve("flow"), home.resolve("bin").resolve("flow"));
        return installation;
    }

    /** A user's environment: the PATH folder with the symlink first, a home and a cache of this test's own. */
    Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", pathDir + ":" + System.getenv("PATH"));
        env.put("HOME", root.toString());
        env.put("XDG_CACHE_HOME", cache.toString());
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null) {
            env.put("JAVA_HOME", javaHome);
        }
        return env;
    }

    /** {@code flow ARGS...} typed into a shell in {@code dir}, found on the PATH. */
    Command flow(Path dir, String... args) throws IOException, InterruptedException {
        return flow(dir, environment(), args);
    }

    /** {@code flow ARGS...} as {@link #flow(Path, String...)}, which must exit 0. */
    Command succeeds(Path dir, String... args) throws IOException, InterruptedException {
        return succeeds(dir, environment(), args);
    }

    Command succeeds(Path dir, Map<String, String> env, String... args) throws IOException, InterruptedException {
        Command done = flow(dir, env, args);
        assertThat(done.exit()).as(done.transcript()).isZero();
        return done;
    }

    Command flow(Path dir, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> words = new ArrayList<>(List.of("sh", "-c", "exec flow \"$@\"", "sh"));
        words.addAll(List.of(args));
        return Command.run(dir, env, words);
    }
}
