package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a sandboxed step must still read of Flow itself: a Flow unpacked or built under {@code /tmp}
 * is hidden by the sandbox's private {@code /tmp} unless its folders are bound again (a fresh clone
 * in /tmp failed SandboxCommandTest: {@code "$FLOW_BIN" kv put} could not start inside).
 */
class SandboxPolicyTest {
    @TempDir
    Path dir;

    @Test
    void aDistributionsLauncherMakesItsWholeInstallationReadableThroughASymlink() throws Exception {
        Path install = Files.createDirectories(dir.resolve("flow-1.0"));
        Path launcher = Files.writeString(Files.createDirectories(install.resolve("bin")).resolve("flow"), "#!/bin/sh\n");
        Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("path")).resolve("flow"), launcher);
        assertThat(SandboxPolicy.flowInstallation(link.toString())).contains(install.toRealPath());
    }

    @Test
    void aCheckoutsLauncherMakesTheCheckoutReadable() throws Exception {
        Path checkout = Files.createDirectories(dir.resolve("flow"));
        Path launcher = Files.writeString(checkout.resolve("flow"), "#!/bin/sh\n");
        assertThat(SandboxPolicy.flowInstallation(launcher.toString())).contains(checkout.toRealPath());
    }

    @Test
    void theFolderOfWhatFlowRunsFromIsReadableWithoutALauncher() {
        assertThat(SandboxPolicy.flowInstallation(null)).isNotEmpty().allSatisfy(p -> assertThat(p).exists());
    }
}
