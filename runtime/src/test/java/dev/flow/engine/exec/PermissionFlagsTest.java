package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.AgentPermissions;
import dev.flow.model.SourceRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An agent's permissions level as each CLI's flags, in place of those its command line had. */
class PermissionFlagsTest {

    private static AgentPermissions level(String level, String... allow) {
        return new AgentPermissions(level, List.of(allow), SourceRef.NONE);
    }

    @Test
    void theDefaultsAreTheEditLevel() {
        for (String cli : List.of("claude", "codex", "gemini")) {
            List<String> defaults = AgentCommands.DEFAULTS.get(cli);
            assertThat(PermissionFlags.apply(defaults, AgentPermissions.DEFAULT)).as(cli).containsExactlyElementsOf(defaults);
        }
    }

    @Test
    void claudeGetsAPermissionModeAndAllowedTools() {
        List<String> defaults = AgentCommands.DEFAULTS.get("claude");
        assertThat(PermissionFlags.apply(defaults, level("read"))).containsExactly("claude", "-p", "--output-format", "stream-json", "--verbose",
                "--permission-mode", "plan");
        assertThat(PermissionFlags.apply(defaults, level("run", "mvn -q test"))).containsExactly("claude", "-p", "--output-format", "stream-json", "--verbose",
                "--permission-mode", "acceptEdits", "--allowedTools", "Bash,Bash(mvn -q test)");
        assertThat(PermissionFlags.apply(List.of("/opt/bin/claude", "-p", "--allowedTools", "Read", "Bash(ls)", "--dangerously-skip-permissions"),
                level("full"))).containsExactly("/opt/bin/claude", "-p", "--permission-mode", "bypassPermissions");
    }

    @Test
    void codexGetsItsSandboxAfterExecAndBeforeThePrompt() {
        List<String> defaults = AgentCommands.DEFAULTS.get("codex");
        assertThat(PermissionFlags.apply(defaults, level("read"))).containsExactly("codex", "exec", "--sandbox", "read-only", "--json",
                "--skip-git-repo-check", "-");
        assertThat(PermissionFlags.apply(List.of("codex", "exec", "--sandbox=read-only", "--json", "-"), level("full", "make")))
                .containsExactly("codex", "exec", "--dangerously-bypass-approvals-and-sandbox", "--json", "-");
    }

    @Test
    void geminiGetsAnApprovalModeAndAllowedCommandsBelowRun() {
        List<String> defaults = AgentCommands.DEFAULTS.get("gemini");
        assertThat(PermissionFlags.apply(defaults, level("run"))).containsExactly("gemini", "--output-format", "stream-json", "--skip-trust",
                "--approval-mode", "yolo");
        assertThat(PermissionFlags.apply(List.of("gemini", "--yolo"), level("edit", "sh test.sh"))).containsExactly("gemini",
                "--approval-mode", "auto_edit", "--allowed-tools", "run_shell_command(sh test.sh)");
    }

    @Test
    void anotherProgramAnUnknownLevelOrNoSettingLeaveTheCommandLineAlone() {
        List<String> mine = List.of("./my-agent", "--permission-mode", "x");
        assertThat(PermissionFlags.apply(mine, level("read"))).isEqualTo(mine);
        List<String> claude = List.of("claude", "-p");
        assertThat(PermissionFlags.apply(claude, level("everything"))).isEqualTo(claude);
        assertThat(PermissionFlags.apply(claude, null)).isEqualTo(claude);
    }

    @Test
    void claudeFullIsLetPastItsRootCheckOnlyInFlowsSandbox() {
        List<String> claude = AgentCommands.DEFAULTS.get("claude");
        assertThat(PermissionFlags.environment(claude, level("full"), true)).isEqualTo(Map.of("IS_SANDBOX", "1"));
        assertThat(PermissionFlags.environment(claude, level("full"), false)).isEmpty();
        assertThat(PermissionFlags.environment(claude, level("run"), true)).isEmpty();
        assertThat(PermissionFlags.environment(AgentCommands.DEFAULTS.get("codex"), level("full"), true)).isEmpty();
    }
}
