package dev.flow.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;

/**
 * OpenAI's Responses API ({@code POST /v1/responses}), as codex calls it: server-sent events
 * {@code response.created}, {@code response.output_item.added}, text deltas,
 * {@code response.output_item.done} with each whole item (a message, a function call), and
 * {@code response.completed} with usage; codex needs that last one, or it takes the stream for cut.
 * Tool calls use codex's own tools: {@code apply_patch} for files, {@code exec_command} for commands.
 */
final class OpenAiResponses implements Dialect {

    @Override
    public String name() {
        return "openai";
    }

    @Override
    public boolean handles(LoopbackHttp.Request request) {
        return request.path().startsWith("/v1/responses") || request.path().startsWith("/v1/models");
    }

    /** codex says what each request is in a header: {@code "request_kind":"turn"} for the agent's own. */
    @Override
    public boolean isTurn(LoopbackHttp.Request request, JsonNode body) {
        String metadata = request.headers().getOrDefault("x-codex-turn-metadata", "");
        return request.method().equals("POST") && request.path().equals("/v1/responses")
                && (metadata.isEmpty() || metadata.contains("\"request_kind\":\"turn\""));
    }

    @Override
    public void play(Step step, int n, LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException {
        if (step instanceof Step.Fail) {
            fail((Step.Fail) step, out);
            return;
        }
        String model = body.path("model").asText("gpt-test");
        String id = "resp_" + n;
        out.startStream(200, "text/event-stream", Map.of("x-request-id", "req_" + n));
        out.write(Dialect.sse("response.created", event("response.created", response(id, model, "in_progress"))));
        if (step instanceof Step.Cut) {
            ObjectNode item = message("msg_" + n, "");
            out.write(Dialect.sse("response.output_item.added", itemEvent("response.output_item.added", 0, item)));
            out.write(Dialect.sse("response.output_text.delta", textDelta("msg_" + n, ((Step.Cut) step).partialText())));
            out.cut();
            return;
        }
        ArrayNode output = Dialect.JSON.createArrayNode();
        Step.Usage usage;
        if (step instanceof Step.Say) {
            output.add(message("msg_" + n, ((Step.Say) step).text()));
            usage = ((Step.Say) step).usage();
        } else {
            var call = (Step.Call) step;
            if (!call.text().isEmpty()) {
                output.add(message("msg_" + n, call.text()));
            }
            int i = 0;
            for (Tool tool : call.tools()) {
                output.add(toolCall("call_" + n + "_" + i++, tool));
            }
            usage = call.usage();
        }
        for (int i = 0; i < output.size(); i++) {
            JsonNode item = output.get(i);
            out.write(Dialect.sse("response.output_item.added", itemEvent("response.output_item.added", i, item)));
            if (item.path("type").asText().equals("message")) {
                out.write(Dialect.sse("response.output_text.delta", textDelta(item.path("id").asText(), item.at("/content/0/text").asText())));
            }
            out.write(Dialect.sse("response.output_item.done", itemEvent("response.output_item.done", i, item)));
        }
        ObjectNode done = response(id, model, "completed");
        done.set("output", output);
        ObjectNode u = done.putObject("usage");
        u.put("input_tokens", usage.input()).putObject("input_tokens_details").put("cached_tokens", 0);
        u.put("output_tokens", usage.output()).putObject("output_tokens_details").put("reasoning_tokens", 0);
        u.put("total_tokens", usage.input() + usage.output());
        out.write(Dialect.sse("response.completed", event("response.completed", done)));
    }

    @Override
    public void aside(LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException {
        if (request.path().startsWith("/v1/models")) {
            out.send(200, "application/json", "{\"object\":\"list\",\"data\":[],\"models\":[]}", Map.of());
            return;
        }
        play(Step.say("ok"), 0, request, body == null ? Dialect.object() : body, out);
    }

    /** Each failure as OpenAI sends it: status, error type and code, message. */
    private static final Map<Step.Failure, ApiError> ERRORS = Map.of(
            Step.Failure.RATE_LIMIT, new ApiError(429, "requests", "rate_limit_exceeded", "Rate limit reached for requests. Please try again in 20ms."),
            Step.Failure.OVERLOADED, new ApiError(503, "server_error", "server_is_overloaded", "The server is overloaded. Please try again later."),
            Step.Failure.SERVER_ERROR, new ApiError(500, "server_error", null,
                    "The server had an error while processing your request. Sorry about that!"),
            Step.Failure.BAD_KEY, new ApiError(401, "invalid_request_error", "invalid_api_key",
                    "Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys."));

    private static void fail(Step.Fail fail, LoopbackHttp.Response out) throws IOException {
        ApiError e = ERRORS.get(fail.failure());
        ObjectNode error = Dialect.object();
        error.putObject("error").put("message", fail.message() == null ? e.message() : fail.message()).put("type", e.type())
                .putNull("param").put("code", e.code());
        out.send(e.status(), "application/json", error.toString(), Map.of());
    }

    private static ObjectNode response(String id, String model, String status) {
        ObjectNode r = Dialect.object().put("id", id).put("object", "response").put("created_at", 1_700_000_000L)
                .put("status", status).put("model", model);
        r.putArray("output");
        return r;
    }

    private static ObjectNode event(String type, ObjectNode response) {
        ObjectNode e = Dialect.object().put("type", type);
        e.set("response", response);
        return e;
    }

    private static ObjectNode itemEvent(String type, int index, JsonNode item) {
        ObjectNode e = Dialect.object().put("type", type).put("output_index", index);
        e.set("item", item);
        return e;
    }

    private static ObjectNode textDelta(String itemId, String text) {
        return Dialect.object().put("type", "response.output_text.delta").put("item_id", itemId).put("output_index", 0)
                .put("content_index", 0).put("delta", text);
    }

    private static ObjectNode message(String id, String text) {
        ObjectNode m = Dialect.object().put("type", "message").put("id", id).put("role", "assistant").put("status", "completed");
        m.putArray("content").addObject().put("type", "output_text").put("text", text).putArray("annotations");
        return m;
    }

    /**
     * codex's tools as it declares them for a model it knows ({@code gpt-5.5}): files change through
     * {@code apply_patch}, a freeform (custom) tool whose input is the patch itself; commands run
     * through the function {@code exec_command} with a {@code cmd} line.
     */
    private static ObjectNode toolCall(String callId, Tool tool) {
        if (tool instanceof Tool.Write || tool instanceof Tool.Edit) {
            String patch;
            if (tool instanceof Tool.Write) {
                var w = (Tool.Write) tool;
                patch = "*** Begin Patch\n*** Add File: " + w.path() + "\n" + prefixed("+", w.content()) + "*** End Patch\n";
            } else {
                var e = (Tool.Edit) tool;
                patch = "*** Begin Patch\n*** Update File: " + e.path() + "\n@@\n" + prefixed("-", e.before()) + prefixed("+", e.after())
                        + "*** End Patch\n";
            }
            return Dialect.object().put("type", "custom_tool_call").put("id", "ctc_" + callId).put("call_id", callId).put("name", "apply_patch")
                    .put("input", patch).put("status", "completed");
        }
        String command = tool instanceof Tool.Read ? "cat " + ((Tool.Read) tool).path() : ((Tool.Shell) tool).command();
        return Dialect.object().put("type", "function_call").put("id", "fc_" + callId).put("call_id", callId).put("name", "exec_command")
                .put("arguments", Dialect.object().put("cmd", command).toString()).put("status", "completed");
    }

    private static String prefixed(String prefix, String text) {
        var b = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            b.append(prefix).append(line).append('\n');
        }
        if (text.endsWith("\n")) {
            b.setLength(b.length() - prefix.length() - 1);
        }
        return b.toString();
    }
}
