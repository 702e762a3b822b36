package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database Flow cannot use is a usage or I/O problem (exit 2, docs/cli.md) with a message that
 * names the file and says what is wrong, never "a bug in Flow": the real flow command, on real
 * folders, FIFOs, SQLite files and small real file systems. Each test starts a JVM or two (about a
 * second each).
 */
class DatabaseProblemsTest {
    @TempDir
    Path dir;

    private static final String WORKFLOW = "workflow w {\n    task a { sh \"echo hi\" }\n    start -> a -> end\n}\n";

    private FlowProcess run(String db) throws Exception {
        Files.writeString(dir.resolve("w.flow"), WORKFLOW);
        return FlowProcess.run(dir, "run", "w.flow", "--db", db);
    }

    private static void assertRefused(FlowProcess p, String message) {
        assertThat(p.exit()).as(p.out() + p.err()).isEqualTo(ExitCode.USAGE);
        assertThat(p.err()).contains(message).doesNotContain("bug in Flow").doesNotContain("Exception");
    }

    @Test
    void aFolderIsRefused() throws Exception {
        Files.createDirectories(dir.resolve("folder"));
        assertRefused(run("folder"), "flow run: \"folder\" is a folder; --db takes the path of a database file");
    }

    @Test
    void aFifoIsRefusedWithoutWaitingForAWriter() throws Exception {
        assertThat(new ProcessBuilder("mkfifo", dir.resolve("fifo").toString()).start().waitFor()).isZero();
        assertRefused(run("fifo"), "flow run: \"fifo\" is not a regular file (a FIFO); --db takes the path of a database file");
    }

    @Test
    void aFileWithTablesButNoFlowSchemaVersionIsRefusedAndLeftAlone() throws Exception {
        for (int version : new int[] {0, -1}) {
            for (boolean marked : new boolean[] {true, false}) {
                String name = "v" + version + (marked ? "-flow-mark" : "") + ".db";
                try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(name)); var st = c.createStatement()) {
                    st.execute("CREATE TABLE notes(x)");
                    st.execute("PRAGMA user_version=" + version);
                    if (marked) {
                        st.execute("PRAGMA application_id=1179406167"); // Flow's mark, "FLOW"
                    }
                }
                byte[] before = Files.readAllBytes(dir.resolve(name));
                FlowProcess p = FlowProcess.run(dir, "status", "--db", name);
                assertRefused(p, "flow status: \"" + name + "\" ");
                assertThat(p.err()).contains("choose another file with --db");
                assertThat(Files.readAllBytes(dir.resolve(name))).as(name).isEqualTo(before);
            }
        }
    }

    /** A folder whose files cannot be written: a read-only tmpfs as root (permissions do not stop root), else mode 555. */
    private AutoCloseable readOnly(Path folder, Runnable prepare) throws IOException {
        Files.createDirectories(folder);
        if ("root".equals(System.getProperty("user.name"))) {
            String why = Mounts.unavailable(folder);
            assumeTrue(why == null, () -> "no read-only place for root: " + why);
            Mounts mount = Mounts.tmpfs(folder, "4m");
            prepare.run();
            mount.readOnly();
            return mount;
        }
        prepare.run();
        folder.toFile().setWritable(false, false);
        Files.list(folder).forEach(f -> f.toFile().setWritable(false, false));
        return () -> folder.toFile().setWritable(true, false);
    }

    @Test
    void aDatabaseInAReadOnlyPlaceIsRefused() throws Exception {
        // three flow processes and a mount: several seconds
        Path place = dir.resolve("place");
        try (var ro = readOnly(place, () -> {
            try {
                assertThat(run(place.resolve("state.db").toString()).exit()).isZero();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        })) {
            FlowProcess existing = run(place.resolve("state.db").toString());
            assertThat(existing.exit()).as(existing.err()).isEqualTo(ExitCode.USAGE);
            assertThat(existing.err()).contains("state.db\" cannot be").doesNotContain("bug in Flow");
            FlowProcess created = run(place.resolve("new.db").toString());
            assertThat(created.exit()).as(created.err()).isEqualTo(ExitCode.USAGE);
            assertThat(created.err()).contains("new.db\" cannot be").doesNotContain("bug in Flow");
        }
    }

    /** A 1 MB tmpfs on {@code disk}; the test is skipped, saying why, where none can be mounted. */
    private static Mounts smallDisk(Path disk) throws IOException {
        Files.createDirectories(disk);
        String why = Mounts.unavailable(disk);
        assumeTrue(why == null, () -> "no small file system to fill: " + why);
        return Mounts.tmpfs(disk, "1m");
    }

    @Test
    void aFullDiskIsAnIoErrorNotABugInFlow() throws Exception {
        // A real full disk: a 1 MB tmpfs. Without root, SqliteStoreTest shows SQLITE_FULL (from a page limit) mapped the same way.
        Path disk = dir.resolve("disk");
        try (var mount = smallDisk(disk)) {
            var big = new StringBuilder("workflow big {\n");
            for (int i = 0; i < 2000; i++) {
                big.append("    checkpoint c").append(i).append('\n');
            }
            big.append("    start");
            for (int i = 0; i < 2000; i++) {
                big.append(" -> c").append(i);
            }
            Files.writeString(dir.resolve("big.flow"), big.append(" -> end\n}\n").toString());
            // leave the database room to open, not to record two thousand steps (compiling them takes a few seconds)
            Files.write(disk.resolve("filler"), new byte[700 * 1024]);
            FlowProcess p = FlowProcess.run(dir, "run", "big.flow", "--db", disk.resolve("state.db").toString());
            assertThat(p.exit()).as(p.out() + p.err()).isEqualTo(ExitCode.USAGE);
            assertThat(p.err()).containsAnyOf("is full", "I/O error").doesNotContain("bug in Flow").doesNotContain("Exception");
        }
    }

    @Test
    void aLargeKvValueOnAFullDiskIsAnIoErrorNotABugInFlow() throws Exception {
        Path disk = dir.resolve("disk");
        try (var mount = smallDisk(disk)) {
            FlowProcess started = run(disk.resolve("state.db").toString());
            assertThat(started.exit()).as(started.err()).isZero();
            String id = Workspace.executionOf(started.out());
            // fill all but 64 KiB: the database opens, the 100 KB value does not fit in its artifact file
            long free = Files.getFileStore(disk).getUsableSpace();
            Files.write(disk.resolve("filler"), new byte[(int) Math.max(0, free - 64 * 1024)]);
            Path value = dir.resolve("value.txt");
            Files.writeString(value, "v".repeat(100_000));
            FlowProcess p = FlowProcess.runWithInput(dir, value, "kv", "put", "-e", id, "--run", "big", "-", "--db", disk.resolve("state.db").toString());
            assertThat(p.exit()).as(p.out() + p.err()).isEqualTo(ExitCode.USAGE);
            assertThat(p.err()).containsAnyOf("No space left on device", "is full", "I/O error").doesNotContain("bug in Flow");
        }
    }
}
