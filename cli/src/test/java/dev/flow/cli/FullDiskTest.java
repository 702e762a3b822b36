package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step whose output fills the disk of the artifacts folder says so, not only "exited with code 1". */
class FullDiskTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskUnderArtifactsIsNamedInTheFailure() throws Exception {
        Path artifacts = Files.createDirectories(dir.resolve("artifacts"));
        String why = Mounts.unavailable(artifacts);
        assumeTrue(why == null, () -> "no small disk to fill: " + why);
        Files.writeString(dir.resolve("w.flow"), """
                workflow fill {
                    task big { sh "yes | head -c 1048576" }
                    start -> big -> end
                }
                """);
        try (var disk = Mounts.tmpfs(artifacts, "256k")) {
            FlowProcess r = FlowProcess.run(dir, "run", "w.flow", "--db", dir.resolve("state.db").toString(), "--artifacts", artifacts.toString());
            assertThat(r.exit()).as(r.out() + r.err()).isNotZero();
            assertThat(r.out() + r.err()).contains("no space left on device writing " + artifacts);
        }
    }
}
