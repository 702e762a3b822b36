package dev.flow.studio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.AnswerResult;
import dev.flow.engine.CancelResult;
import dev.flow.engine.Engine;
import dev.flow.engine.config.UsageException;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The studio's routes: the page and its assets, the JSON API over the database, the event stream,
 * and the two changes a person makes (an answer, a cancel). Every request passes {@link Access}.
 */
final class StudioHandler extends Handler.Abstract implements AutoCloseable {
    private static final Pattern EXECUTION = Pattern.compile("/api/executions/([A-Za-z0-9_-]+)(/events|/answer|/cancel|/nodes|/nodes/[^/]+)?");
    /** The run's timeline, costs and actions beyond answer and cancel (TimelineData, CostData, Actions). */
    private static final Pattern RUN_VIEWS = Pattern.compile("/api/executions/([A-Za-z0-9_-]+)/(timeline|costs|act|fork)");
    private static final Pattern ASSET = Pattern.compile("/assets/([a-z0-9-]+(?:\\.min)?\\.(js|css))");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Engine engine;
    private final StudioData data;
    private final DetailRoutes details;
    private final Access access;
    private final EventStream stream;
    private final TimelineData timeline;
    private final CostData costs;
    private final Actions actions;
    private final Assets assets = new Assets();

    StudioHandler(Engine engine, Access access) {
        this.engine = engine;
        this.data = new StudioData(engine.queries(), engine.store());
        this.details = new DetailRoutes(engine);
        this.access = access;
        this.stream = new EventStream(data);
        this.timeline = new TimelineData(engine.store(), data);
        this.costs = new CostData(engine.queries(), engine.store(), data);
        this.actions = new Actions(engine, data);
    }

    /** Ends the open event streams, so that the server's stop need not wait for them. */
    @Override
    public void close() {
        stream.close();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        guard(response);
        try {
            access.check(request);
            if (access.cameInUrl(request)) {
                Response.addCookie(response, access.cookie());
                if (request.getMethod().equals("GET") && !Request.getPathInContext(request).startsWith("/api/")) {
                    // the page's address without the token, so that it leaves the address bar and history
                    response.setStatus(303);
                    response.getHeaders().put(HttpHeader.LOCATION, access.withoutToken(request));
                    response.write(true, null, callback);
                    return true;
                }
            }
            route(request, response, callback);
        } catch (HttpProblem p) {
            closeIfBodyUnread(request, response);
            send(response, callback, p.status(), Map.of("error", p.getMessage()));
        } catch (UsageException e) {
            closeIfBodyUnread(request, response);
            send(response, callback, 400, Map.of("error", e.getMessage()));
        } catch (RuntimeException | IOException e) {
            // the details go to the studio's own output, never to the page
            System.err.println("flow studio: " + request.getMethod() + " " + Request.getPathInContext(request) + " failed:");
            e.printStackTrace();
            closeIfBodyUnread(request, response);
            send(response, callback, 500, Map.of("error", "the studio failed; its output says why"));
        }
        return true;
    }

