package dev.flow.studio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flow.testing.Poll;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Headless Chromium (Debian's package) driven over the DevTools protocol through the JDK's own
 * WebSocket client: no driver binary, no dependency, nothing that must match Chromium's version.
 * Public for bench/'s StudioBench, which times the page with it (the studio's test-jar).
 */
public final class Chromium implements AutoCloseable {
    /** A guard against a hang, not a measurement: how long a page gets to show what a test waits for. */
    static final long PATIENCE_MILLIS = 60_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    private Chromium(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /** Starts Chromium with a fresh profile in {@code profile} and connects to its first page. */
    public static Chromium start(Path profile) throws IOException, InterruptedException {
        List<String> command = List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                // without these its own connections are refused by this machine's closed network, and it waits on them
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "--remote-allow-origins=*", "--window-size=1280,1800", "about:blank");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(profile.resolveSibling("chromium.log").toFile()).start();
        try {
            Path portFile = profile.resolve("DevToolsActivePort");
            waitFor(() -> Files.exists(portFile) && lines(portFile).size() >= 2 || !process.isAlive(), "Chromium to listen");
            if (!process.isAlive()) {
                throw new IOException("Chromium ended at once: " + Files.readString(profile.resolveSibling("chromium.log")));
            }
            int port = Integer.parseInt(lines(portFile).get(0).trim());
            HttpClient http = HttpClient.newHttpClient();
            String list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            String page = null;
            for (JsonNode target : JSON.readTree(list)) {
                if (target.get("type").asText().equals("page")) {
                    page = target.get("webSocketDebuggerUrl").asText();
                    break;
                }
            }
            if (page == null) {
                throw new IOException("Chromium has no page: " + list);
            }
            var listener = new Listener();
            WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(page), listener).join();
            Chromium chromium = new Chromium(process, socket);
            listener.chromium = chromium;
            chromium.call("Page.enable", Map.of());
            return chromium;
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** Opens {@code url} in the page. */
    public void open(URI url) throws InterruptedException {
        call("Page.navigate", Map.of("url", url.toString()));
    }

    /** The value of a JavaScript expression in the page (promises awaited). */
    public JsonNode eval(String expression) throws InterruptedException {
        JsonNode result = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException("the page threw on " + expression + ": " + result.get("exceptionDetails"));
        }
        JsonNode value = result.path("result").get("value");
        return value == null ? JSON.nullNode() : value;
    }

    /** Waits until the expression is true in the page. */
    public void waitUntil(String expression, String what) throws InterruptedException {
        waitFor(() -> {
            try {
                return eval("Boolean(" + expression + ")").asBoolean();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            } catch (IllegalStateException e) {
                return false; // the page is loading
            }
        }, what + " (" + expression + ")");
    }

    /** Types {@code text} into the focused element as keystrokes would. */
    public void type(String text) throws InterruptedException {
        call("Input.insertText", Map.of("text", text));
    }

    /** Presses a key (such as {@code Tab} or {@code Enter}) on the focused element. */
    public void press(String key, int keyCode) throws InterruptedException {
        for (String type : List.of("keyDown", "keyUp")) {
            call("Input.dispatchKeyEvent", Map.of("type", type, "key", key, "code", key, "windowsVirtualKeyCode", keyCode,
                    "text", key.equals("Enter") ? "\r" : ""));
        }
    }

    /** Makes the page's window {@code width} by {@code height} CSS pixels, as a narrow or wide screen would. */
    public void viewport(int width, int height) throws InterruptedException {
        call("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", false));
    }

    /** Saves a PNG of the whole page. */
    public void screenshot(Path file) throws IOException, InterruptedException {
        JsonNode shot = call("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true));
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    /** Saves a PNG of one element of the page (the first that {@code selector} finds): small enough for the docs. */
    public void screenshotOf(Path file, String selector) throws IOException, InterruptedException {
        screenshotOf(file, selector, Integer.MAX_VALUE);
    }

    /** Saves a PNG of the top of one element, at most {@code maxHeight} pixels of it. */
    public void screenshotOf(Path file, String selector, int maxHeight) throws IOException, InterruptedException {
        JsonNode box = eval("(() => { const r = document.querySelector('" + selector.replace("'", "\\'") + "').getBoundingClientRect();"
                + " return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: Math.ceil(r.width), height: Math.ceil(r.height)}; })()");
        var clip = Map.of("x", box.get("x").asDouble(), "y", box.get("y").asDouble(), "width", box.get("width").asDouble(),
                "height", Math.min(maxHeight, box.get("height").asDouble()), "scale", 1);
        JsonNode shot = call("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    /** The page's own counters (DevTools' Performance domain): {@code TaskDuration}, {@code ScriptDuration}... in seconds. */
    public Map<String, Double> metrics() throws InterruptedException {
        call("Performance.enable", Map.of());
        var out = new java.util.LinkedHashMap<String, Double>();
        for (JsonNode m : call("Performance.getMetrics", Map.of()).path("metrics")) {
            out.put(m.get("name").asText(), m.get("value").asDouble());
        }
        return out;
    }

    /** Chromium's own process (its renderers and helpers are its descendants). */
    public ProcessHandle process() {
        return process.toHandle();
    }

    private JsonNode call(String method, Map<String, Object> params) throws InterruptedException {
        int id = ids.incrementAndGet();
        var future = new CompletableFuture<JsonNode>();
        pending.put(id, future);
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", JSON.valueToTree(params));
        socket.sendText(message.toString(), true).join();
        try {
            JsonNode reply = future.get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
            if (reply.has("error")) {
                throw new IllegalStateException(method + ": " + reply.get("error"));
            }
            return reply.path("result");
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(method + " got no answer", e);
        }
    }

    private static void waitFor(Callable<Boolean> condition, String what) {
        Poll.until(what, Duration.ofMillis(PATIENCE_MILLIS), condition);
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            return List.of();
        }
    }

    @Override
    public void close() throws InterruptedException {
        socket.abort();
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** Collects frames into messages and hands each reply to its caller; events are ignored. */
    private static final class Listener implements WebSocket.Listener {
        private final StringBuilder frame = new StringBuilder();
        volatile Chromium chromium;

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            frame.append(data);
            if (last) {
                String text = frame.toString();
                frame.setLength(0);
                try {
                    JsonNode message = JSON.readTree(text);
                    if (message.has("id") && chromium != null) {
                        var future = chromium.pending.remove(message.get("id").asInt());
                        if (future != null) {
                            future.complete(message);
                        }
                    }
                } catch (IOException e) {
                    throw new IllegalStateException("Chromium sent what is not JSON: " + text, e);
                }
            }
            webSocket.request(1);
            return null;
        }
    }
}
