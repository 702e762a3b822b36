package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flow.testing.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an agent does, read from its event stream, in {@code flow status --format json}: live while
 * it works, and kept with the attempt afterwards, beside the file of its whole transcript. This is
 * what the studio reads of each attempt. The agent is a script that prints claude's stream-json
 * lines and waits for the test's file between two tool calls.
 */
class AgentTranscriptTest {
    private static final String TOOL = "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"name\":\"%s\",\"input\":{%s}}]}}";

    @TempDir
    Path dir;

    @Test
    void statusShowsWhatARunningAgentDoesAndKeepsItsActivityAndTranscriptWithTheAttempt() throws Exception {
        var ws = new Workspace(dir);
        ws.write("agent.sh", String.join("\n",
                "echo '" + TOOL.formatted("Write", "\"file_path\":\"greeting.txt\"") + "'",
                "while [ ! -e go ]; do sleep 0.1; done",
                "echo '" + TOOL.formatted("Bash", "\"command\":\"sh test.sh\"") + "'",
                "echo '{\"output\": \"done\", \"summary\": \"polished\"}'",
                ""));
        Path workflow = ws.write("w.flow", """
                workflow w {
                    agent streamer { run ["sh", "agent.sh"] }
                    task polish { agent streamer  prompt "Polish the greeting" }
                    start -> polish -> end
                }
                """);

        Cli.Live run = ws.start("run", workflow.toString());
        run.awaitOut("as execution");
        String id = Workspace.executionOf(run.outSoFar());
        JsonNode live = Poll.value("the running agent's activity in flow status", () -> {
            JsonNode node = Workspace.node(ws.status(id), "polish");
            return node.path("activity").isArray() ? node : null;
        });
        assertThat(live.path("status").asText()).isEqualTo("running");
        assertThat(texts(live.path("activity"))).containsExactly("editing greeting.txt");
        assertThat(ws.flow("status", id).out()).as("the plain status names what the agent does now").contains("polish: now editing greeting.txt");
        Files.writeString(dir.resolve("go"), "");

        assertThat(run.finish().exit()).isZero();
        JsonNode done = Workspace.node(ws.status(id), "polish");
        assertThat(texts(done.path("activity"))).containsExactly("editing greeting.txt", "running sh test.sh");
        assertThat(ws.flow("status", id).out()).as("a finished node has no 'now'").doesNotContain(": now ");
        Path transcript = Path.of(done.path("transcript").asText());
        assertThat(transcript.getFileName()).hasToString("stdout.log");
        assertThat(transcript).isEqualTo(Path.of(live.path("transcript").asText()));
        assertThat(Files.readString(transcript)).contains("sh test.sh").contains("\"summary\": \"polished\"");
    }

    @Test
    void statusAddsUpTheTokensEachAgentReportedAndShowsEachNodesOwn() throws Exception {
        var ws = new Workspace(dir);
        // claude's final result line: the answer in "result", this run's tokens in "usage"
        ws.write("agent.sh", """
                r='{\\"output\\": \\"done\\"}'
                printf '{"type":"result","subtype":"success","is_error":false,"result":"%s","usage":{"input_tokens":%s,"output_tokens":%s}}\\n' "$r" "$1" "$2"
                """);
        Path workflow = ws.write("w.flow", """
                workflow w {
                    agent small { run ["sh", "agent.sh", "1000", "200"] }
                    agent large { run ["sh", "agent.sh", "2500", "300"] }
                    task draft { agent small  prompt "Draft" }
                    task review { agent large  prompt "Review" }
                    start -> draft -> review -> end
                }
                """);

        Cli run = ws.flow("run", workflow.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        String id = Workspace.executionOf(run.out());
        JsonNode status = ws.status(id);
        assertThat(status.path("inputTokens").asLong()).isEqualTo(3500);
        assertThat(status.path("outputTokens").asLong()).isEqualTo(500);
        assertThat(Workspace.node(status, "draft").path("inputTokens").asLong()).isEqualTo(1000);
        assertThat(Workspace.node(status, "review").path("outputTokens").asLong()).isEqualTo(300);
        assertThat(ws.flow("status", id).out()).contains("tokens 3,500 in / 500 out");
    }

    @Test
    void statusNamesNoTokensWhenNoAgentReportedThem() throws Exception {
        var ws = new Workspace(dir);
        ws.write("agent.sh", "echo '{\"output\": \"done\"}'\n");
        Path workflow = ws.write("w.flow", """
                workflow w {
                    agent plain { run ["sh", "agent.sh"] }
                    task draft { agent plain  prompt "Draft" }
                    start -> draft -> end
                }
                """);

        Cli run = ws.flow("run", workflow.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        String id = Workspace.executionOf(run.out());
        JsonNode status = ws.status(id);
        assertThat(status.has("inputTokens")).isFalse();
        assertThat(Workspace.node(status, "draft").has("inputTokens")).isFalse();
        assertThat(ws.flow("status", id).out()).doesNotContain("tokens");
    }

    private static List<String> texts(JsonNode array) {
        var out = new ArrayList<String>();
        array.forEach(a -> out.add(a.asText()));
        return out;
    }
}
