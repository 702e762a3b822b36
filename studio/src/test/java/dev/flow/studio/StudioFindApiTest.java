package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Find, timeline, costs and fork through the studio's API, on real runs in a real database. */
class StudioFindApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void findsExecutionsByStatusWorkflowAndTextAPageAtATime() throws Exception {
        try (var s = new Running(dir)) {
            var ids = new ArrayList<String>();
            for (int i = 0; i < 5; i++) {
                ids.add(s.waitingApproval());
            }
            s.engine.cancel(ids.get(1), "not today");
            String fixing = s.start("fixing", Fixing.workflow(dir, "fixing"));
            assertThat(s.read("/api/executions?status=cancelled").get("executions")).extracting(e -> e.get("id").asText())
                    .containsExactly(ids.get(1));
            assertThat(s.read("/api/executions?workflow=fixing").get("executions")).extracting(e -> e.get("id").asText())
                    .containsExactly(fixing);
            // text in the inputs (the fixing run's issue) and in a node's result (the approval's build summary)
            assertThat(s.read("/api/executions?q=LOGIN").get("executions")).extracting(e -> e.get("id").asText()).containsExactly(fixing);
            assertThat(s.read("/api/executions?q=" + enc("version 1.2.3") + "&status=waiting").get("executions")).hasSize(4);
            assertThat(s.read("/api/executions?id=" + enc(fixing.substring(0, fixing.length() - 1))).get("executions"))
                    .extracting(e -> e.get("id").asText()).contains(fixing);

            var seen = new ArrayList<String>();
            String after = "";
            do {
                JsonNode page = s.read("/api/executions?limit=2&after=" + enc(after));
                assertThat(page.get("executions").size()).isLessThanOrEqualTo(2);
                page.get("executions").forEach(e -> seen.add(e.get("id").asText()));
                after = page.get("next").isNull() ? null : page.get("next").asText();
            } while (after != null);
            assertThat(seen).hasSize(6).doesNotHaveDuplicates().containsAll(ids).contains(fixing);
        }
    }

    @Test
    void aSearchThatMakesNoSenseIsRefusedWithAPlainMessage() throws Exception {
        try (var s = new Running(dir)) {
            assertThat(s.refusal("/api/executions?status=sleeping"))
                    .isEqualTo("no status \"sleeping\": one of running, waiting, completed, failed, limit_reached, cancelled");
            assertThat(s.refusal("/api/executions?from=yesterday")).isEqualTo("\"from\" takes a number, not \"yesterday\"");
            assertThat(s.refusal("/api/executions?after=nonsense")).isEqualTo("\"after\" is the \"next\" of an earlier page (TIME.ID), not \"nonsense\"");
        }
    }

    @Test
    void theTimelineShowsTheRetriedAttemptThePersonsWaitAndTheCriticalPath() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.start("fixing", Fixing.workflow(dir, "fixing"));
            s.engine.run(id); // the agent fails once, is retried, then the run waits for its person
            JsonNode t = s.read("/api/executions/" + id + "/timeline");
            assertThat(bars(t)).containsExactly("fix 1.1 retried", "fix 1.2 completed", "review 1.1 waiting");
            assertThat(t.get("bars")).allSatisfy(b -> assertThat(b.get("startedAt").asLong()).isPositive());
            assertThat(t.get("bars").get(1).get("inputTokens").asLong()).isEqualTo(1200);
            // the retry was queued when the attempt before it failed, and waited out its backoff there
            assertThat(t.get("bars").get(1).get("queuedAt").asLong()).isEqualTo(t.get("bars").get(0).get("finishedAt").asLong());
            assertThat(t.get("bars").get(1).get("startedAt").asLong()).isGreaterThanOrEqualTo(t.get("bars").get(1).get("queuedAt").asLong());
            // the person's wait follows the attempt that worked, which followed the one that failed
            assertThat(t.get("bars")).allSatisfy(b -> assertThat(b.get("critical").asBoolean()).isTrue());
            assertThat(t.get("end").isNull()).isTrue();

            s.engine.answer(id, "review", "approved", "fine");
            s.engine.resume(id);
            t = s.read("/api/executions/" + id + "/timeline?limit=2");
            assertThat(t.get("total").asInt()).isEqualTo(4);
            assertThat(bars(t)).containsExactly("fix 1.1 retried", "fix 1.2 completed");
            JsonNode rest = s.read("/api/executions/" + id + "/timeline?offset=" + t.get("next").asInt());
            assertThat(bars(rest)).containsExactly("review 1.1 completed", "ship 1.1 completed");
            assertThat(rest.get("next").isNull()).isTrue();
            assertThat(rest.get("end").asLong()).isPositive();
        }
    }

    @Test
    void costsAddUpEveryAttemptPerNodePerAgentPerRunAndAcrossRuns() throws Exception {
        try (var s = new Running(dir)) {
            String source = Fixing.workflow(dir, "fixing");
            String first = s.start("fixing", source);
            s.engine.run(first);
            String second = s.start("fixing", source);
            s.engine.run(second);
            JsonNode c = s.read("/api/executions/" + first + "/costs");
            assertThat(c.at("/total/cost").asDouble()).isEqualTo(0.25);
            assertThat(c.at("/total/inputTokens").asLong()).isEqualTo(1200);
            assertThat(c.at("/total/outputTokens").asLong()).isEqualTo(300);
            assertThat(c.get("nodes")).singleElement().satisfies(n -> {
                assertThat(n.get("node").asText()).isEqualTo("fix");
                assertThat(n.get("agent").asText()).isEqualTo("fake");
                assertThat(n.get("attempts").asInt()).isEqualTo(2);
            });
            assertThat(c.get("agents")).singleElement().satisfies(a -> assertThat(a.get("cost").asDouble()).isEqualTo(0.25));
            JsonNode across = s.read("/api/costs?workflow=fixing");
            assertThat(across.get("count").asInt()).isEqualTo(2);
            assertThat(across.at("/total/cost").asDouble()).isEqualTo(0.5);
            assertThat(across.at("/total/inputTokens").asLong()).isEqualTo(2400);
            assertThat(across.get("runs")).extracting(r -> r.get("id").asText()).containsExactlyInAnyOrder(first, second);
        }
    }

    @Test
    void aForkFromANodeWithAnInputChangedWaitsForADriverAndSaysSo() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.start("fixing", Fixing.workflow(dir, "fixing"));
            s.engine.run(id);
            JsonNode form = s.read("/api/executions/" + id + "/act");
            assertThat(form.get("database").asText()).isEqualTo(s.store.address());
            assertThat(form.get("forkable")).extracting(JsonNode::asText).contains("fix", "review");
            assertThat(form.get("inputs")).singleElement().satisfies(i -> {
                assertThat(i.get("name").asText()).isEqualTo("issue");
                assertThat(i.get("value").asText()).isEqualTo("the login page");
            });
            HttpResponse<String> fork = post(s, "/api/executions/" + id + "/fork", "{\"node\":\"fix\",\"inputs\":{\"issue\":\"the signup page\"}}");
            assertThat(fork.statusCode()).as(fork.body()).isEqualTo(200);
            String forked = JSON.readTree(fork.body()).get("execution").asText();
            JsonNode view = s.read("/api/executions/" + forked);
            assertThat(view.at("/execution/status").asText()).isEqualTo("running");
            assertThat(view.at("/execution/waitingForDriver").asBoolean()).as("nothing drives the fork yet").isTrue();
            assertThat(s.read("/api/executions/" + id).at("/execution/waitingForDriver").asBoolean()).isFalse();
            assertThat(s.engine.queries().origin(forked)).hasValueSatisfying(o -> assertThat(o.nodeId()).isEqualTo("fix"));
            assertThat(s.engine.queries().execution(forked).inputsJson()).contains("the signup page");

            HttpResponse<String> bad = post(s, "/api/executions/" + id + "/fork", "{\"node\":\"nosuch\"}");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(bad.body()).get("error").asText()).contains("nosuch");
            var foreign = HttpRequest.newBuilder(s.studio.url().resolve("/api/executions/" + id + "/fork")).header("Content-Type", "application/json")
                    .header("Origin", "http://evil.example").POST(HttpRequest.BodyPublishers.ofString("{\"node\":\"fix\"}")).build();
            assertThat(http.send(foreign, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(403);
        }
    }

    private static List<String> bars(JsonNode timeline) {
        var out = new ArrayList<String>();
        timeline.get("bars").forEach(b -> out.add(b.get("node").asText() + " " + b.get("iteration").asInt() + "." + b.get("attempt").asInt()
                + " " + b.get("phase").asText()));
        return out;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private HttpResponse<String> post(Running s, String path, String json) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(s.studio.url().resolve(path)).header("Content-Type", "application/json")
                .header("Origin", "http://" + s.studio.url().getRawAuthority()).POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

}
