package dev.flow.studio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The page and its scripts and styles, read from the studio's jar once, each with an entity tag (a
 * hash of its bytes). Browsers still ask every time ({@code no-cache}: a new studio's files are never
 * taken for the old ones), but an unchanged file is answered 304, so the browser keeps what it
 * has, Mermaid's 2.5 MB included, and the code it compiled from it.
 */
final class Assets {
    private static final String RESOURCES = "/dev/flow/studio/";

    private record Asset(byte[] bytes, String etag) {}

    private final ConcurrentHashMap<String, Asset> read = new ConcurrentHashMap<>();

    /** Answers {@code name} (under the studio's resources) as {@code type}, or 304 when the browser has it. */
    void send(Request request, Response response, Callback callback, String name, String type) throws IOException {
        Asset asset = read.get(name);
        if (asset == null) {
            asset = load(name);
            read.putIfAbsent(name, asset);
        }
        var headers = response.getHeaders();
        headers.put(HttpHeader.CACHE_CONTROL, "no-cache");
        headers.put(HttpHeader.ETAG, asset.etag());
        String known = request.getHeaders().get(HttpHeader.IF_NONE_MATCH);
        if (known != null && known.contains(asset.etag())) {
            response.setStatus(304);
            callback.succeeded();
            return;
        }
        response.setStatus(200);
        headers.put(HttpHeader.CONTENT_TYPE, type);
        response.write(true, ByteBuffer.wrap(asset.bytes()), callback);
    }

    private static Asset load(String name) throws IOException {
        try (InputStream in = Assets.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new HttpProblem(404, "no file " + name);
            }
            byte[] bytes = in.readAllBytes();
            return new Asset(bytes, "\"" + HexFormat.of().formatHex(sha256(bytes), 0, 12) + "\"");
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
