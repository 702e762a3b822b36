package dev.flow.studio;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.store.ExecutionRow;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Server-sent events for the page, fed by polling the database: runs are driven by other
 * processes ({@code flow run}, {@code flow worker}), so the database is the only place that sees
 * them all. Sends {@code executions} when any execution may have changed ({@link
 * StudioData#listSignature}: the page then reads its search again) and, for the execution the page shows,
 * {@code events} with the new ones (the page then reads the execution again). A comment line every
 * poll finds a closed page and ends the stream.
 *
 * <p>Streams hold no thread: one ticker reads the database once per poll for all of them (the
 * list once, each shown execution once) and hands each open stream its text as a non-blocking
 * write. A thread per stream had let 200 open pages take every one of Jetty's threads, and the API
 * stopped answering.
 */
final class EventStream implements AutoCloseable {
    /** How often the database is read; a person does not see 250 ms. */
    static final long POLL_MILLIS = 250;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Open streams a client may hold, and all clients together. A stream holds a connection (a
     * file descriptor) and a few objects, no thread; the bounds keep one client from taking the
     * server's file descriptors. Beyond them a stream is refused with 503.
     */
    static final int PER_CLIENT = 512;
    static final int TOTAL = 2048;

    private final StudioData data;
    private final Set<Open> streams = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> clients = new HashMap<>();
    private final ScheduledExecutorService ticker;
    private int total;

    EventStream(StudioData data) {
        this.data = data;
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            var thread = new Thread(r, "flow-studio-events");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleWithFixedDelay(this::tick, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Counts a new stream of {@code client}; false when it or all clients hold as many as they may. */
    synchronized boolean admit(String client) {
        int held = clients.getOrDefault(client, 0);
        if (held >= PER_CLIENT || total >= TOTAL) {
            return false;
        }
        clients.put(client, held + 1);
        total++;
        return true;
    }

    /** Counts a stream of {@code client} as ended. */
    synchronized void release(String client) {
        int held = clients.getOrDefault(client, 0);
        if (held <= 1) {
            clients.remove(client);
        } else {
            clients.put(client, held - 1);
        }
        total--;
    }

    /**
     * Opens a stream of an admitted {@code client} and returns at once; the ticker feeds it until
     * the page goes away or the studio stops, then completes {@code callback}.
     *
     * @param executionId the execution the page shows, or null
     * @param afterSeq the last event the page has
     */
    void open(String client, Response response, Callback callback, String executionId, long afterSeq) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        var stream = new Open(client, response, callback, executionId, afterSeq);
        stream.send(":\n\n"); // the headers now, not at the next poll; before the ticker sees it, so writes never overlap
        streams.add(stream);
    }

    /** One poll for every open stream; never throws, so that the ticker keeps ticking. */
    private void tick() {
        if (streams.isEmpty()) {
            return;
        }
        List<String> executions;
        try {
            executions = data.listSignature();
        } catch (RuntimeException e) {
            System.err.println("flow studio: the event streams cannot read the executions: " + e.getMessage());
            return;
        }
        var rows = new HashMap<String, ExecutionRow>();
        var events = new HashMap<String, List<Map<String, Object>>>();
        for (Open stream : streams) {
            if (stream.writing.get()) {
                continue; // its page reads slowly: it gets what is new once the last write is done
            }
            try {
                stream.send(stream.next(executions, rows, events));
            } catch (RuntimeException e) {
                // an execution deleted under the page, a database that went away: this stream ends
                stream.end(e);
            }
        }
    }

    private static String message(String event, Object body) {
        try {
            return "event: " + event + "\ndata: " + JSON.writeValueAsString(body) + "\n\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the studio's data cannot be written as JSON", e);
        }
    }

    /** Ends every stream (the studio stops) and the ticker. */
    @Override
    public void close() {
        ticker.shutdownNow();
        for (Open stream : streams) {
            stream.end(null);
        }
    }

    /** An open page's stream: what it was last sent, and whether a write to it is under way. */
    private final class Open {
        private final String client;
        private final Response response;
        private final Callback callback;
        private final String executionId;
        private final AtomicBoolean writing = new AtomicBoolean();
        private final AtomicBoolean ended = new AtomicBoolean();
        private List<String> shown;
        private long seq;
        private String status;

        Open(String client, Response response, Callback callback, String executionId, long afterSeq) {
            this.client = client;
            this.response = response;
            this.callback = callback;
            this.executionId = executionId;
            this.seq = afterSeq;
        }

        /** What is new for this page; a comment when nothing is, which finds a page that has gone. */
        String next(List<String> executions, Map<String, ExecutionRow> rows,
                Map<String, List<Map<String, Object>>> events) {
            var out = new StringBuilder();
            if (!executions.equals(shown)) {
                shown = executions;
                // the page reads its own search again; the newest execution's id says whether one started
                var changed = new java.util.LinkedHashMap<String, Object>();
                changed.put("changed", true);
                changed.put("newest", executions.isEmpty() ? null : executions.get(0));
                out.append(message("executions", changed));
            }
            if (executionId != null) {
                ExecutionRow row = rows.computeIfAbsent(executionId, data::row);
                List<Map<String, Object>> fresh = events.computeIfAbsent(executionId + "@" + seq, key -> data.events(executionId, seq));
                if (!fresh.isEmpty() || !row.status().keyword().equals(status)) {
                    if (!fresh.isEmpty()) {
                        seq = (long) fresh.get(fresh.size() - 1).get("seq");
                    }
                    status = row.status().keyword();
                    out.append(message("events", Map.of("execution", executionId, "status", status, "events", fresh)));
                }
            }
            return out.length() == 0 ? ":\n\n" : out.toString();
        }

        void send(String text) {
            writing.set(true);
            response.write(false, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), Callback.from(
                    () -> writing.set(false),
                    this::end));
        }

        /** Removes the stream and completes its request: failed when {@code why} is set (the page went away). */
        void end(Throwable why) {
            if (!ended.compareAndSet(false, true)) {
                return;
            }
            streams.remove(this);
            release(client);
            if (why == null) {
                response.write(true, null, callback);
            } else {
                callback.failed(why);
            }
        }
    }
}
