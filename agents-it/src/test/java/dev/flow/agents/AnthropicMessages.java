package dev.flow.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;

/**
 * Anthropic's Messages API ({@code POST /v1/messages}), as claude calls it: streamed as server-sent
 * events ({@code message_start}, content blocks with text and {@code input_json_delta} deltas,
 * {@code message_delta} with the stop reason and usage, {@code message_stop}), or whole when the
 * request does not ask for a stream. Tool calls use claude's own tools: {@code Write}, {@code Edit},
 * {@code Read}, {@code Bash}.
 */
final class AnthropicMessages implements Dialect {

    @Override
    public String name() {
        return "anthropic";
    }

    @Override
    public boolean handles(LoopbackHttp.Request request) {
        return request.path().startsWith("/v1/messages");
    }

    /** claude's agent loop sends its tools; its side calls (titles, checks) send none. */
    @Override
    public boolean isTurn(LoopbackHttp.Request request, JsonNode body) {
        return request.path().equals("/v1/messages") && body != null && body.path("tools").size() > 0;
    }

    @Override
    public void play(Step step, int n, LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException {
        if (step instanceof Step.Fail) {
            fail((Step.Fail) step, out);
            return;
        }
        String model = body.path("model").asText("claude-test");
        if (step instanceof Step.Cut) {
            out.startStream(200, "text/event-stream", Map.of("request-id", "req_" + n));
            out.write(Dialect.sse("message_start", start(n, model, Step.Usage.DEFAULT)));
            out.write(Dialect.sse("content_block_start", blockStart(0, textBlock(""))));
            out.write(Dialect.sse("content_block_delta", delta(0, "text_delta", "text", ((Step.Cut) step).partialText())));
            out.cut();
            return;
        }
        ArrayNode content = Dialect.JSON.createArrayNode();
        String stopReason;
        Step.Usage usage;
        if (step instanceof Step.Say) {
            var say = (Step.Say) step;
            content.add(textBlock(say.text()));
            stopReason = "end_turn";
            usage = say.usage();
        } else {
            var call = (Step.Call) step;
            if (!call.text().isEmpty()) {
                content.add(textBlock(call.text()));
            }
            int i = 0;
            for (Tool tool : call.tools()) {
                content.add(toolUse("toolu_" + n + "_" + i++, tool));
            }
            stopReason = "tool_use";
            usage = call.usage();
        }
        if (!body.path("stream").asBoolean(false)) {
            ObjectNode message = start(n, model, usage).withObjectProperty("message");
            message.set("content", content);
            message.put("stop_reason", stopReason);
            message.withObjectProperty("usage").put("output_tokens", usage.output());
            out.send(200, "application/json", message.toString(), Map.of("request-id", "req_" + n));
            return;
        }
        out.startStream(200, "text/event-stream", Map.of("request-id", "req_" + n));
        out.write(Dialect.sse("message_start", start(n, model, usage)));
        for (int i = 0; i < content.size(); i++) {
            JsonNode block = content.get(i);
            if (block.path("type").asText().equals("text")) {
                out.write(Dialect.sse("content_block_start", blockStart(i, textBlock(""))));
                out.write(Dialect.sse("content_block_delta", delta(i, "text_delta", "text", block.path("text").asText())));
            } else {
                ObjectNode empty = ((ObjectNode) block).deepCopy();
                empty.set("input", Dialect.object());
                out.write(Dialect.sse("content_block_start", blockStart(i, empty)));
                out.write(Dialect.sse("content_block_delta", delta(i, "input_json_delta", "partial_json", block.path("input").toString())));
            }
            out.write(Dialect.sse("content_block_stop", Dialect.object().put("type", "content_block_stop").put("index", i)));
        }
        ObjectNode messageDelta = Dialect.object().put("type", "message_delta");
        messageDelta.withObjectProperty("delta").put("stop_reason", stopReason).putNull("stop_sequence");
        messageDelta.withObjectProperty("usage").put("output_tokens", usage.output());
        out.write(Dialect.sse("message_delta", messageDelta));
        out.write(Dialect.sse("message_stop", Dialect.object().put("type", "message_stop")));
    }

    /** Side calls get a short text, streamed or whole as asked. */
    @Override
    public void aside(LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException {
        if (request.path().endsWith("/count_tokens")) {
            out.send(200, "application/json", "{\"input_tokens\":100}", Map.of());
            return;
        }
        play(Step.say("ok"), 0, request, body == null ? Dialect.object() : body, out);
    }

    /** Each failure as Anthropic sends it: status, error type, message. */
    private static final Map<Step.Failure, ApiError> ERRORS = Map.of(
            Step.Failure.RATE_LIMIT, new ApiError(429, "rate_limit_error", null,
                    "This request would exceed the rate limit for your organization of 50 requests per minute."),
            Step.Failure.OVERLOADED, new ApiError(529, "overloaded_error", null, "Overloaded"),
            Step.Failure.SERVER_ERROR, new ApiError(500, "api_error", null, "Internal server error"),
            Step.Failure.BAD_KEY, new ApiError(401, "authentication_error", null, "invalid x-api-key"));

    private static void fail(Step.Fail fail, LoopbackHttp.Response out) throws IOException {
        ApiError e = ERRORS.get(fail.failure());
        ObjectNode error = Dialect.object().put("type", "error");
        error.putObject("error").put("type", e.type()).put("message", fail.message() == null ? e.message() : fail.message());
        // retry-after as Anthropic sends it; 0 so that the CLI's own retries do not make tests slow
        out.send(e.status(), "application/json", error.toString(), e.status() == 429 ? Map.of("retry-after", "0") : Map.of());
    }

    private static ObjectNode start(int n, String model, Step.Usage usage) {
        ObjectNode event = Dialect.object().put("type", "message_start");
        ObjectNode message = event.withObjectProperty("message");
        message.put("id", "msg_" + n).put("type", "message").put("role", "assistant").put("model", model);
        message.putArray("content");
        message.putNull("stop_reason").putNull("stop_sequence");
        message.withObjectProperty("usage").put("input_tokens", usage.input()).put("output_tokens", 1)
                .put("cache_creation_input_tokens", 0).put("cache_read_input_tokens", 0);
        return event;
    }

    private static ObjectNode blockStart(int index, JsonNode block) {
        ObjectNode event = Dialect.object().put("type", "content_block_start").put("index", index);
        event.set("content_block", block);
        return event;
    }

    private static ObjectNode delta(int index, String type, String field, String value) {
        ObjectNode event = Dialect.object().put("type", "content_block_delta").put("index", index);
        event.withObjectProperty("delta").put("type", type).put(field, value);
        return event;
    }

    private static ObjectNode textBlock(String text) {
        return Dialect.object().put("type", "text").put("text", text);
    }

    private static ObjectNode toolUse(String id, Tool tool) {
        ObjectNode block = Dialect.object().put("type", "tool_use").put("id", id);
        ObjectNode input = Dialect.object();
        if (tool instanceof Tool.Write) {
            var w = (Tool.Write) tool;
            block.put("name", "Write");
            input.put("file_path", w.path()).put("content", w.content());
        } else if (tool instanceof Tool.Edit) {
            var e = (Tool.Edit) tool;
            block.put("name", "Edit");
            input.put("file_path", e.path()).put("old_string", e.before()).put("new_string", e.after());
        } else if (tool instanceof Tool.Read) {
            block.put("name", "Read");
            input.put("file_path", ((Tool.Read) tool).path());
        } else {
            block.put("name", "Bash");
            input.put("command", ((Tool.Shell) tool).command()).put("description", "Run a command");
        }
        block.set("input", input);
        return block;
    }
}
