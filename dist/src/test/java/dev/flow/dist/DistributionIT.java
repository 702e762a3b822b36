package dev.flow.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.testing.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as a user installs it: unpacked, {@code bin/flow} symlinked into a folder on
 * the PATH, and used from a working directory of its own, far from the install and the repository.
 * Each command starts a JVM (a second or more on a loaded machine).
 */
class DistributionIT {
    @TempDir
    static Path root;
    static Installation flow;
    static Path work;

    @BeforeAll
    static void install() throws IOException, InterruptedException {
        flow = Installation.unpack(root);
        work = Files.createDirectories(root.resolve("work"));
    }

    @Test
    void printsItsVersionThroughTheSymlink() throws Exception {
        Command version = flow.succeeds(work, "--version");
        assertThat(version.out()).startsWith("flow 0.1.0").contains("Java ");
    }

    @Test
    void checksAWorkflowOfTheRepositoryAndOneOfItsOwnExamples() throws Exception {
        Command clean = flow.succeeds(work, "check", Installation.REPOSITORY.resolve("examples/hello.flow").toString());
        assertThat(clean.out() + clean.err()).contains("no problems in 1 file");

        Path invalid = flow.home.resolve("examples/invalid/FLOW306-uncontrolled-cycle.flow");
        assertThat(invalid).exists();
        Command errors = flow.flow(work, "check", invalid.toString());
        assertThat(errors.exit()).as(errors.transcript()).isEqualTo(1);
        assertThat(errors.out() + errors.err()).contains("FLOW306");
    }

    @Test
    void runsHelloInTheWorkingDirectoryAndHandsItselfToTheSteps() throws Exception {
        Command run = flow.succeeds(work, "run", Installation.REPOSITORY.resolve("examples/hello.flow").toString());
        assertThat(run.out() + run.err()).contains("greeted world: 5 letters");
        assertThat(work.resolve(".flow/state.db")).exists();

        // FLOW_BIN, which steps and agents call flow again with, is the installed launcher.
        Path again = work.resolve("again.flow");
        Files.writeString(again, """
                workflow again {
                    task version { sh "\\"$FLOW_BIN\\" --version | head -n 1" }
                    start -> version -> end
                }
                """);
        Command nested = flow.succeeds(work, "run", "again.flow", "--db", "again.db");
        assertThat(nested.out() + nested.err()).contains("flow 0.1.0");

        Command status = flow.succeeds(work, "status");
        assertThat(status.out()).contains("hello").contains("completed");
    }

