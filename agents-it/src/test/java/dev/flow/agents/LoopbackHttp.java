package dev.flow.agents;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.GZIPInputStream;

/**
 * A minimal HTTP/1.1 server on 127.0.0.1, one request per connection. Written here rather than on
 * the JDK's {@code com.sun.net.httpserver} because the model server must fail the way networks do:
 * cut a streamed response in the middle with a reset (that server can only end a body cleanly) and
 * hold a response open forever; both need the socket.
 */
final class LoopbackHttp implements AutoCloseable {

    /** What a client sent. Header names are lower case. */
    record Request(String method, String target, Map<String, String> headers, byte[] body) {
        String path() {
            int q = target.indexOf('?');
            return q < 0 ? target : target.substring(0, q);
        }

        String query() {
            int q = target.indexOf('?');
            return q < 0 ? "" : target.substring(q + 1);
        }

        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** Answers one request; the handler may block (a stall) until the server closes. */
    interface Handler {
        void handle(Request request, Response response) throws IOException;
    }

    private final ServerSocket socket;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "model-server");
        t.setDaemon(true);
        return t;
    });
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    LoopbackHttp(Handler handler) {
        try {
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        threads.execute(() -> accept(handler));
    }

    int port() {
        return socket.getLocalPort();
    }

    private void accept(Handler handler) {
        while (!closed) {
            try {
                Socket client = socket.accept();
                open.add(client);
                threads.execute(() -> serve(client, handler));
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("model server: accept failed: " + e);
                }
            }
        }
    }

    private void serve(Socket client, Handler handler) {
        try (client) {
            InputStream in = new BufferedInputStream(client.getInputStream());
            Request request = read(in, client.getOutputStream());
            if (request == null) {
                return;
            }
            Response response = new Response(client);
            handler.handle(request, response);
            response.finish();
        } catch (IOException e) {
            // the client went away, or the script cut the connection: nothing to answer
        } catch (RuntimeException e) {
            System.err.println("model server: handler failed: " + e);
            e.printStackTrace();
        } finally {
            open.remove(client);
        }
    }

    private static Request read(InputStream in, OutputStream out) throws IOException {
        String requestLine = line(in);
        if (requestLine == null || requestLine.isEmpty()) {
            return null;
        }
        String[] parts = requestLine.split(" ");
        if (parts.length < 2) {
            throw new IOException("bad request line: " + requestLine);
        }
        var headers = new LinkedHashMap<String, String>();
        for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.merge(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim(), (a, b) -> a + ", " + b);
            }
        }
        if ("100-continue".equalsIgnoreCase(headers.get("expect"))) {
            // curl and some HTTP clients wait for this before they send the body
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
        byte[] body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = chunked(in);
        } else if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else {
            body = new byte[0];
        }
        if ("gzip".equalsIgnoreCase(headers.get("content-encoding"))) {
            body = new GZIPInputStream(new ByteArrayInputStream(body)).readAllBytes();
        }
        return new Request(parts[0], parts[1], Map.copyOf(headers), body);
    }

    private static byte[] chunked(InputStream in) throws IOException {
        var out = new ByteArrayOutputStream();
        while (true) {
            String size = line(in);
            if (size == null) {
                throw new IOException("request body ends inside a chunk");
            }
            int semicolon = size.indexOf(';');
            int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (n == 0) {
                for (String trailer = line(in); trailer != null && !trailer.isEmpty(); trailer = line(in)) {
                    // trailers carry nothing the model server needs
                }
                return out.toByteArray();
            }
            out.write(in.readNBytes(n));
            line(in);
        }
    }

    /** A line up to CRLF (or LF), as ISO-8859-1 like HTTP's head; null at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        var b = new StringBuilder();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                int n = b.length();
                return n > 0 && b.charAt(n - 1) == '\r' ? b.substring(0, n - 1) : b.toString();
            }
            b.append((char) c);
        }
        return b.length() == 0 ? null : b.toString();
    }

    /** The answer to one request: a whole body, or a stream of chunks that may be cut. */
    static final class Response {
        private final Socket client;
        private final OutputStream out;
        private boolean started;
        private boolean streaming;
        private boolean done;

        Response(Socket client) throws IOException {
            this.client = client;
            this.out = client.getOutputStream();
        }

        /** A complete answer with a length. */
        void send(int status, String contentType, String body, Map<String, String> headers) throws IOException {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            var all = new LinkedHashMap<>(headers);
            all.put("Content-Type", contentType);
            all.put("Content-Length", Integer.toString(bytes.length));
            head(status, all);
            out.write(bytes);
            out.flush();
            done = true;
        }

        /** Starts a chunked answer: each {@link #write} is sent at once, as a model streams. */
        void startStream(int status, String contentType, Map<String, String> headers) throws IOException {
            var all = new LinkedHashMap<>(headers);
            all.put("Content-Type", contentType);
            all.put("Cache-Control", "no-cache");
            all.put("Transfer-Encoding", "chunked");
            head(status, all);
            streaming = true;
        }

        void write(String text) throws IOException {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }

        /** The connection dies here: a reset, with no last chunk, as when a proxy or the network drops it. */
        void cut() throws IOException {
            try {
                client.setSoLinger(true, 0);
            } catch (SocketException e) {
                // already gone
            }
            client.close();
            done = true;
        }

        private void head(int status, Map<String, String> headers) throws IOException {
            if (started) {
                throw new IllegalStateException("the answer has started already");
            }
            started = true;
            var b = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
            headers.forEach((k, v) -> b.append(k).append(": ").append(v).append("\r\n"));
            b.append("Connection: close\r\n\r\n");
            out.write(b.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }

        void finish() throws IOException {
            if (done || client.isClosed()) {
                return;
            }
            if (streaming) {
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } else if (!started) {
                send(500, "text/plain", "the model server's script gave no answer", Map.of());
            }
            done = true;
        }

        private static String reason(int status) {
            switch (status) {
                case 200: return "OK";
                case 400: return "Bad Request";
                case 401: return "Unauthorized";
                case 403: return "Forbidden";
                case 404: return "Not Found";
                case 429: return "Too Many Requests";
                case 500: return "Internal Server Error";
                case 503: return "Service Unavailable";
                case 529: return "Overloaded";
                default: return "Status";
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        threads.shutdownNow();
    }
}
