package dev.flow.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;

/**
 * Google's Gemini API ({@code /v1beta/models/MODEL:streamGenerateContent?alt=sse},
 * {@code :generateContent}, {@code :countTokens}), as gemini-cli calls it: each event is a whole
 * {@code GenerateContentResponse} (candidates with parts: text, {@code functionCall}), the last with
 * {@code finishReason} and {@code usageMetadata}. Tool calls use gemini-cli's own tools:
 * {@code write_file}, {@code replace}, {@code read_file}, {@code run_shell_command}.
 */
final class GeminiApi implements Dialect {

    @Override
    public String name() {
        return "gemini";
    }

    @Override
    public boolean handles(LoopbackHttp.Request request) {
        return request.path().startsWith("/v1beta/") || request.path().startsWith("/v1/models/");
    }

    /** The agent's own turns stream and carry its tools; checks on the side ask for JSON whole. */
    @Override
    public boolean isTurn(LoopbackHttp.Request request, JsonNode body) {
        return request.path().endsWith(":streamGenerateContent") && body != null && body.path("tools").size() > 0;
    }

    @Override
    public void play(Step step, int n, LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException {
        if (step instanceof Step.Fail) {
            fail((Step.Fail) step, out);
            return;
        }
        String model = model(request);
        boolean stream = request.path().endsWith(":streamGenerateContent");
        if (step instanceof Step.Cut) {
            out.startStream(200, "text/event-stream", Map.of());
            out.write(Dialect.sse(null, chunk(model, n, text(((Step.Cut) step).partialText()), null, null)));
            out.cut();
            return;
        }
        ArrayNode parts = Dialect.JSON.createArrayNode();
        Step.Usage usage;
        if (step instanceof Step.Say) {
            parts.add(text(((Step.Say) step).text()));
            usage = ((Step.Say) step).usage();
        } else {
            var call = (Step.Call) step;
            if (!call.text().isEmpty()) {
                parts.add(text(call.text()));
            }
            int i = 0;
            for (Tool tool : call.tools()) {
                parts.add(functionCall("call_" + n + "_" + i++, tool));
            }
            usage = call.usage();
        }
        if (!stream) {
            out.send(200, "application/json", chunk(model, n, parts, "STOP", usage).toString(), Map.of());
            return;
        }
        out.startStream(200, "text/event-stream", Map.of());
        out.write(Dialect.sse(null, chunk(model, n, parts, "STOP", usage)));
    }

    /**
     * Side requests: a token count, or a question that wants JSON of a schema (how complex the task
     * is, to route it to a model; whether the model or the user speaks next): the answer fills the
     * schema with the simplest values, and hands the turn back to the user.
     */
    @Override
    public void aside(LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException {
        if (request.path().endsWith(":countTokens")) {
            out.send(200, "application/json", "{\"totalTokens\":100}", Map.of());
            return;
        }
        JsonNode config = body == null ? Dialect.object() : body.path("generationConfig");
        JsonNode schema = config.has("responseJsonSchema") ? config.get("responseJsonSchema") : config.path("responseSchema");
        String answer = schema.isObject() ? simplest(schema, "").toString() : "ok";
        play(Step.say(answer), 0, request, body == null ? Dialect.object() : body, out);
    }

    /** The simplest value of a JSON schema: the user speaks next, the task is simple, text is empty. */
    static JsonNode simplest(JsonNode schema, String name) {
        var nodes = Dialect.JSON.getNodeFactory();
        if (schema.has("enum") && schema.get("enum").size() > 0) {
            for (JsonNode option : schema.get("enum")) {
                if (option.asText().equals("user")) {
                    return option;
                }
            }
            return schema.get("enum").get(0);
        }
        switch (schema.path("type").asText("OBJECT").toUpperCase(Locale.ROOT)) {
            case "OBJECT": {
                ObjectNode o = Dialect.object();
                schema.path("properties").properties().forEach(f -> o.set(f.getKey(), simplest(f.getValue(), f.getKey())));
                return o;
            }
            case "ARRAY":
                return Dialect.JSON.createArrayNode();
            case "INTEGER":
            case "NUMBER":
                return nodes.numberNode(1);
            case "BOOLEAN":
                return nodes.booleanNode(false);
            default:
                return nodes.textNode(name.equals("next_speaker") ? "user" : name.equals("model_choice") ? "flash" : "");
        }
    }

    private static String model(LoopbackHttp.Request request) {
        String path = request.path();
        int slash = path.lastIndexOf('/');
        int colon = path.lastIndexOf(':');
        return colon > slash ? path.substring(slash + 1, colon) : "gemini-test";
    }

    /** Each failure as Google sends it: status, status name, message; a bad key is a 400 there. */
    private static final Map<Step.Failure, ApiError> ERRORS = Map.of(
            Step.Failure.RATE_LIMIT, new ApiError(429, "RESOURCE_EXHAUSTED", null, "Resource has been exhausted (e.g. check quota)."),
            Step.Failure.OVERLOADED, new ApiError(503, "UNAVAILABLE", null, "The model is overloaded. Please try again later."),
            Step.Failure.SERVER_ERROR, new ApiError(500, "INTERNAL", null,
                    "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"),
            Step.Failure.BAD_KEY, new ApiError(400, "INVALID_ARGUMENT", "API_KEY_INVALID", "API key not valid. Please pass a valid API key."));

    private static void fail(Step.Fail fail, LoopbackHttp.Response out) throws IOException {
        ApiError e = ERRORS.get(fail.failure());
        ObjectNode error = Dialect.object();
        ObjectNode body = error.putObject("error").put("code", e.status()).put("message", fail.message() == null ? e.message() : fail.message())
                .put("status", e.type());
        if (e.code() != null) {
            body.putArray("details").addObject().put("@type", "type.googleapis.com/google.rpc.ErrorInfo").put("reason", e.code())
                    .put("domain", "googleapis.com");
        }
        out.send(e.status(), "application/json", error.toString(), Map.of());
    }

    private static ObjectNode chunk(String model, int n, JsonNode parts, String finish, Step.Usage usage) {
        ObjectNode response = Dialect.object();
        ObjectNode candidate = response.putArray("candidates").addObject();
        ObjectNode content = candidate.putObject("content").put("role", "model");
        content.set("parts", parts.isArray() ? parts : Dialect.JSON.createArrayNode().add(parts));
        candidate.put("index", 0);
        if (finish != null) {
            candidate.put("finishReason", finish);
        }
        if (usage != null) {
            response.putObject("usageMetadata").put("promptTokenCount", usage.input()).put("candidatesTokenCount", usage.output())
                    .put("totalTokenCount", usage.input() + usage.output());
        }
        response.put("modelVersion", model).put("responseId", "resp_" + n);
        return response;
    }

    private static ObjectNode text(String text) {
        return Dialect.object().put("text", text);
    }

    private static ObjectNode functionCall(String id, Tool tool) {
        ObjectNode call = Dialect.object();
        ObjectNode fc = call.putObject("functionCall");
        fc.put("id", id);
        ObjectNode args = Dialect.object();
        if (tool instanceof Tool.Write) {
            var w = (Tool.Write) tool;
            fc.put("name", "write_file");
            args.put("file_path", w.path()).put("content", w.content());
        } else if (tool instanceof Tool.Edit) {
            var e = (Tool.Edit) tool;
            fc.put("name", "replace");
            args.put("file_path", e.path()).put("old_string", e.before()).put("new_string", e.after());
        } else if (tool instanceof Tool.Read) {
            fc.put("name", "read_file");
            args.put("absolute_path", ((Tool.Read) tool).path()).put("file_path", ((Tool.Read) tool).path());
        } else {
            fc.put("name", "run_shell_command");
            args.put("command", ((Tool.Shell) tool).command());
        }
        fc.set("args", args);
        return call;
    }
}
