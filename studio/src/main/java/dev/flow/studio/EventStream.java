package dev.flow.studio;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.store.ExecutionRow;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.FutureCallback;

/**
 * Server-sent events for the page, fed by polling the database: runs are driven by other
 * processes ({@code flow run}, {@code flow worker}), so the database is the only place that sees
 * them all. Sends {@code executions} when the list changes and, for the execution the page shows,
 * {@code events} with the new ones (the page then reads the execution again). A comment line every
 * poll finds a closed page and ends the stream.
 */
final class EventStream {
    /** How often the database is read; a person does not see 250 ms. */
    static final long POLL_MILLIS = 250;
    private static final long WRITE_SECONDS = 10;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Open streams a client may hold, and all clients together. Each stream holds one of Jetty's
     * threads while it waits between polls: 200 open streams took every thread and the API stopped
     * answering. Beyond these bounds a stream is refused with 503, and the API keeps its threads.
     */
    static final int PER_CLIENT = 16;
    static final int TOTAL = 64;

    private final StudioData data;
    private final BooleanSupplier open;
    private final Map<String, Integer> streams = new HashMap<>();
    private int total;

    EventStream(StudioData data, BooleanSupplier open) {
        this.data = data;
        this.open = open;
    }

    /** Counts a new stream of {@code client}; false when it or all clients hold as many as they may. */
    synchronized boolean admit(String client) {
        int held = streams.getOrDefault(client, 0);
        if (held >= PER_CLIENT || total >= TOTAL) {
            return false;
        }
        streams.put(client, held + 1);
        total++;
        return true;
    }

    /** Counts a stream of {@code client} as ended. */
    synchronized void release(String client) {
        int held = streams.getOrDefault(client, 0);
        if (held <= 1) {
            streams.remove(client);
        } else {
            streams.put(client, held - 1);
        }
        total--;
    }

    /**
     * Streams until the page goes away or the studio stops.
     *
     * @param executionId the execution the page shows, or null
     * @param afterSeq the last event the page has
     */
    void stream(Response response, String executionId, long afterSeq) throws InterruptedException {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        List<Map<String, Object>> shown = null;
        long seq = afterSeq;
        String status = null;
        while (open.getAsBoolean()) {
            var out = new StringBuilder();
            List<Map<String, Object>> executions = data.executions();
            if (!executions.equals(shown)) {
                shown = executions;
                out.append(message("executions", Map.of("executions", executions)));
            }
            if (executionId != null) {
                ExecutionRow row = data.row(executionId);
                List<Map<String, Object>> events = data.events(executionId, seq);
                if (!events.isEmpty() || !row.status().keyword().equals(status)) {
                    if (!events.isEmpty()) {
                        seq = (long) events.get(events.size() - 1).get("seq");
                    }
                    status = row.status().keyword();
                    out.append(message("events", Map.of("execution", executionId, "status", status, "events", events)));
                }
            }
            if (out.length() == 0) {
                out.append(":\n\n"); // a comment: finds a page that has gone
            }
            if (!write(response, out.toString())) {
                return;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static String message(String event, Object body) {
        try {
            return "event: " + event + "\ndata: " + JSON.writeValueAsString(body) + "\n\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the studio's data cannot be written as JSON", e);
        }
    }

    /** Writes and waits; false when the page has gone. */
    private static boolean write(Response response, String text) throws InterruptedException {
        var done = new FutureCallback();
        response.write(false, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), done);
        try {
            done.get(WRITE_SECONDS, TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }
}
