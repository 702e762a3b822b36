package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The commands flow prints for people to type: the program as they call it, words quoted for a POSIX shell. */
class InvocationTest {

    @AfterEach
    void forgetTheLauncher() {
        System.clearProperty("flow.launcher");
    }

    private static DatabaseOptions database(String db) {
        var d = new DatabaseOptions();
        d.db = db;
        return d;
    }

    @Test
    void withoutTheLauncherScriptTheProgramIsFlow() {
        assertThat(Invocation.of(database(null)).command("resume", "abc12345")).isEqualTo("flow resume abc12345");
    }

    @Test
    void theLauncherInTheWorkingDirectoryIsCalledWithDotSlash() {
        System.setProperty("flow.launcher", Path.of("flow").toAbsolutePath().toString());
        assertThat(Invocation.of(database(null)).command("answer", "x", "review", "approved")).isEqualTo("./flow answer x review approved");
    }

    @Test
    void aNamedDatabaseIsNamedInTheCommandQuotedWhenItMustBe() {
        assertThat(Invocation.of(database("/tmp/my runs/state.db")).command("resume", "x"))
                .isEqualTo("flow resume x --db '/tmp/my runs/state.db'");
        assertThat(Invocation.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(Invocation.quote("plain-word_1.db")).isEqualTo("plain-word_1.db");
    }
}
