package dev.flow.engine.exec;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Follows an agent's standard output while it runs, a few times a second, and tells the sink each
 * time what the agent is doing changes ({@link AgentActivity}). It reads only what was added since
 * its last look, and only whole lines; a line longer than {@link #MAX_LINE} (a large tool result) is
 * passed over. It stops when closed, after a last look.
 */
final class ActivityWatcher implements AutoCloseable {
    static final long POLL_MILLIS = 250;
    static final int MAX_LINE = 256 * 1024;

    private final Path file;
    private final String executionId;
    private final String nodeId;
    private final ActivitySink sink;
    private final Thread thread;
    private volatile boolean closed;
    private long offset;
    private String last;
    private final StringBuilder partial = new StringBuilder();
    private boolean skipping;

    private ActivityWatcher(Path file, String executionId, String nodeId, ActivitySink sink) {
        this.file = file;
        this.executionId = executionId;
        this.nodeId = nodeId;
        this.sink = sink;
        this.thread = new Thread(this::loop, "flow-activity-" + nodeId);
        this.thread.setDaemon(true);
    }

    /** Starts following {@code file}; with the {@link ActivitySink#NONE} sink, nothing is started. */
    static ActivityWatcher start(Path file, String executionId, String nodeId, ActivitySink sink) {
        var w = new ActivityWatcher(file, executionId, nodeId, sink);
        if (sink != ActivitySink.NONE) {
            w.thread.start();
        }
        return w;
    }

    private void loop() {
        while (!closed) {
            look();
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                break;
            }
        }
        look();
    }

    private void look() {
        try {
            if (!Files.exists(file) || Files.size(file) <= offset) {
                return;
            }
            try (var in = new RandomAccessFile(file.toFile(), "r")) {
                in.seek(offset);
                byte[] chunk = new byte[(int) Math.min(1024 * 1024, in.length() - offset)];
                in.readFully(chunk);
                offset += chunk.length;
                feed(new String(chunk, StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            // the progress line misses one look; the stream itself is kept whole in stdout.log
        }
    }

    private void feed(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                if (!skipping) {
                    AgentActivity.of(partial.toString()).ifPresent(this::tell);
                }
                partial.setLength(0);
                skipping = false;
            } else if (!skipping) {
                partial.append(c);
                if (partial.length() > MAX_LINE) {
                    partial.setLength(0);
                    skipping = true;
                }
            }
        }
    }

    private void tell(String what) {
        if (!what.equals(last)) {
            last = what;
            sink.activity(executionId, nodeId, what);
        }
    }

    @Override
    public void close() {
        closed = true;
        if (thread.isAlive()) {
            thread.interrupt();
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
