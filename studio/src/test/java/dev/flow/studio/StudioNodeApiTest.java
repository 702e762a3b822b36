package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.RunResult;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API behind a node's attempts, what each step changed, and a grown graph's versions, over real
 * runs. Each test takes a few seconds: its run starts real processes (agents, gates, git worktrees).
 */
class StudioNodeApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void anAttemptShowsItsPromptActivityRefusalsTokensCostAndTheFeedbackItsNextAttemptWasGiven() throws Exception {
        Path go = dir.resolve("go");
        Files.writeString(go, ""); // no waiting here: the attempt runs straight through
        try (var s = new Running(dir)) {
            String id = s.start("streaming", Scenarios.streaming(dir, go));
            RunResult r = s.engine.run(id);
            assertThat(r.outcome().name()).as(r.report()).isEqualTo("COMPLETED");
            JsonNode first = get(s, "/api/executions/" + id + "/attempt?node=work&iteration=1&attempt=1");
            assertThat(first.get("status").asText()).isEqualTo("failed");
            assertThat(first.get("errorClass").asText()).isEqualTo("validation");
            assertThat(first.get("refused")).extracting(JsonNode::asText).singleElement().asString().contains("rm -rf /tmp/build");
            assertThat(first.get("inputTokens").asLong()).isEqualTo(1200);
            assertThat(first.get("outputTokens").asLong()).isEqualTo(300);
            assertThat(first.get("cost").asDouble()).isEqualTo(0.0123);
            assertThat(first.at("/prompt/text").asText()).startsWith("Make the tests pass.");
            assertThat(first.get("activity")).extracting(JsonNode::asText).containsSubsequence("starting", "editing greeting.txt", "running make test");
            assertThat(first.at("/feedbackToNext/text").asText()).contains("Your previous answer (attempt 1) was not accepted", "rm -rf /tmp/build");
            assertThat(first.get("files")).extracting(f -> f.get("name").asText()).contains("prompt.txt", "stdout.log", "stderr.log");
            assertThat(first.get("result").has("stdout")).as("the logs are files, not result fields").isFalse();

            JsonNode second = get(s, "/api/executions/" + id + "/attempt?node=work&iteration=1&attempt=2");
            assertThat(second.get("status").asText()).isEqualTo("completed");
            assertThat(second.at("/feedback/text").asText()).isEqualTo(first.at("/feedbackToNext/text").asText());
            assertThat(second.at("/prompt/text").asText()).contains(second.at("/feedback/text").asText());
            assertThat(second.get("refused")).isEmpty();

            JsonNode now = get(s, "/api/executions/" + id + "/now?attempt=work/1-1&attempt=work/1-2");
            assertThat(now.at("/now/work").asText()).isEqualTo("running make test");
            assertThat(status(s, "/api/executions/" + id + "/now?attempt=work")).isEqualTo(400);

            JsonNode err = get(s, "/api/executions/" + id + "/file?node=work&iteration=1&attempt=1&name=stderr.log&from=0");
            assertThat(err.get("text").asText()).isEqualTo("warming up\n");
            assertThat(err.get("next").asLong()).isEqualTo(err.get("size").asLong());
            JsonNode out = get(s, "/api/executions/" + id + "/file?node=work&iteration=1&attempt=1&name=stdout.log&from=" + err.get("size").asLong());
            assertThat(out.get("from").asLong()).isEqualTo(err.get("size").asLong());
            assertThat(out.get("text").asText()).contains("\"tool_use\"").doesNotStartWith("{\"type\":\"system\"");
        }
    }

    @Test
    void aBadRequestForAnAttemptSaysWhatIsWrong() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            assertThat(status(s, "/api/executions/" + id + "/attempt?iteration=1&attempt=1")).isEqualTo(400);
            assertThat(status(s, "/api/executions/" + id + "/attempt?node=build&iteration=one&attempt=1")).isEqualTo(400);
            assertThat(status(s, "/api/executions/" + id + "/attempt?node=build&iteration=1&attempt=7")).isEqualTo(404);
            assertThat(status(s, "/api/executions/" + id + "/attempt?node=nope&iteration=1&attempt=1")).isEqualTo(404);
            assertThat(status(s, "/api/executions/" + id + "/file?node=build&iteration=1&attempt=1&name=..%2F..%2Fstate.db")).isEqualTo(400);
            assertThat(status(s, "/api/executions/nope/changes")).isEqualTo(404);
            JsonNode build = get(s, "/api/executions/" + id + "/attempt?node=build&iteration=1&attempt=1");
            assertThat(build.get("isolation").isNull()).isTrue();
            assertThat(get(s, "/api/executions/" + id + "/file?node=build&iteration=1&attempt=1&name=stdout.log").get("text").asText())
                    .isEqualTo("version 1.2.3\n");
        }
    }

    @Test
    void whatChangedShowsEachStepsStateAndKvAndTheAppliedAndRejectedDiffsFromGit() throws Exception {
        Scenarios.project(dir);
        try (var s = new Running(dir)) {
            String id = s.start("changes", Scenarios.changes());
            RunResult r = s.engine.run(id);
            assertThat(r.outcome().name()).as(r.report()).isEqualTo("FAILED");
            s.engine.kv().put(new dev.flow.engine.KvService.Caller(id, "polite"), id, "run", "greeting", "Hello, world");
            s.engine.kv().put(new dev.flow.engine.KvService.Caller(id, "curt"), id, "run", "greeting", "Hello, dear world");

            JsonNode changes = get(s, "/api/executions/" + id + "/changes");
            JsonNode polite = null;
            for (JsonNode step : changes.get("state")) {
                if ("polite".equals(step.path("node").asText())) {
                    polite = polite == null ? step : polite;
                }
            }
            assertThat(polite).as(changes.toPrettyString()).isNotNull();
            assertThat(polite.get("event").asText()).isEqualTo("node_completed");
            JsonNode notes = null;
            for (JsonNode c : polite.get("changes")) {
                notes = c.get("name").asText().equals("notes") ? c : notes;
            }
            assertThat(notes).as(polite.toPrettyString()).isNotNull();
            assertThat(notes.get("name").asText()).isEqualTo("notes");
            assertThat(notes.get("before").asText()).isEqualTo("none");
            assertThat(notes.get("after").asText()).isEqualTo("polite\nkept the hello");
            assertThat(changes.get("state").toString()).contains("\"name\":\"applied\",\"before\":0,\"after\":1");
            var greeting = new java.util.ArrayList<JsonNode>();
            changes.get("kv").forEach(w -> {
                if (w.get("key").asText().equals("greeting")) {
                    greeting.add(w);
                }
            });
            assertThat(greeting).hasSize(2);
            assertThat(greeting.get(0).get("writer").asText()).isEqualTo("polite");
            assertThat(greeting.get(0).get("before").isNull()).isTrue();
            assertThat(greeting.get(1).get("writer").asText()).isEqualTo("curt");
            assertThat(greeting.get(1).get("before").asText()).isEqualTo("Hello, world");
            assertThat(greeting.get(1).get("after").asText()).isEqualTo("Hello, dear world");

            JsonNode applied = get(s, "/api/executions/" + id + "/diff?node=polite&iteration=1&attempt=1");
            assertThat(applied.get("applied").asBoolean()).isTrue();
            assertThat(applied.get("files")).extracting(JsonNode::asText).containsExactly("M\tgreeting.txt");
            assertThat(applied.get("diff").asText()).contains("-Hello, world", "+Hello, dear world");
            JsonNode politeAttempt = get(s, "/api/executions/" + id + "/attempt?node=polite&iteration=1&attempt=1");
            assertThat(politeAttempt.at("/isolation/applied_commit").asText()).isEqualTo(applied.get("commit").asText());
            assertThat(politeAttempt.at("/isolation/worktree").asText()).contains("worktrees");

            JsonNode rejected = get(s, "/api/executions/" + id + "/diff?node=curt&iteration=1&attempt=1");
            assertThat(rejected.get("applied").asBoolean()).isFalse();
            assertThat(rejected.get("keptRef").asText()).startsWith("refs/flow/" + id + "/kept/");
            assertThat(rejected.get("diff").asText()).contains("+Bye");
            JsonNode curt = get(s, "/api/executions/" + id + "/attempt?node=curt&iteration=1&attempt=1");
            assertThat(curt.get("gateOutput").asText()).contains("checking greeting.txt", "Bye");
            assertThat(curt.at("/feedbackToNext/text").asText()).contains("What the gate printed");
        }
    }

    @Test
    void aGrownGraphListsItsVersionsWhoAddedThemAndDrawsEach() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.start("growing", Scenarios.growing(dir));
            RunResult r = s.engine.run(id);
            assertThat(r.outcome().name()).as(r.report()).isEqualTo("COMPLETED");
            JsonNode versions = get(s, "/api/executions/" + id + "/versions").get("versions");
            assertThat(versions).extracting(v -> v.get("version").asInt()).containsExactly(0, 1);
            assertThat(versions.get(1).get("grownBy").asText()).isEqualTo("plan");
            assertThat(versions.get(1).get("attempt").asInt()).isEqualTo(2);
            assertThat(versions.get(1).get("addedNodes")).extracting(JsonNode::asText).contains("design", "build", "test");
            JsonNode v0 = get(s, "/api/executions/" + id + "/versions?version=0");
            assertThat(v0.get("nodes")).extracting(JsonNode::asText).doesNotContain("design");
            JsonNode v1 = get(s, "/api/executions/" + id + "/versions?version=1");
            assertThat(v1.get("nodes")).extracting(JsonNode::asText).contains("design", "build", "test");
            assertThat(v1.at("/added/grownBy").asText()).isEqualTo("plan");
            assertThat(v1.get("mermaid").asText()).contains("flowchart");
            assertThat(status(s, "/api/executions/" + id + "/versions?version=9")).isEqualTo(404);
        }
    }

    private JsonNode get(Running s, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(s.studio.url().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private int status(Running s, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(s.studio.url().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.body()).as("a plain message, not a stack trace").doesNotContain("Exception");
        return r.statusCode();
    }
}
