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

        // The first start leaves the dump to a background process; wait for what it makes (a
        // bound for a broken dump, not a measure: it takes 5 to 30 s here).
        Path archive = awaitArchive(flow.cache.resolve("flow"));
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

    private static Path awaitArchive(Path dir) {
        return Poll.value("a class-data sharing archive in " + dir, Duration.ofMinutes(5), () -> {
            if (!Files.isDirectory(dir)) {
                return null;
            }
            try (Stream<Path> files = Files.list(dir)) {
                return files.filter(f -> f.toString().endsWith(".jsa")).findFirst().orElse(null);
            }
        });
    }
}
