package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step whose output fills the disk of the artifacts folder says so, not only "exited with code 1". */
class FullDiskTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskUnderArtifactsIsNamedInTheFailure() throws Exception {
        // a small tmpfs of its own, mounted in a private mount namespace: needs root (as CI and these machines run)
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/unshare")),
                "mounting a small tmpfs needs root and unshare");
        Path artifacts = Files.createDirectories(dir.resolve("artifacts"));
        Files.writeString(dir.resolve("w.flow"), """
                workflow fill {
                    task big { sh "yes | head -c 1048576" }
                    start -> big -> end
                }
                """);
        var wrapper = List.of("unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=256k tmpfs \"$0\" && exec \"$@\"", artifacts.toString());
        FlowProcess r = FlowProcess.runWrapped(wrapper, dir, "run", "w.flow", "--db", dir.resolve("state.db").toString(),
                "--artifacts", artifacts.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isNotZero();
        assertThat(r.out() + r.err()).contains("no space left on device writing " + artifacts);
    }
}
