package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.exec.Bubblewrap;
import dev.flow.model.Sandbox;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Steps in a sandbox, run by the real bubblewrap (the build installs Debian's package when it is
 * missing): a sandboxed process writes in its working directory, its artifact folder and a private
 * /tmp, and nowhere else (it does not even see the run's database: {@link SandboxDatabaseTest}); offline, it has no network; without bwrap on PATH
 * the step fails, saying what to install, and its command never runs.
 */
class SandboxedProcessesTest {
    @TempDir
    Path dir;

    private static final Sandbox ON = new Sandbox(true, true, List.of(), null);
    private static final Sandbox OFFLINE = new Sandbox(true, false, List.of(), null);

    /** Tries each kind of write and prints a line for each that worked. */
    private static String tryWrites(String homeFile) {
        return "echo in > inside.txt; "
                + "echo art > \"$FLOW_ARTIFACTS_DIR/art.txt\"; "
                + "echo tmp > /tmp/private.txt && cp /tmp/private.txt tmp-copy.txt; "
                + "{ echo garbage >> \"$DBFILE\"; } 2>/dev/null; [ -f \"$DBFILE\" ] && echo db-visible; [ -s \"$DBFILE\" ] && echo db-readable; "
                + "{ echo out > \"$OUTSIDE\"; } 2>/dev/null && echo outside-written; "
                + "{ echo out > ../outside.txt; } 2>/dev/null; "
                + "{ echo home > \"$HOME/" + homeFile + "\"; } 2>/dev/null && echo home-written; "
                + "echo finished";
    }

    @Test
    void aSandboxedTaskWritesInItsWorkingDirectoryArtifactsAndTmpAndNowhereElseNotEvenTheDatabase() throws Exception {
        Files.createDirectories(dir.resolve("work"));
        String homeFile = "flow-sandbox-" + UUID.randomUUID();
        Path home = Path.of(System.getProperty("user.home")).resolve(homeFile);
        // The temporary folder is under /tmp, which a sandbox replaces with its own: a real folder outside it is the build's.
        Path outside = Path.of("target").toAbsolutePath().resolve(homeFile + ".txt");
        try (var h = new Harness(dir)) {
            var g = GraphBuilder.workflow("w").sh("t", tryWrites(homeFile)).cwdAndEnv("t", "work", Map.of("OUTSIDE", outside.toString(), "DBFILE",
                    h.store.address())).sandbox(ON).chain("start", "t", "end").graph();
            String id = h.start(g);
            try {
                assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
                String stdout = Files.readString(artifacts(h, id).resolve("stdout.log"));
                // A build under /tmp (a clone there) has its target/ inside the sandbox's private /tmp: the write
                // lands there, in memory, and never on disk, which is what the assertion on the file below shows.
                assertThat(stdout).contains("finished").doesNotContain("home-written", "db-visible", "db-readable");
                if (!outside.startsWith("/tmp")) {
                    assertThat(stdout).doesNotContain("outside-written");
                }
                assertThat(dir.resolve("work/inside.txt")).hasContent("in");
                assertThat(artifacts(h, id).resolve("art.txt")).hasContent("art");
                assertThat(dir.resolve("work/tmp-copy.txt")).hasContent("tmp");
                assertThat(outside).doesNotExist();
                assertThat(dir.resolve("outside.txt")).as("a write elsewhere under /tmp lands in the private /tmp").doesNotExist();
                assertThat(home).doesNotExist();
                assertThat(Path.of("/tmp/private.txt")).as("the sandbox's /tmp is its own").doesNotExist();
            } finally {
                Files.deleteIfExists(home);
                Files.deleteIfExists(outside);
            }
        }
    }

    /** Issue 19: a sandboxed step read other runs' prompts and logs in the artifacts folder. */
    @Test
    void aSandboxedStepSeesItsOwnRunsArtifactsAndNotAnotherRuns() throws Exception {
        try (var h = new Harness(dir)) {
            Path other = Files.createDirectories(h.store.artifactsDir().resolve("another-run/t/1-1"));
            Files.writeString(other.resolve("prompt.txt"), "another run's secret");
            var g = GraphBuilder.workflow("w").sh("t", "echo mine > \"$FLOW_ARTIFACTS_DIR/art.txt\"; ls \"$FLOW_ARTIFACTS_DIR/../..\" > /dev/null || exit 3;"
                    + " if cat \"" + other.resolve("prompt.txt") + "\" 2>/dev/null; then echo read-another-run; fi; echo finished")
                    .sandbox(ON).chain("start", "t", "end").graph();
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readString(artifacts(h, id).resolve("stdout.log"))).contains("finished").doesNotContain("read-another-run", "secret");
            assertThat(artifacts(h, id).resolve("art.txt")).hasContent("mine");
            assertThat(other.resolve("prompt.txt")).hasContent("another run's secret");
        }
    }

    @Test
    void withoutASandboxTheSameTaskWritesOutsideItsDirectory() throws Exception {
        Files.createDirectories(dir.resolve("work"));
        var g = GraphBuilder.workflow("w").sh("t", "{ echo out > ../outside.txt; } 2>/dev/null && echo outside-written")
                .cwdAndEnv("t", "work", Map.of()).sandbox(ON).sandbox("t", Sandbox.none(null)).chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            assertThat(h.run(g).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(dir.resolve("outside.txt")).hasContent("out");
        }
    }

    /**
     * Issue 19, item 13: a workflow in a folder under /tmp (any checkout there). The folders above
     * its working directory are read-only in the sandbox, as they are anywhere else, not empty
     * folders of the private /tmp where a write seems to work and the example's probe says
     * "escaped!".
     */
    @Test
    void underTmpTheFoldersAboveTheWorkAreReadOnlyToo() throws Exception {
        Path top = Files.createTempDirectory(Path.of("/tmp"), "flow-sandbox-test");
        try {
            Files.createDirectories(top.resolve("project/work"));
            Files.writeString(top.resolve("project/README"), "the project\n");
            // as examples/sandboxed.flow does: the step works in the workflow's folder and tries the folder above it
            var g = GraphBuilder.workflow("w").sh("t", "cat README > work/seen.txt; if touch ../above.txt 2>/dev/null; then echo escaped; exit 1; fi")
                    .sandbox(ON).chain("start", "t", "end").graph();
            try (var h = new Harness(top.resolve("project"))) {
                RunResult r = h.run(g);
                assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
                assertThat(top.resolve("project/work/seen.txt")).hasContent("the project");
            }
        } finally {
            try (var all = Files.walk(top)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void anOfflineSandboxHasOnlyLoopback() throws Exception {
        var g = GraphBuilder.workflow("w").sh("off", "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' > off.txt").sandbox("off", OFFLINE)
                .sh("on", "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' > on.txt").sandbox("on", ON)
                .chain("start", "off", "on", "end").graph();
        try (var h = new Harness(dir)) {
            assertThat(h.run(g).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readAllLines(dir.resolve("off.txt"))).containsExactly("lo");
            List<String> host = Files.readAllLines(Path.of("/proc/net/dev")).stream().skip(2).map(l -> l.substring(0, l.indexOf(':')).strip()).toList();
            assertThat(Files.readAllLines(dir.resolve("on.txt"))).containsExactlyElementsOf(host);
        }
    }

    @Test
    void anAgentsSandboxHoldsTheTasksThatRunIt() throws Exception {
        // A tiny agent: it reads its prompt, tries to write outside, and says what its pid 1 is (bwrap in a sandbox).
        String agent = "cat > /dev/null; { echo out > ../outside.txt; } 2>/dev/null;"
                + " printf '{\"output\": \"done\", \"summary\": \"pid 1 is %s\"}\\n' \"$(cat /proc/1/comm)\"";
        Files.createDirectories(dir.resolve("work"));
        var g = GraphBuilder.workflow("w").agentDef("boxed", List.of("sh", "-c", agent), OFFLINE).agentTask("t", "boxed", "Do it")
                .cwdAndEnv("t", "work", Map.of()).chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.engine.store().read(tx -> tx.nodes().get(id, "t")).orElseThrow().resultJson()).contains("pid 1 is bwrap");
            assertThat(dir.resolve("outside.txt")).doesNotExist();
        }
    }

    @Test
    void withoutBwrapOnPathASandboxedStepFailsSayingWhatToInstallAndNeverRunsUnsandboxed() throws Exception {
        // A PATH with a shell and nothing else: a real machine without bubblewrap, as far as Flow can tell.
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("sh"), Path.of("/bin/sh"));
        var g = GraphBuilder.workflow("w").sh("t", "echo ran > ran.txt").cwdAndEnv("t", null, Map.of("PATH", bin.toString())).sandbox(ON)
                .chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            NodeState t = h.node(id, "t");
            assertThat(t.status()).isEqualTo(NodeStatus.FAILED);
            assertThat(t.error()).contains("\"bwrap\" is not on PATH", "install Debian's package " + Bubblewrap.PACKAGE, "sandbox none");
            assertThat(t.attempt()).as("not retried: installing takes a person").isEqualTo(1);
            assertThat(dir.resolve("ran.txt")).doesNotExist();
        }
    }

    @Test
    void aWritesPathThatDoesNotExistFailsTheStepInsteadOfLeavingAGap() throws Exception {
        var g = GraphBuilder.workflow("w").sh("t", "echo ran > ran.txt").sandbox("t", new Sandbox(true, true, List.of("cache"), null))
                .chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.node(id, "t").error()).contains("the sandbox may write \"cache\", but " + dir.resolve("cache") + " does not exist");
            assertThat(dir.resolve("ran.txt")).doesNotExist();
            Files.createDirectories(dir.resolve("cache"));
            var g2 = GraphBuilder.workflow("w").sh("t", "echo kept > ../cache/x.txt").cwdAndEnv("t", "sub", Map.of())
                    .sandbox("t", new Sandbox(true, true, List.of("cache"), null)).chain("start", "t", "end").graph();
            Files.createDirectories(dir.resolve("sub"));
            assertThat(h.run(g2).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(dir.resolve("cache/x.txt")).hasContent("kept");
        }
    }

    @Test
    void inASandboxEvenTheSweepKillsAGrandchildThatDetachedAndClearedItsEnvironment() throws Exception {
        // The sandbox is a process namespace: when its first process dies, the kernel kills all the others.
        String seconds = Long.toString(300 + new Random().nextInt(10_000));
        var g = GraphBuilder.workflow("w").sh("t", "( env -i \"$(command -v setsid)\" \"$(command -v sleep)\" " + seconds + " & ); sleep 0.5; sleep 300")
                .outputs("t", "done", "timeout").timeout("t", Duration.ofSeconds(2)).sandbox(ON)
                .chain("start", "t").edge("t", "end", GraphBuilder.any("timeout")).graph();
        var env = new HashMap<>(System.getenv());
        env.put(dev.flow.engine.exec.Containment.SWITCH, "off");
        try (var h = new Harness(dir, b -> b.environment(env))) {
            String id = h.start(g);
            var result = new AtomicReference<RunResult>();
            var runner = new Thread(() -> result.set(h.engine.run(id)));
            runner.start();
            Poll.until("the detached sleep to run", () -> !sleeping(seconds).isEmpty());
            assertThat(sleeping(seconds)).as("the detached sleep ran").hasSize(1);
            runner.join(30_000);
            assertThat(result.get().outcome()).isEqualTo(RunOutcome.COMPLETED);
            Poll.until("the detached sleep to be killed with the sandbox", () -> sleeping(seconds).isEmpty());
        }
    }

    /** The live processes running {@code sleep SECONDS}, from the host's process table. */
    private static List<Long> sleeping(String seconds) throws Exception {
        var out = new ArrayList<Long>();
        try (var procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : procs) {
                try {
                    String cmd = Files.readString(p.resolve("cmdline")).replace('\0', ' ').strip();
                    if (cmd.endsWith("sleep " + seconds) && Detached.alive(Long.parseLong(p.getFileName().toString()))) {
                        out.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // exited meanwhile
                }
            }
        }
        return out;
    }

    private static Path artifacts(Harness h, String id) {
        return h.store.artifactsDir().resolve(id).resolve("t").resolve("1-1");
    }
}
