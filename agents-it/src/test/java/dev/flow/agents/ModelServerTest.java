package dev.flow.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The model server on its own, with the JDK's HTTP client: what each API's stream holds, failures, cuts, stalls. */
class ModelServerTest {
    private final ModelServer server = ModelServer.start();
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The {@code data:} objects of a server-sent event stream, in order. */
    private static List<JsonNode> events(String stream) throws IOException {
        var out = new ArrayList<JsonNode>();
        for (String line : stream.split("\n")) {
            if (line.startsWith("data: ")) {
                out.add(Dialect.JSON.readTree(line.substring(6)));
            }
        }
        return out;
    }

    private static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.path("type").asText()).toList();
    }

    @Test
    void anthropicStreamsAToolUseBlockWithItsInputAsJsonDeltasThenStopsForTheTool() throws Exception {
        server.play(Step.write("greeting.txt", "Hello, dear world\n"));

        var r = post("/v1/messages?beta=true", "{\"model\":\"claude-x\",\"stream\":true,\"tools\":[{\"name\":\"Write\"}],\"messages\":[]}");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).hasValue("text/event-stream");
        var events = events(r.body());
        assertThat(types(events)).containsExactly("message_start", "content_block_start", "content_block_delta", "content_block_stop",
                "message_delta", "message_stop");
        assertThat(events.get(1).at("/content_block/name").asText()).isEqualTo("Write");
        assertThat(Dialect.JSON.readTree(events.get(2).at("/delta/partial_json").asText()).path("file_path").asText()).isEqualTo("greeting.txt");
        assertThat(events.get(4).at("/delta/stop_reason").asText()).isEqualTo("tool_use");
        assertThat(events.get(0).at("/message/usage/input_tokens").asInt()).isEqualTo(100);
        assertThat(events.get(4).at("/usage/output_tokens").asInt()).isEqualTo(20);
    }

    @Test
    void aRequestWithoutToolsIsASideRequestAndLeavesTheScriptAlone() throws Exception {
        server.play(Step.say("the turn's answer"));

        var r = post("/v1/messages", "{\"model\":\"claude-x\",\"messages\":[{\"role\":\"user\",\"content\":\"a title please\"}]}");

        assertThat(Dialect.JSON.readTree(r.body()).at("/content/0/text").asText()).isEqualTo("ok");
        assertThat(server.remaining()).isEqualTo(1);
        assertThat(server.exchanges()).singleElement().satisfies(e -> {
            assertThat(e.turn()).isFalse();
            assertThat(e.text()).contains("a title please");
        });
    }

    @Test
    void openAiStreamsItemsAndEndsWithResponseCompletedAndItsUsage() throws Exception {
        server.play(new Step.Call("Writing it.", List.of(new Tool.Write("greeting.txt", "Hi\n"), new Tool.Shell("sh test.sh")), Step.Usage.DEFAULT));

        var r = post("/v1/responses", "{\"model\":\"gpt-5.5\",\"stream\":true,\"input\":[],\"tools\":[]}");

        var events = events(r.body());
        assertThat(types(events)).startsWith("response.created").endsWith("response.completed");
        var done = events.stream().filter(e -> e.path("type").asText().equals("response.output_item.done")).map(e -> e.path("item")).toList();
        assertThat(done).extracting(i -> i.path("type").asText()).containsExactly("message", "custom_tool_call", "function_call");
        assertThat(done.get(1).path("input").asText()).isEqualTo("*** Begin Patch\n*** Add File: greeting.txt\n+Hi\n*** End Patch\n");
        assertThat(Dialect.JSON.readTree(done.get(2).path("arguments").asText()).path("cmd").asText()).isEqualTo("sh test.sh");
        assertThat(events.get(events.size() - 1).at("/response/usage/total_tokens").asInt()).isEqualTo(120);
    }

    @Test
    void geminiStreamsAFunctionCallPartAndFillsTheSchemaOfASideQuestion() throws Exception {
        server.play(Step.edit("greeting.txt", "Hello", "Hello, dear"));

        var turn = post("/v1beta/models/gemini-x:streamGenerateContent?alt=sse",
                "{\"contents\":[],\"tools\":[{\"functionDeclarations\":[{\"name\":\"replace\"}]}]}");
        var side = post("/v1beta/models/gemini-lite:generateContent", "{\"contents\":[],\"generationConfig\":{\"responseJsonSchema\":"
                + "{\"type\":\"OBJECT\",\"properties\":{\"reasoning\":{\"type\":\"STRING\"},\"next_speaker\":{\"type\":\"STRING\",\"enum\":[\"model\",\"user\"]},"
                + "\"complexity_score\":{\"type\":\"INTEGER\"}}}}}");

        JsonNode call = events(turn.body()).get(0).at("/candidates/0/content/parts/0/functionCall");
        assertThat(call.path("name").asText()).isEqualTo("replace");
        assertThat(call.at("/args/new_string").asText()).isEqualTo("Hello, dear");
        JsonNode answer = Dialect.JSON.readTree(Dialect.JSON.readTree(side.body()).at("/candidates/0/content/parts/0/text").asText());
        assertThat(answer.path("next_speaker").asText()).isEqualTo("user");
        assertThat(answer.path("complexity_score").asInt()).isEqualTo(1);
    }

    @Test
    void failuresHaveEachApisStatusAndBody() throws Exception {
        server.play(Step.fail(Step.Failure.OVERLOADED), Step.fail(Step.Failure.RATE_LIMIT), Step.fail(Step.Failure.BAD_KEY));

        var anthropic = post("/v1/messages", "{\"tools\":[{}],\"stream\":true}");
        var openai = post("/v1/responses", "{\"tools\":[],\"stream\":true}");
        var gemini = post("/v1beta/models/g:streamGenerateContent", "{\"tools\":[{}]}");

        assertThat(anthropic.statusCode()).isEqualTo(529);
        assertThat(anthropic.body()).contains("overloaded_error");
        assertThat(openai.statusCode()).isEqualTo(429);
        assertThat(openai.body()).contains("rate_limit_exceeded");
        assertThat(gemini.statusCode()).isEqualTo(400);
        assertThat(gemini.body()).contains("API_KEY_INVALID");
    }

    @Test
    void aCutStreamEndsInAnErrorAtTheClientNotInACleanEnd() {
        server.play(new Step.Cut("Hello, I am half"));

        assertThatThrownBy(() -> post("/v1/messages", "{\"tools\":[{}],\"stream\":true}")).isInstanceOf(IOException.class);
        assertThat(server.turns()).hasSize(1);
    }

    @Test
    void aStallHoldsTheRequestUntilTheServerCloses() throws Exception {
        server.play(new Step.Stall());
        var pending = http.sendAsync(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/v1/messages"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"tools\":[{}]}")).build(), HttpResponse.BodyHandlers.ofString());

        server.await(Exchange::turn, Duration.ofSeconds(30));
        assertThat(pending).isNotDone();
        server.close();

        assertThatThrownBy(pending::join).isInstanceOf(CompletionException.class).hasCauseInstanceOf(IOException.class);
    }
}