    @Test
    void makesItsClassDataArchiveOnceAndStartsWithIt() throws Exception {
        flow.succeeds(work, "check", flow.home.resolve("examples/hello.flow").toString());

        // The first start leaves the dump to a background process; wait for what it makes.
        Path archive = awaitArchives(flow.cache.resolve("flow"), 1).get(0);
        assertThat(archive.getFileName().toString()).startsWith("cds-").endsWith(".jsa");

        // -Xshare:on refuses to start unless the archive maps and matches this jar and this Java.
        Map<String, String> env = new HashMap<>(flow.environment());
        env.put("FLOW_JAVA_OPTS", "-Xshare:on");
        Command shared = flow.succeeds(work, env, "check", flow.home.resolve("examples/hello.flow").toString());
        assertThat(shared.err()).doesNotContain("shared archive");

        try (Stream<Path> files = Files.list(flow.cache.resolve("flow"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".jsa")).toList()).as("one archive, made once").hasSize(1);
        }
    }

    /**
     * Two versions of Flow that share a user's cache: each starts quietly before its archive is
     * made, makes one of its own, and starts quietly with an archive that is not its own (the two
     * swapped: a foreign or stale archive under the name it looks for), with a broken one (cut
     * short, or bytes that are no archive), and once its jar has changed. Three dumps run here, each a few
     * seconds on a quiet machine and minutes on a loaded one (niced: about 200 s under {@code
     * stress-ng --cpu 8} on 2 cores).
     */
    @Test
    void startsQuietlyWhateverArchiveItFinds() throws Exception {
        Path shared = Files.createDirectories(root.resolve("shared-cache"));
        Installation other = Installation.unpack(Files.createDirectories(root.resolve("other")));
        Map<String, String> env = new HashMap<>(flow.environment());
        env.put("XDG_CACHE_HOME", shared.toString());
        Map<String, String> otherEnv = new HashMap<>(other.environment());
        otherEnv.put("XDG_CACHE_HOME", shared.toString());
        Path cache = shared.resolve("flow");

        checksQuietly(flow, env);
        Path mine = awaitArchives(cache, 1).get(0);
        checksQuietly(other, otherEnv);
        Path theirs = awaitArchives(cache, 2).stream().filter(a -> !a.equals(mine)).findFirst().orElseThrow();

        // Swapped: each version finds the other's archive under its own name, which the JVM refuses.
        Path aside = Files.move(mine, cache.resolve("aside"));
        Files.move(theirs, mine);
        Files.move(aside, theirs);
        checksQuietly(flow, env);
        checksQuietly(other, otherEnv);

        byte[] archive = Files.readAllBytes(mine);
        Files.write(mine, java.util.Arrays.copyOf(archive, 4096));
        checksQuietly(flow, env);
        Files.writeString(mine, "not an archive\n".repeat(1000));
        checksQuietly(flow, env);

        // An upgrade in place: a jar of another size or time looks for another archive.
        Path jar = other.home.resolve("lib/flow.jar");
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        checksQuietly(other, otherEnv);
        // That start began a third dump: it ends before the test's folder is deleted.
        awaitArchives(cache, 3);
    }

    /** A cache folder that others can write to: no archive is made there, and none is used. */
    @Test
    void neitherMakesNorUsesAnArchiveInAFolderOthersCanWrite() throws Exception {
        Path shared = Files.createDirectories(root.resolve("open-cache"));
        Path cache = Files.createDirectories(shared.resolve("flow"));
        Files.setPosixFilePermissions(cache, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Map<String, String> env = new HashMap<>(flow.environment());
        env.put("XDG_CACHE_HOME", shared.toString());

        checksQuietly(flow, env);
        // The launcher decides before it starts Java: had it started a dump, its lock would be here now.
        try (Stream<Path> files = Files.list(cache)) {
            assertThat(files.toList()).isEmpty();
        }
    }

    /** {@code flow check} of a clean workflow: exit 0, and nothing on stderr but its summary. */
    private void checksQuietly(Installation installation, Map<String, String> env) throws Exception {
        Command check = installation.succeeds(work, env, "check", Installation.REPOSITORY.resolve("examples/hello.flow").toString());
        assertThat(check.err().strip()).as(check.transcript()).isEqualTo("no problems in 1 file");
    }

    private static List<Path> archives(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".jsa")).sorted().toList();
        }
    }

    @Test
    void saysWhatToInstallWhenThereIsNoJava17() throws Exception {
        Path tools = toolsWithoutJava();
        Map<String, String> none = Map.of("PATH", flow.pathDir + ":" + tools, "HOME", root.toString());
        Command missing = flow.flow(work, none, "--version");
        assertThat(missing.exit()).as(missing.transcript()).isEqualTo(2);
        assertThat(missing.err()).contains("Flow needs Java 17 or newer").contains("no java on the PATH").contains("JAVA_HOME");

        Path old = Files.createDirectories(root.resolve("jdk-11/bin"));
        Files.writeString(old.resolveSibling("release"), "JAVA_VERSION=\"11.0.2\"\n");
        Path java = Files.writeString(old.resolve("java"), "#!/bin/sh\necho 'openjdk version \"11.0.2\"' >&2\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Map<String, String> tooOld = Map.of("PATH", flow.pathDir + ":" + tools, "HOME", root.toString(), "JAVA_HOME", old.getParent().toString());
        Command refused = flow.flow(work, tooOld, "--version");
        assertThat(refused.exit()).as(refused.transcript()).isEqualTo(2);
        assertThat(refused.err()).contains(java + " is Java 11").contains("Java 17 or newer");
    }

    /** A PATH folder with the POSIX tools the launcher uses, and no java. */
    private static Path toolsWithoutJava() throws IOException {
        Path tools = Files.createDirectories(root.resolve("tools"));
        for (String tool : List.of("sh", "readlink", "ls", "dirname", "basename", "sed", "head", "cksum", "tr", "cat", "mkdir", "nice", "mv", "rm")) {
            Path link = tools.resolve(tool);
            if (!Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(link, which(tool));
            }
        }
        return tools;
    }

    private static Path which(String tool) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError(tool + " is not on the PATH");
    }

    /**
     * The archives in {@code dir} once there are {@code count}, waiting for as long as a dump is under
     * way there (its lock, or its partial file): the launcher runs a dump niced beside the command,
     * seconds on a quiet machine and minutes on one loaded several times over, so the wait follows the
     * dump rather than a time. Fails as soon as no dump is under way and the archives are not there.
     */
    private static List<Path> awaitArchives(Path dir, int count) {
        // The patience only bounds a dump that hangs; the wait ends with the dump, whatever it takes.
        return Poll.value(count + " class-data sharing archive(s) in " + dir, Duration.ofMinutes(45), () -> {
            List<Path> found = archives(dir);
            if (found.size() >= count) {
                return found;
            }
            if (dumping(dir)) {
                return null;
            }
            found = archives(dir); // the dump may have put its archive in place since the first look
            if (found.size() >= count) {
                return found;
            }
            throw new AssertionError("no dump is under way in " + dir + ", and it holds " + listing(dir) + ", not " + count + " archive(s)");
        });
    }

    /** Whether a dump is under way in {@code dir}: its lock is there, or the archive it is writing (the lock goes first). */
    private static boolean dumping(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).anyMatch(name -> name.endsWith(".lock") || name.endsWith(".partial"));
        }
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
