package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code flow studio} refuses before it serves; serving itself is tested in the studio module and by StudioBrowserIT. */
class StudioCommandTest {
    @TempDir
    Path dir;

    @Test
    void aDatabaseThatDoesNotExistIsRefused() {
        Cli r = Cli.run("studio", "--db", dir.resolve("none.db").toString(), "--port", "0");
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).startsWith("flow studio: no database at ");
        assertThat(dir.resolve("none.db")).doesNotExist();
    }

    @Test
    void aPortInUseIsAClearUsageError() throws Exception {
        Path db = dir.resolve("state.db");
        SqliteStore.open(db, StoreOptions.DEFAULT).close();
        try (var taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Cli r = Cli.run("studio", "--db", db.toString(), "--port", String.valueOf(taken.getLocalPort()));
            assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).startsWith("flow studio: the studio cannot listen on 127.0.0.1:" + taken.getLocalPort());
            assertThat(r.err()).doesNotContain("\tat ");
        }
    }

    @Test
    void aTokenOnTheCommandLineIsWarnedAboutAndOneFromAFileOrTheEnvironmentIsNot() throws Exception {
        // --token shows in ps to every user of the machine
        var err = new StringWriter();
        var print = new PrintWriter(err);
        assertThat(StudioCommand.token("s3cret", null, null, print)).isEqualTo("s3cret");
        assertThat(err.toString()).contains("warning: --token shows in ps", "--token-file", "FLOW_STUDIO_TOKEN");
        Path file = dir.resolve("token");
        Files.writeString(file, "from-file\n");
        var quiet = new StringWriter();
        assertThat(StudioCommand.token(null, file, "from-env", new PrintWriter(quiet))).isEqualTo("from-file");
        assertThat(StudioCommand.token(null, null, "from-env", new PrintWriter(quiet))).isEqualTo("from-env");
        assertThat(StudioCommand.token(null, null, null, new PrintWriter(quiet))).isNull();
        assertThat(quiet.toString()).isEmpty();
        Cli r = Cli.run("studio", "--db", dir.resolve("x.db").toString(), "--port", "0", "--token-file", dir.resolve("none").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("the token file " + dir.resolve("none") + " cannot be read");
    }

    @Test
    void aPortOutOfRangeIsAUsageError() {
        Cli r = Cli.run("studio", "--db", dir.resolve("x.db").toString(), "--port", "70000");
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("the port must be between 0 and 65535, not 70000").contains("Try \"flow studio --help\"");
    }
}
