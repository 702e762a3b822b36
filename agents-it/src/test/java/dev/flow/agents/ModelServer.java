package dev.flow.agents;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;

/**
 * A stand-in for the model APIs of Anthropic (Messages), OpenAI (Responses) and Google (Gemini), on
 * 127.0.0.1, for tests that drive the real agent CLIs. Each request that is an agent's turn plays the
 * next {@link Step} of the test's script, streamed as the real API streams it (tool calls included,
 * so the CLI really writes files and runs commands with its own tools); side requests get a neutral
 * answer. Every request is recorded.
 */
final class ModelServer implements AutoCloseable {

    private static final List<Dialect> DIALECTS = List.of(new AnthropicMessages(), new OpenAiResponses(), new GeminiApi());

    private final Deque<Step> script = new ArrayDeque<>();
    private final List<Exchange> exchanges = new ArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final LoopbackHttp http;
    private Step whenDone = Step.say("The script of the model server has no more steps.");
    private int turns;

    private ModelServer() {
        http = new LoopbackHttp(this::handle);
    }

    static ModelServer start() {
        return new ModelServer();
    }

    /** {@code http://127.0.0.1:PORT}, without a path: each CLI adds its own. */
    String baseUrl() {
        return "http://127.0.0.1:" + http.port();
    }

    /** Adds steps to the script, played in order for the coming turns. */
    synchronized ModelServer play(Step... steps) {
        script.addAll(List.of(steps));
        return this;
    }

    /** What turns get once the script is played out (by default a text that says so). */
    synchronized ModelServer whenDone(Step step) {
        whenDone = step;
        return this;
    }

    /** Every request so far, in order of arrival. */
    synchronized List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    /** The requests that played steps. */
    synchronized List<Exchange> turns() {
        return exchanges.stream().filter(Exchange::turn).toList();
    }

    /** Steps not played yet. */
    synchronized int remaining() {
        return script.size();
    }

    /**
     * Waits until a request matches, polling; for a test that must see a request arrive (a stall has
     * begun) before it goes on. Fails after {@code patience}, which only bounds a broken test.
     */
    Exchange await(Predicate<Exchange> match, Duration patience) throws InterruptedException {
        long end = System.nanoTime() + patience.toNanos();
        while (System.nanoTime() < end) {
            synchronized (this) {
                for (Exchange e : exchanges) {
                    if (match.test(e)) {
                        return e;
                    }
                }
                wait(50);
            }
        }
        throw new AssertionError("no such request within " + patience + "; requests: " + exchanges());
    }

    private void handle(LoopbackHttp.Request request, LoopbackHttp.Response out) throws IOException {
        Dialect dialect = DIALECTS.stream().filter(d -> d.handles(request)).findFirst().orElse(null);
        JsonNode body = parse(request);
        if (dialect == null) {
            record(new Exchange("none", false, request.method(), request.path(), request.query(), request.headers(), body, null));
            out.send(404, "application/json", "{\"error\":{\"message\":\"the model server has no " + request.path() + "\"}}", Map.of());
            return;
        }
        boolean turn = dialect.isTurn(request, body);
        Step step = null;
        int n;
        synchronized (this) {
            n = ++turns;
            if (turn) {
                step = script.isEmpty() ? whenDone : script.poll();
            }
            exchanges.add(new Exchange(dialect.name(), turn, request.method(), request.path(), request.query(), request.headers(), body, step));
            notifyAll();
        }
        if (!turn) {
            dialect.aside(request, body, out);
        } else if (step instanceof Step.Stall) {
            stall();
            // the server is closing: the connection drops, as the model never answered
            out.cut();
        } else {
            dialect.play(step, n, request, body, out);
        }
    }

    private synchronized void record(Exchange e) {
        exchanges.add(e);
        notifyAll();
    }

    /** Holds the request until the server closes, as a model that never answers. */
    private void stall() {
        try {
            closing.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static JsonNode parse(LoopbackHttp.Request request) {
        if (request.body().length == 0) {
            return null;
        }
        try {
            return Dialect.JSON.readTree(request.body());
        } catch (IOException e) {
            return Dialect.JSON.getNodeFactory().textNode(request.bodyText());
        }
    }

    @Override
    public void close() {
        closing.countDown();
        http.close();
    }
}
