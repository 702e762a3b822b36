package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.RunOutcome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class StudioApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void listsTheExecutionsNewestFirstWithTheirStatus() throws Exception {
        try (var s = new Running(dir)) {
            String first = s.waitingApproval();
            String second = s.start("approval2", Running.approval("approval2", "echo version 1.2.3"));
            JsonNode list = get(s, "/api/executions").path("executions");
            assertThat(list).extracting(e -> e.get("id").asText()).containsExactly(second, first);
            assertThat(list.get(1).get("status").asText()).isEqualTo("waiting");
            assertThat(list.get(1).get("workflow").asText()).isEqualTo("approval");
            assertThat(list.get(1).get("createdAt").asLong()).isPositive();
        }
    }

    @Test
    void showsAnExecutionsNodesQuestionAndGraph() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            JsonNode view = get(s, "/api/executions/" + id);
            assertThat(view.at("/execution/status").asText()).isEqualTo("waiting");
            assertThat(view.get("nodes")).extracting(n -> n.get("id").asText() + "=" + n.get("status").asText())
                    .contains("build=completed", "review=waiting", "ship=pending");
            JsonNode question = view.get("questions").get(0);
            assertThat(question.get("node").asText()).isEqualTo("review");
            assertThat(question.get("prompt").asText()).isEqualTo("The build made version 1.2.3. Ship it?");
            assertThat(question.get("options")).extracting(JsonNode::asText).containsExactly("approved", "rejected");
            assertThat(view.at("/graph/mermaid").asText()).contains("flowchart TD");
            assertThat(view.at("/graph/ids/review").asText()).matches("n[0-9]+");
        }
    }

    @Test
    void givesTheEventsAfterTheOnesThePageHas() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            JsonNode all = get(s, "/api/executions/" + id + "/events").get("events");
            assertThat(all).extracting(e -> e.get("kind").asText()).contains("node_started");
            long second = all.get(1).get("seq").asLong();
            JsonNode after = get(s, "/api/executions/" + id + "/events?after=" + second).get("events");
            assertThat(after).hasSize(all.size() - 2);
            assertThat(after.get(0).get("seq").asLong()).isGreaterThan(second);
        }
    }

    @Test
    void anAnswerThroughTheStudioLetsTheRunGoOn() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            HttpResponse<String> answer = post(s, "/api/executions/" + id + "/answer", "{\"node\":\"review\",\"output\":\"approved\",\"note\":\"ship it\"}");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(answer.body()).get("status").asText()).isEqualTo("running");
            assertThat(s.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(get(s, "/api/executions/" + id).at("/execution/status").asText()).isEqualTo("completed");
            JsonNode runs = get(s, "/api/executions/" + id + "/nodes/review").get("runs");
            assertThat(runs).singleElement().satisfies(run -> {
                assertThat(run.get("output").asText()).isEqualTo("approved");
                assertThat(run.at("/result/note").asText()).isEqualTo("ship it");
            });
        }
    }

    @Test
    void aWrongAnswerIsRefusedWithTheEnginesReason() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            HttpResponse<String> answer = post(s, "/api/executions/" + id + "/answer", "{\"node\":\"review\",\"output\":\"maybe\"}");
            assertThat(answer.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(answer.body()).get("error").asText()).isEqualTo("\"maybe\" is not an answer to \"review\": choose one of approved, rejected");
        }
    }

    @Test
    void anUnknownExecutionIsNotFound() throws Exception {
        try (var s = new Running(dir)) {
            HttpResponse<String> r = http.send(request(s, "/api/executions/nosuch").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(404);
            assertThat(JSON.readTree(r.body()).get("error").asText()).startsWith("no execution \"nosuch\"");
        }
    }

    @Test
    void changesComeAsJsonFromTheStudiosOwnPageOnly() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            String body = "{\"node\":\"review\",\"output\":\"approved\"}";
            var form = request(s, "/api/executions/" + id + "/answer").header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            assertThat(http.send(form, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(415);
            var foreign = request(s, "/api/executions/" + id + "/answer").header("Content-Type", "application/json")
                    .header("Origin", "http://evil.example").POST(HttpRequest.BodyPublishers.ofString(body)).build();
            assertThat(http.send(foreign, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(403);
            assertThat(s.engine.queries().status(id).questions()).hasSize(1);
        }
    }

    @Test
    @Timeout(300) // a guard against a hang, not a measurement: 250 real connections on a loaded machine
    void twoHundredFiftyOpenEventStreamsLeaveTheApiAnsweringAndAllReceiveEvents() throws Exception {
        // each stream held one of Jetty's threads: 200 open streams took them all and the API stopped answering
        try (var s = new Running(dir)) {
            var open = new ArrayList<Socket>();
            var readers = new ArrayList<BufferedReader>();
            try {
                for (int i = 0; i < 250; i++) {
                    Socket socket = streamSocket(s);
                    open.add(socket);
                    BufferedReader reader = reader(socket);
                    readers.add(reader);
                    assertThat(reader.readLine()).as("stream " + i).contains(" 200 ");
                }
                assertThat(get(s, "/api/executions").get("executions")).isEmpty();
                String id = s.waitingApproval();
                assertThat(get(s, "/api/executions/" + id).at("/execution/status").asText()).isEqualTo("waiting");
                for (int i = 0; i < readers.size(); i++) {
                    String line;
                    do {
                        line = readers.get(i).readLine();
                        assertThat(line).as("stream " + i + " ended before it showed the new execution").isNotNull();
                    } while (!(line.startsWith("data:") && line.contains(id)));
                }
            } finally {
                for (Socket socket : open) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void eventStreamsAreBoundedForEachClientAndInAll() throws Exception {
        try (var s = new Running(dir); var streams = new EventStream(new StudioData(s.engine.queries(), s.store))) {
            for (int i = 0; i < EventStream.PER_CLIENT; i++) {
                assertThat(streams.admit("10.0.0.1")).isTrue();
            }
            assertThat(streams.admit("10.0.0.1")).isFalse();
            streams.release("10.0.0.1");
            assertThat(streams.admit("10.0.0.1")).isTrue();
            for (int i = EventStream.PER_CLIENT; i < EventStream.TOTAL; i++) {
                assertThat(streams.admit("10.0.1." + i)).isTrue();
            }
            assertThat(streams.admit("10.0.2.1")).isFalse();
        }
    }

    private static Socket streamSocket(Running s) throws IOException {
        var socket = new Socket("127.0.0.1", s.studio.url().getPort());
        socket.getOutputStream().write(("GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    private static BufferedReader reader(Socket socket) throws IOException {
        socket.setSoTimeout(60_000);
        return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    }

    @Test
    void noPageOfAnotherSiteCanFrameTheStudio() throws Exception {
        // two clicks in a hidden frame on another site answered a person's question
        try (var s = new Running(dir)) {
            for (String path : new String[] {"/", "/api/executions", "/nosuch"}) {
                HttpResponse<String> r = http.send(request(s, path).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(r.headers().firstValue("X-Frame-Options")).as(path).hasValue("DENY");
                assertThat(r.headers().firstValue("Content-Security-Policy")).as(path).hasValueSatisfying(
                        csp -> assertThat(csp).contains("frame-ancestors 'none'", "default-src 'self'"));
            }
        }
    }

    @Test
    void aChangeMustComeFromTheStudiosOwnOrigin() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            String body = "{\"node\":\"review\",\"output\":\"approved\"}";
            var answer = request(s, "/api/executions/" + id + "/answer").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body));
            assertThat(status(answer.copy())).as("no Origin, no Sec-Fetch-Site").isEqualTo(403);
            HttpResponse<String> refused = http.send(answer.copy().header("Sec-Fetch-Site", "cross-site").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(403);
            // its body unread, the connection is not kept for the next request
            assertThat(refused.headers().firstValue("connection")).hasValue("close");
            assertThat(s.engine.queries().status(id).questions()).hasSize(1);
            assertThat(status(answer.copy().header("Sec-Fetch-Site", "same-origin"))).isEqualTo(200);
        }
    }

    @Test
    void aMalformedOriginIsRefusedWithAPlainMessage() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            var bad = request(s, "/api/executions/" + id + "/cancel").header("Content-Type", "application/json")
                    .header("Origin", "http://a b^c").POST(HttpRequest.BodyPublishers.ofString("{}")).build();
            HttpResponse<String> r = http.send(bad, HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(r.body()).get("error").asText()).isEqualTo("the Origin header is not an origin (scheme://host:port)");
            assertThat(r.body()).doesNotContain("Exception");
        }
    }

    @Test
    void aNodePageAnswersForIdsWithSpacesAndQuotes() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            String node = URLEncoder.encode("say \"hi\" to 'them'", StandardCharsets.UTF_8).replace("+", "%20");
            // this workflow has no such node: the answer names it as the page meant it, not a 404 for the path
            HttpResponse<String> r = http.send(request(s, "/api/executions/" + id + "/nodes/" + node).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(JSON.readTree(r.body()).get("error").asText()).isEqualTo("workflow \"approval\" has no node \"say \"hi\" to 'them'\"");
            assertThat(get(s, "/api/executions/" + id + "/nodes/review").get("runs")).hasSize(1);
        }
    }

    @Test
    void aTokenInTheAddressIsKeptInACookieAndTakenOutOfTheAddress() throws Exception {
        try (var s = new Running(dir, StudioAddress.of(StudioAddress.LOOPBACK, 0, "s3cret"))) {
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(s.studio.url().resolve("/?token=s3cret&x=1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(303);
            assertThat(page.headers().firstValue("Location")).hasValue("/?x=1");
            assertThat(page.headers().firstValue("Set-Cookie")).hasValueSatisfying(c -> assertThat(c).startsWith("flow_studio_token=s3cret"));
        }
    }

    @Test
    void onLoopbackARequestForAnotherHostNameIsRefused() throws Exception {
        try (var s = new Running(dir)) {
            // a web page whose own name resolves to 127.0.0.1 (DNS rebinding) sends its own Host
            assertThat(rawStatus(s, "evil.example")).isEqualTo(403);
            assertThat(rawStatus(s, "localhost:" + s.studio.url().getPort())).isEqualTo(200);
        }
    }

    @Test
    void withATokenEveryRequestMustCarryIt() throws Exception {
        try (var s = new Running(dir, StudioAddress.of(StudioAddress.LOOPBACK, 0, "s3cret"))) {
            URI base = s.studio.url();
            assertThat(base.getQuery()).isEqualTo("token=s3cret");
            URI api = base.resolve("/api/executions");
            assertThat(status(HttpRequest.newBuilder(api))).isEqualTo(401);
            assertThat(status(HttpRequest.newBuilder(base.resolve("/")))).isEqualTo(401);
            assertThat(status(HttpRequest.newBuilder(base.resolve("/api/executions?token=wrong")))).isEqualTo(401);
            assertThat(status(HttpRequest.newBuilder(api).header("Authorization", "Bearer s3cret"))).isEqualTo(200);
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(base).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(303); // to the page's address without the token
            String cookie = page.headers().firstValue("Set-Cookie").orElseThrow();
            assertThat(cookie).startsWith("flow_studio_token=s3cret").containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Strict");
            assertThat(status(HttpRequest.newBuilder(api).header("Cookie", "flow_studio_token=s3cret"))).isEqualTo(200);
        }
    }

    @Test
    void onEveryInterfaceTheUrlNamesThisMachineAndCarriesAToken() throws Exception {
        try (var s = new Running(dir, StudioAddress.of("0.0.0.0", 0, null))) {
            URI url = s.studio.url();
            assertThat(url.getHost()).isNotEqualTo("0.0.0.0");
            assertThat(url.getQuery()).matches("token=[A-Za-z0-9_-]{32}");
            URI local = URI.create("http://127.0.0.1:" + url.getPort() + "/api/executions");
            assertThat(status(HttpRequest.newBuilder(local))).isEqualTo(401);
            assertThat(status(HttpRequest.newBuilder(URI.create(local + "?" + url.getQuery())))).isEqualTo(200);
        }
    }

    @Test
    void listeningBeyondThisMachineMakesAToken() {
        assertThat(StudioAddress.of("0.0.0.0", 0, null).token()).hasSizeGreaterThanOrEqualTo(32);
        assertThat(StudioAddress.of("0.0.0.0", 0, "given").token()).isEqualTo("given");
        assertThat(StudioAddress.of(StudioAddress.LOOPBACK, 0, null).token()).isNull();
        assertThat(StudioAddress.of("::1", 0, null).token()).isNull();
    }

    @Test
    @Timeout(120) // a guard against a hang, not a measurement: the stream must say the run completed
    void theStreamSaysWhatChangesAsTheRunGoesOn() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            var stream = http.send(request(s, "/api/stream?execution=" + id).build(), HttpResponse.BodyHandlers.ofLines());
            assertThat(stream.statusCode()).isEqualTo(200);
            assertThat(stream.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/event-stream");
            try (Stream<String> lines = stream.body()) {
                var seen = new ArrayList<String>();
                var it = lines.iterator();
                boolean answered = false;
                while (it.hasNext()) {
                    String line = it.next();
                    seen.add(line);
                    if (!answered && line.startsWith("data:") && line.contains("\"status\":\"waiting\"") && seen.contains("event: events")) {
                        s.engine.answer(id, "review", "approved", null);
                        s.engine.resume(id);
                        answered = true;
                    }
                    if (answered && line.startsWith("data:") && line.contains("\"status\":\"completed\"") && line.contains("execution_finished")) {
                        break;
                    }
                }
                assertThat(seen).contains("event: executions", "event: events");
                assertThat(String.join("\n", seen)).contains("\"node\":\"ship\"");
            }
        }
    }

    @Test
    void servesThePageWithTheGraphLibraryBundled() throws Exception {
        try (var s = new Running(dir)) {
            HttpResponse<String> page = http.send(request(s, "/").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
            assertThat(page.body()).doesNotContain("https://");
            // loaded by the page when it first draws a graph, from the studio itself
            assertThat(http.send(request(s, "/assets/studio.js").build(), HttpResponse.BodyHandlers.ofString()).body())
                    .contains("script.src = '/assets/mermaid.min.js';");
            HttpResponse<String> mermaid = http.send(request(s, "/assets/mermaid.min.js").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(mermaid.statusCode()).isEqualTo(200);
            assertThat(mermaid.body().length()).isGreaterThan(100_000);
            assertThat(http.send(request(s, "/assets/../index.html").build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aFileTheBrowserHasIsAnswered304AndAChangedOneWhole() throws Exception {
        try (var s = new Running(dir)) {
            HttpResponse<String> first = http.send(request(s, "/assets/mermaid.min.js").build(), HttpResponse.BodyHandlers.ofString());
            String etag = first.headers().firstValue("ETag").orElseThrow();
            assertThat(first.headers().firstValue("Cache-Control")).as("asked again each time, so a new studio's files are never taken for old ones").hasValue("no-cache");
            HttpResponse<String> again = http.send(request(s, "/assets/mermaid.min.js").header("If-None-Match", etag).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(again.statusCode()).isEqualTo(304);
            assertThat(again.body()).isEmpty();
            HttpResponse<String> other = http.send(request(s, "/assets/studio.js").header("If-None-Match", etag).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(other.statusCode()).as("another file's tag is not this one's").isEqualTo(200);
            assertThat(other.headers().firstValue("ETag").orElseThrow()).isNotEqualTo(etag);
            HttpResponse<String> page = http.send(request(s, "/").header("If-None-Match", "\"stale\"").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("X-Frame-Options")).as("a cached page keeps its guard headers").hasValue("DENY");
        }
    }

    @Test
    void aRunIsCancelledThroughTheStudioOnce() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            HttpResponse<String> cancel = post(s, "/api/executions/" + id + "/cancel", "{\"reason\":\"not today\"}");
            assertThat(cancel.statusCode()).as(cancel.body()).isEqualTo(200);
            assertThat(JSON.readTree(cancel.body()).get("nodesStopped").asInt()).isEqualTo(1);
            JsonNode view = get(s, "/api/executions/" + id);
            assertThat(view.at("/execution/status").asText()).isEqualTo("cancelled");
            assertThat(view.get("questions")).isEmpty();
            HttpResponse<String> again = post(s, "/api/executions/" + id + "/cancel", "{}");
            assertThat(again.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(again.body()).get("error").asText()).contains(id);
        }
    }

    private JsonNode get(Running s, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(request(s, path).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    /** A change as the studio's page sends it: JSON, from the studio's own origin. */
    private HttpResponse<String> post(Running s, String path, String json) throws IOException, InterruptedException {
        return http.send(request(s, path).header("Content-Type", "application/json").header("Origin", origin(s))
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String origin(Running s) {
        return "http://" + s.studio.url().getRawAuthority();
    }

    private static HttpRequest.Builder request(Running s, String path) {
        return HttpRequest.newBuilder(s.studio.url().resolve(path));
    }

    private int status(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** The status of GET /api/executions sent with this Host header (which HttpClient will not set). */
    private static int rawStatus(Running s, String host) throws IOException {
        try (var socket = new Socket(s.studio.url().getHost(), s.studio.url().getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/executions HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String statusLine = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
            return Integer.parseInt(statusLine.split(" ")[1]);
        }
    }
}
