package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.ErrorClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the real CLIs printed (agents-it's samples, captured against its model server), read by {@link CliReport} and {@link AgentReply}. */
class CliReportTest {

    @TempDir
    Path dir;

    private static String sample(String name) {
        return CliSamples.read(name);
    }

    @Test
    void claudesRefusedWriteIsNamedWithItsFileAndItsTokensAreThisRunsUsage() {
        CliReport r = CliReport.read(sample("claude-json-edit-refused.json"), "", null);
        assertThat(r.refused()).containsExactly("Write /tmp/p1/proj/greeting.txt");
        assertThat(r.inputTokens()).isEqualTo(200);
        assertThat(r.outputTokens()).isEqualTo(40);
        assertThat(AgentReply.parse(r.stdout()).orElseThrow().output()).isEqualTo("done");
    }

    @Test
    void aResumedClaudeSessionCountsOnlyThisRunsShareOfTheSessionsCost() {
        CliReport r = CliReport.read(sample("claude-json-resumed-third-run.json"), "", null);
        assertThat(r.inputTokens()).isEqualTo(100);
        assertThat(r.outputTokens()).isEqualTo(20);
        double cost = AgentReply.parse(r.stdout()).orElseThrow().cost() * r.costScale();
        assertThat(cost).isCloseTo(0.0008, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void claudesRateLimitIsTransientAndABadKeyIsLogicNamingTheVariable() {
        AgentReply limited = AgentReply.parse(CliReport.read(sample("claude-json-rate_limit.json"), "", null).stdout()).orElseThrow();
        assertThat(ErrorClassifier.ofAgentError(limited.agentError())).isEqualTo(ErrorClass.TRANSIENT);
        AgentReply badKey = AgentReply.parse(CliReport.read(sample("claude-json-bad_key.json"), "", null).stdout()).orElseThrow();
        assertThat(ErrorClassifier.ofAgentError(badKey.agentError())).isEqualTo(ErrorClass.LOGIC);
        assertThat(ErrorClassifier.credentialHint("claude", badKey.agentError())).contains("ANTHROPIC_API_KEY");
    }

    @Test
    void codexsEventsGiveTheFinalMessageTheThreadAndTheTokens() {
        CliReport r = CliReport.read(sample("codex-exec-json-edit-and-command.jsonl"), "", null);
        AgentReply reply = AgentReply.parse(r.stdout()).orElseThrow();
        assertThat(reply.output()).isEqualTo("done");
        assertThat(reply.summary()).isEqualTo("made the greeting polite");
        assertThat(reply.sessionId()).isNotBlank();
        assertThat(r.inputTokens()).isEqualTo(300);
        assertThat(r.outputTokens()).isEqualTo(60);
        assertThat(r.refused()).isEmpty();
    }

    @Test
    void codexsFailedTurnIsItsErrorTransientForARateLimitAndLogicForABadKey() {
        AgentReply limited = AgentReply.parse(CliReport.read(sample("codex-exec-json-rate_limit.jsonl"), "", null).stdout()).orElseThrow();
        assertThat(limited.agentError()).contains("429");
        assertThat(ErrorClassifier.ofAgentError(limited.agentError())).isEqualTo(ErrorClass.TRANSIENT);
        AgentReply badKey = AgentReply.parse(CliReport.read(sample("codex-exec-json-bad_key.jsonl"), "", null).stdout()).orElseThrow();
        assertThat(badKey.agentError()).contains("401 Unauthorized").doesNotContain("Reconnecting");
        assertThat(ErrorClassifier.ofAgentError(badKey.agentError())).isEqualTo(ErrorClass.LOGIC);
        assertThat(ErrorClassifier.credentialHint("codex", badKey.agentError())).contains("env_key");
    }

    @Test
    void aPatchCodexsSandboxRejectedIsRefusedWithTheFilesFromItsSessionFile() throws IOException {
        String stdout = sample("codex-exec-json-read-only-refused.jsonl");
        Path sessions = dir.resolve("sessions/2026/11/26");
        Files.createDirectories(sessions);
        Files.writeString(sessions.resolve("rollout-2026-11-26T10-32-00-01a21769-74c2-77a0-9103-94be7c7c69e3.jsonl"),
                "{\"type\":\"response_item\",\"payload\":{\"type\":\"custom_tool_call\",\"name\":\"apply_patch\","
                        + "\"input\":\"*** Begin Patch\\n*** Add File: greeting.txt\\n+Hello, dear world\\n*** End Patch\"}}\n");
        CliReport r = CliReport.read(stdout, sample("codex-exec-json-read-only-refused.stderr.txt"), dir);
        assertThat(r.refused()).hasSize(2);
        assertThat(r.refused().get(0)).startsWith("patch rejected: writing is blocked by read-only sandbox");
        assertThat(r.refused().get(1)).isEqualTo("the patch was for greeting.txt");
    }

    @Test
    void geminisTokensAreEveryModelsAndAToolItsModeDidNotOfferIsRefused() {
        CliReport r = CliReport.read(sample("gemini-json-edit-default-mode-refused.json"), sample("gemini-json-edit-default-mode-refused.stderr.txt"),
                null);
        assertThat(r.inputTokens()).isEqualTo(300);
        assertThat(r.outputTokens()).isEqualTo(60);
        assertThat(r.refused()).singleElement().asString().startsWith("write_file: Tool \"write_file\" not found");
        CliReport accepted = CliReport.read(sample("gemini-json-edit-auto-edit.json"), "", null);
        assertThat(accepted.refused()).isEmpty();
        assertThat(AgentReply.parse(accepted.stdout()).orElseThrow().output()).isEqualTo("done");
    }

    /**
     * On {@code exec resume}, codex's turn.completed counts the whole thread (200/40 after a first
     * run of 100/20): the thread's total before the run, from its session file, is taken off.
     */
    @Test
    void aResumedCodexThreadCountsOnlyThisRunsTokens() throws IOException {
        String thread = "01a21769-a85a-78f2-9822-526a38de370a";
        Path sessions = Files.createDirectories(dir.resolve(".codex/sessions/2026/11/26"));
        Files.writeString(sessions.resolve("rollout-2026-11-26T14-34-37-" + thread + ".jsonl"), sample("codex-rollout-first-run-token-count.jsonl"));
        long[] before = CliReport.codexThreadTokens(dir.resolve(".codex"), thread);
        assertThat(before).containsExactly(100, 20);
        CliReport r = CliReport.read(sample("codex-exec-json-resumed.jsonl"), "", dir.resolve(".codex")).lessEarlier(before);
        assertThat(r.inputTokens()).isEqualTo(100);
        assertThat(r.outputTokens()).isEqualTo(20);
        assertThat(CliReport.codexThreadTokens(dir.resolve(".codex"), "no-such-thread")).isNull();
    }

    /**
     * gemini's standard error names only the refused tool; its session file (under ~/.gemini/tmp,
     * found by the session id of its answer) has the call's arguments, so the file is named too.
     */
    @Test
    void aGeminiRefusalNamesTheFileFromItsSessionFile() throws IOException {
        String chat = sample("gemini-chat-refused.jsonl");
        String session = "fbc84ab6-8c45-4584-b761-d15ec112c38a";
        Path chats = Files.createDirectories(dir.resolve(".gemini/tmp/polish-1-1/chats"));
        Files.writeString(chats.resolve("session-2026-11-26T12-15-fbc84ab6.jsonl"), chat);
        String stdout = sample("gemini-json-edit-default-mode-refused.json").replace("e9e9d010-439e-4620-967e-4cb48f7193d8", session);
        CliReport r = CliReport.read(stdout, sample("gemini-json-edit-default-mode-refused.stderr.txt"), dir.resolve(".gemini"));
        assertThat(r.refused()).singleElement().asString().startsWith("write_file greeting.txt: Tool \"write_file\" not found");
        // without its session file, the tool alone, from standard error
        assertThat(CliReport.read(stdout, sample("gemini-json-edit-default-mode-refused.stderr.txt"), dir.resolve("elsewhere")).refused())
                .singleElement().asString().startsWith("write_file: Tool");
    }

    @Test
    void geminisStreamGivesTheFinalMessageTheSessionAndEveryModelsTokens() {
        CliReport r = CliReport.read(sample("gemini-stream-json-edit-and-command.jsonl"), "", null);

        assertThat(r.inputTokens()).isEqualTo(400);
        assertThat(r.outputTokens()).isEqualTo(80);
        assertThat(r.models()).extracting(PriceTable.ModelTokens::model).containsExactly("gemini-3.5-flash-lite", "gemini-3.8-flash");
        assertThat(r.refused()).isEmpty();
        AgentReply reply = AgentReply.parse(r.stdout()).orElseThrow();
        assertThat(reply.output()).isEqualTo("done");
        assertThat(reply.sessionId()).isEqualTo("21221b81-a227-453d-8dd3-0cb2d5156f04");
        assertThat(reply.agentError()).isNull();
    }

    /** In stream-json the refused call's tool_use names its file: no session file is needed. */
    @Test
    void aToolGeminisStreamSaysWasNotOfferedIsRefusedWithItsFile() {
        CliReport r = CliReport.read(sample("gemini-stream-json-default-mode-refused.jsonl"), "", null);

        assertThat(r.refused()).singleElement().asString().startsWith("write_file greeting.txt: Tool \"write_file\" not found");
        assertThat(AgentReply.parse(r.stdout()).orElseThrow().output()).isEqualTo("done");
    }

    /** A rate limit ends gemini's stream with an error result that still counts its router's tokens. */
    @Test
    void geminisStreamedRateLimitIsATransientErrorWithTheTokensSpentBeforeIt() {
        CliReport r = CliReport.read(sample("gemini-stream-json-rate_limit.jsonl"), "", null);

        assertThat(r.inputTokens()).isEqualTo(100);
        assertThat(r.outputTokens()).isEqualTo(20);
        AgentReply limited = AgentReply.parse(r.stdout()).orElseThrow();
        assertThat(limited.agentError()).contains("Resource has been exhausted");
        assertThat(ErrorClassifier.ofAgentError(limited.agentError())).isEqualTo(ErrorClass.TRANSIENT);
        assertThat(limited.sessionId()).isEqualTo("b62b602f-2f50-47f0-b6c3-1f3b7a3fc5ce");
    }

    @Test
    void geminisErrorOnStandardErrorIsItsReport() {
        AgentReply limited = AgentReply.parse(CliReport.read("", sample("gemini-json-rate_limit.stderr.json"), null).stdout()).orElseThrow();
        assertThat(ErrorClassifier.ofAgentError(limited.agentError())).isEqualTo(ErrorClass.TRANSIENT);
        AgentReply badKey = AgentReply.parse(CliReport.read("", sample("gemini-json-bad_key.stderr.json"), null).stdout()).orElseThrow();
        assertThat(ErrorClassifier.ofAgentError(badKey.agentError())).isEqualTo(ErrorClass.LOGIC);
        assertThat(ErrorClassifier.credentialHint("gemini", badKey.agentError())).contains("GEMINI_API_KEY");
    }
}
