package dev.flow.engine.broker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves one step's {@code flow kv} on a Unix domain socket, from the process that runs the step:
 * the socket is {@code kv.sock} in a new folder only its owner may enter, which the sandbox shows
 * read-only (a client needs no write access to connect). Each connection is served by one of
 * {@link #HANDLERS} threads, one request line after another, the others waiting their turn; a bad request (malformed JSON, an
 * unknown verb, a line too long, a refusal of the step's rights) gets an error answer, never a
 * failure of the process that serves it. Closing the broker stops it and removes its folder.
 */
public final class KvBroker implements AutoCloseable {
    /** The variable that gives a step the broker's socket, instead of the database's address. */
    public static final String SOCKET_VARIABLE = "FLOW_KV_SOCKET";
    /**
     * Connections served at once; up to {@link #WAITING} more are accepted and wait, and the rest wait
     * in the kernel's backlog (a client's connect blocks): a step cannot make the process that serves
     * it open more than {@code HANDLERS + WAITING} descriptors.
     */
    static final int HANDLERS = 4;
    private static final int WAITING = 16;
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final KvAccess access;
    private final Path folder;
    private final Path socket;
    private final ServerSocketChannel server;
    private final ThreadPoolExecutor handlers;
    private final Thread acceptor;
    private final Semaphore open = new Semaphore(HANDLERS + WAITING);
    private volatile boolean closed;

    private KvBroker(KvAccess access, Path folder, Path socket, ServerSocketChannel server) {
        this.access = access;
        this.folder = folder;
        this.socket = socket;
        this.server = server;
        this.handlers = new ThreadPoolExecutor(HANDLERS, HANDLERS, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> daemon(r, "flow-kv-broker"));
        this.handlers.allowCoreThreadTimeOut(true);
        this.acceptor = daemon(this::acceptLoop, "flow-kv-accept");
    }

    /** Starts a broker for {@code access} in a new private folder under the system's temporary folder. */
    public static KvBroker start(KvAccess access) throws IOException {
        Path folder = Files.createTempDirectory("flow-kv-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path socket = folder.resolve("kv.sock");
        ServerSocketChannel server = null;
        try {
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(socket));
            var broker = new KvBroker(access, folder, socket, server);
            broker.acceptor.start();
            return broker;
        } catch (IOException | RuntimeException e) {
            if (server != null) {
                server.close();
            }
            Files.deleteIfExists(socket);
            Files.deleteIfExists(folder);
            throw e;
        }
    }

    /** The folder that holds the socket: bound into the sandbox. */
    public Path folder() {
        return folder;
    }

    /** The socket a client connects to: {@code FLOW_KV_SOCKET}. */
    public Path socket() {
        return socket;
    }

    private static Thread daemon(Runnable r, String name) {
        var t = new Thread(r, name + "-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    }

    private void acceptLoop() {
        while (!closed) {
            SocketChannel channel;
            try {
                open.acquire();
            } catch (InterruptedException e) {
                return; // closed
            }
            try {
                channel = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                handlers.execute(() -> {
                    try {
                        serve(channel);
                    } finally {
                        open.release();
                    }
                });
            } catch (RejectedExecutionException stopped) {
                closeQuietly(channel);
                return;
            }
        }
    }

    private void serve(SocketChannel channel) {
        try (channel; InputStream in = new BufferedInputStream(Channels.newInputStream(channel)); OutputStream out = Channels.newOutputStream(channel)) {
            while (!closed) {
                byte[] line;
                try {
                    line = KvProtocol.readLine(in);
                } catch (KvProtocol.TooLong e) {
                    out.write(KvProtocol.line(KvProtocol.error(e.getMessage())));
                    return;
                }
                if (line == null) {
                    return;
                }
                out.write(KvProtocol.line(answer(line)));
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or wrote something no answer can be sent to: only its connection ends
        }
    }

    /** The answer to one request line. */
    JsonNode answer(byte[] line) {
        JsonNode request;
        try {
            request = KvProtocol.JSON.readTree(line);
        } catch (JsonProcessingException e) {
            return KvProtocol.error("a request is one JSON object a line: " + e.getOriginalMessage());
        } catch (IOException e) {
            return KvProtocol.error("a request is one JSON object a line: " + e.getMessage());
        }
        if (request == null || !request.isObject()) {
            return KvProtocol.error("a request is one JSON object a line");
        }
        try {
            String execution = text(request, "execution", false);
            if (execution != null && !execution.equals(access.executionId())) {
                return KvProtocol.error("a sandboxed step reads and writes only its own execution's keys (" + access.executionId()
                        + "), not those of execution " + execution);
            }
            String verb = text(request, "verb", true);
            String scope = text(request, "scope", true);
            return switch (verb) {
                case KvProtocol.GET -> KvProtocol.values(access.get(scope, text(request, "key", true)).map(List::of).orElse(List.of()));
                case KvProtocol.HISTORY -> KvProtocol.values(access.history(scope, text(request, "key", true)));
                case KvProtocol.LIST -> {
                    String prefix = text(request, "prefix", false);
                    yield KvProtocol.values(access.list(scope, prefix == null ? "" : prefix));
                }
                case KvProtocol.PUT -> {
                    access.put(scope, text(request, "key", true), text(request, "value", true));
                    yield KvProtocol.values(List.of());
                }
                default -> KvProtocol.error("unknown verb \"" + verb + "\": the verbs are get, history, list and put");
            };
        } catch (RuntimeException e) {
            return KvProtocol.error(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static String text(JsonNode request, String field, boolean required) {
        JsonNode v = request.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new IllegalArgumentException("the request has no \"" + field + "\"");
            }
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" is a string");
        }
        return v.asText();
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** Stops listening, ends the connections being served, and removes the socket and its folder. */
    @Override
    public void close() {
        closed = true;
        acceptor.interrupt();
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        handlers.shutdownNow();
        try {
            Files.deleteIfExists(socket);
            Files.deleteIfExists(folder);
        } catch (IOException ignored) {
            // a folder left in the temporary folder is harmless: nothing listens there any more
        }
    }
}