    /**
     * Headers on every response: no page of another site may frame the studio (a hidden frame and
     * two clicks answered a person's question), nothing is fetched from another origin, the
     * address (which may carry the token) is never sent on as a referrer.
     */
    private static void guard(Response response) {
        var headers = response.getHeaders();
        headers.put("X-Frame-Options", "DENY");
        headers.put("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'");
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "no-referrer");
    }

    private void route(Request request, Response response, Callback callback) throws IOException {
        String path = Request.getPathInContext(request);
        String method = request.getMethod();
        Matcher execution = EXECUTION.matcher(path);
        Matcher asset = ASSET.matcher(path);
        Matcher runView = RUN_VIEWS.matcher(path);
        if (method.equals("GET") && path.equals("/")) {
            assets.send(request, response, callback, "index.html", "text/html; charset=utf-8");
        } else if (method.equals("GET") && asset.matches()) {
            assets.send(request, response, callback, "assets/" + asset.group(1), asset.group(2).equals("js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8");
        } else if (method.equals("GET") && details.matches(path)) {
            send(response, callback, 200, details.answer(path, Request.extractQueryParameters(request)));
        } else if (method.equals("GET") && path.equals("/api/executions")) {
            send(response, callback, 200, FindQuery.parse(Request.extractQueryParameters(request)).page(engine.queries()));
        } else if (method.equals("GET") && path.equals("/api/stream")) {
            Fields query = Request.extractQueryParameters(request);
            String shown = query.getValue("execution");
            String executionId = shown == null || shown.isEmpty() ? null : data.row(shown).id();
            long after = number(query.getValue("after"));
            String client = Request.getRemoteAddr(request);
            if (!stream.admit(client)) {
                throw new HttpProblem(503, "too many open event streams (at most " + EventStream.PER_CLIENT + " for each client, "
                        + EventStream.TOTAL + " in all): close some of the studio's pages");
            }
            stream.open(client, response, callback, executionId, after); // returns at once: no thread waits on a stream
        } else if (runView.matches()) {
            runView(request, response, callback, runView.group(1), runView.group(2));
        } else if (method.equals("GET") && path.equals("/api/costs")) {
            send(response, callback, 200, costs.workflow(requiredQuery(request, "workflow")));
        } else if (execution.matches()) {
            execution(request, response, callback, execution.group(1), execution.group(2) == null ? "" : execution.group(2));
        } else {
            throw new HttpProblem(404, "no page " + method + " " + path);
        }
    }

    private void execution(Request request, Response response, Callback callback, String id, String part) throws IOException {
        String method = request.getMethod();
        if (method.equals("GET") && part.startsWith("/nodes/")) {
            // a node's id may hold any character: the page sends it percent-coded (encodeURIComponent)
            String node = URLDecoder.decode(part.substring("/nodes/".length()).replace("+", "%2B"), StandardCharsets.UTF_8);
            send(response, callback, 200, Map.of("runs", data.runs(id, node)));
            return;
        }
        switch (method + " " + part) {
            case "GET " -> {
                Fields query = Request.extractQueryParameters(request);
                String graphNode = query.getValue("graphNode");
                send(response, callback, 200, data.execution(id, NodePage.parse(query), graphNode == null || graphNode.isEmpty() ? null : graphNode));
            }
            case "GET /nodes" -> send(response, callback, 200, data.nodes(id, NodePage.parse(Request.extractQueryParameters(request))));
            case "GET /events" -> send(response, callback, 200,
                    Map.of("events", data.events(id, number(Request.extractQueryParameters(request).getValue("after")))));
            case "POST /answer" -> {
                access.checkChange(request);
                JsonNode body = body(request);
                data.row(id);
                AnswerResult a = engine.answer(id, required(body, "node"), required(body, "output"), optional(body, "note"));
                var out = new LinkedHashMap<String, Object>();
                out.put("execution", a.executionId());
                out.put("node", a.nodeId());
                out.put("answer", a.answer());
                out.put("status", a.status().keyword());
                send(response, callback, 200, out);
            }
            case "POST /cancel" -> {
                access.checkChange(request);
                JsonNode body = body(request);
                data.row(id);
                CancelResult c = engine.cancel(id, optional(body, "reason"));
                var out = new LinkedHashMap<String, Object>();
                out.put("execution", c.executionId());
                out.put("workflow", c.workflowId());
                out.put("nodesStopped", c.nodesStopped());
                out.put("childrenCancelled", c.childrenCancelled());
                out.put("report", c.report());
                send(response, callback, 200, out);
            }
            default -> throw new HttpProblem(405, "no " + method + " on " + Request.getPathInContext(request));
        }
    }

    private void runView(Request request, Response response, Callback callback, String id, String view) throws IOException {
        Fields query = Request.extractQueryParameters(request);
        switch (request.getMethod() + " " + view) {
            case "GET timeline" -> send(response, callback, 200, timeline.timeline(id, (int) number(query.getValue("offset")),
                    query.getValue("limit") == null ? TimelineData.PAGE : (int) number(query.getValue("limit"))));
            case "GET costs" -> send(response, callback, 200, costs.execution(id));
            case "GET act" -> send(response, callback, 200, actions.form(id));
            case "POST fork" -> {
                access.checkChange(request);
                send(response, callback, 200, actions.fork(id, body(request)));
            }
            default -> throw new HttpProblem(405, "no " + request.getMethod() + " on " + Request.getPathInContext(request));
        }
    }

    private static String requiredQuery(Request request, String name) {
        String value = Request.extractQueryParameters(request).getValue(name);
        if (value == null || value.isEmpty()) {
            throw new HttpProblem(400, "the request needs ?" + name + "=");
        }
        return value;
    }

    private static JsonNode body(Request request) throws IOException {
        String text = Content.Source.asString(request, StandardCharsets.UTF_8);
        try {
            JsonNode body = JSON.readTree(text);
            if (body == null || !body.isObject()) {
                throw new HttpProblem(400, "the request's body must be a JSON object");
            }
            return body;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new HttpProblem(400, "the request's body is not JSON: " + e.getOriginalMessage());
        }
    }

    private static String required(JsonNode body, String field) {
        String value = optional(body, field);
        if (value == null || value.isEmpty()) {
            throw new HttpProblem(400, "the request needs \"" + field + "\"");
        }
        return value;
    }

    private static String optional(JsonNode body, String field) {
        JsonNode value = body.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static long number(String text) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new HttpProblem(400, "\"" + text + "\" is not a number");
        }
    }

    /**
     * A refused request may leave its body unread (a change refused for its origin is refused before
     * its body is read), and the server then closes the connection once it has answered. Saying so in
     * the answer keeps a client from sending its next request on that connection, where it would find
     * no answer at all (a test's third request did, now and then). Reading the body instead would make
     * the studio read whatever a refused page sends.
     */
    private static void closeIfBodyUnread(Request request, Response response) {
        if (request.getHeaders().contains(HttpHeader.CONTENT_LENGTH) || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
        }
    }

    private static void send(Response response, Callback callback, int status, Object body) {
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the studio's data cannot be written as JSON", e);
        }
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }
}
