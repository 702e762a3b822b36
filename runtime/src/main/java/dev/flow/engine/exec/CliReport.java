package dev.flow.engine.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the real agent CLIs print besides their answer, read in full (see agents-it/README.md for
 * what each prints): the tokens of the attempt, the actions their permission system refused, and,
 * for codex's {@code exec --json} event stream, the final message, thread and error, turned into
 * the envelope {@link AgentReply} reads.
 *
 * <ul>
 *   <li>claude ({@code -p --output-format json}): {@code usage} is this run's tokens (input, with the
 *       cache's, and output); {@code total_cost_usd} is the whole session's on {@code --resume}, so it
 *       is scaled to this run's share of the session's tokens ({@code modelUsage});
 *       {@code permission_denials} lists what was refused.
 *   <li>codex ({@code exec --json}): {@code thread.started} gives the session, the last
 *       {@code agent_message} item the answer, {@code turn.completed} the tokens,
 *       {@code turn.failed} / {@code error} the failure. A patch its sandbox rejected shows only on
 *       standard error ({@code patch rejected: ...}).
 *   <li>gemini ({@code --output-format stream-json}, its default in Flow): see {@link #geminiStream}.
 *   <li>gemini ({@code --output-format json}): {@code stats.models.*.tokens} ({@code input},
 *       {@code candidates}); tool calls its approval mode refused (the lines "Error executing tool
 *       X: Tool "X" not found" on standard error, rejected decisions in {@code stats.tools}) are refused actions; its error object goes to
 *       standard error with a non-zero exit.
 * </ul>
 *
 * @param stdout the standard output to read the answer from (codex's events made an envelope)
 * @param inputTokens tokens sent to the model in this attempt; -1 when the agent reported none
 * @param outputTokens tokens the model produced in this attempt; -1 when the agent reported none
 * @param refused the actions the CLI refused, each in a few words naming the tool and its file or command
 * @param costScale what part of the reported cost is this attempt's (claude's resumed sessions report the total)
 * @param models the tokens by model, where the CLI names its models (gemini), for the {@link PriceTable}
 */
record CliReport(String stdout, long inputTokens, long outputTokens, List<String> refused, double costScale,
        List<PriceTable.ModelTokens> models) {

    CliReport(String stdout, long inputTokens, long outputTokens, List<String> refused, double costScale) {
        this(stdout, inputTokens, outputTokens, refused, costScale, List.of());
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CODEX_REJECTED = Pattern.compile("(?m)(patch rejected:[^\\n]*|exec command rejected:[^\\n]*)");
    private static final Pattern CODEX_PATCH_FILE = Pattern.compile("(?m)^\\*\\*\\* (?:Add|Update|Delete) File: (\\S+)");
    /** A failed gemini tool call that its approval mode refused (in headless mode it does not offer the tool at all), not one that merely failed. */
    private static final Pattern GEMINI_REFUSAL = Pattern.compile("not found|denied|rejected|not allowed|approval|permission", Pattern.CASE_INSENSITIVE);
    /** A file of a patch, as it is written inside a JSON string (its lines joined by \\n). */
    private static final Pattern CODEX_PATCH_FILE_ESCAPED = Pattern.compile("\\*\\*\\* (?:Add|Update|Delete) File: ([^\\\\\"\\s]+)");
    /** The error types of a gemini tool call its approval mode or policy refused, in its stream-json ({@code tool_result.error.type}). */
    private static final Set<String> GEMINI_REFUSED_TYPES = Set.of("tool_not_registered", "policy_violation");
    private static final Pattern GEMINI_TOOL_ERROR = Pattern.compile("(?m)^Error executing tool ([^:\\s]+): ([^\\n]*)");

    /**
     * The thread's tokens so far, from codex's session file: the last {@code token_count}'s {@code
     * total_token_usage} ({@code {input, output}}), read before a resumed run starts, since codex's
     * {@code turn.completed} then counts the whole thread; null when there is none.
     */
    static long[] codexThreadTokens(Path codexHome, String thread) {
        long[] last = null;
        for (String line : codexRollout(codexHome, thread).split("\n")) {
            if (!line.contains("\"token_count\"")) {
                continue;
            }
            try {
                JsonNode total = JSON.readTree(line).path("payload").path("info").path("total_token_usage");
                if (total.isObject()) {
                    last = new long[] {total.path("input_tokens").asLong(0),
                        total.path("output_tokens").asLong(0) + total.path("reasoning_output_tokens").asLong(0)};
                }
            } catch (IOException e) {
                // a line cut short: the one before counts
            }
        }
        return last;
    }

    /** This report with a resumed thread's earlier tokens ({@link #codexThreadTokens}) taken off. */
    CliReport lessEarlier(long[] earlier) {
        if (earlier == null || !hasTokens()) {
            return this;
        }
        return new CliReport(stdout, Math.max(0, inputTokens - earlier[0]), Math.max(0, outputTokens - earlier[1]), refused, costScale, models);
    }

    /** Whether the attempt reported its tokens. */
    boolean hasTokens() {
        return inputTokens >= 0 || outputTokens >= 0;
    }

    /**
     * Reads what the CLI printed; for an agent that is not a known CLI, the output unchanged and
     * nothing more.
     *
     * @param home the CLI's own folder ({@code ~/.codex}, {@code ~/.gemini}), where its session
     *     files name what a refused action was for; null when unknown
     */
    static CliReport read(String stdout, String stderr, Path home) {
        Path codexHome = home;
        String err = stderr == null ? "" : stderr;
        if (stdout.contains("\"thread.started\"") || stdout.contains("\"turn.completed\"") || stdout.contains("\"turn.failed\"")) {
            return codex(stdout, err, codexHome);
        }
        if (stdout.contains("{\"type\":\"init\"") && stdout.contains("\"session_id\"")) {
            return geminiStream(stdout);
        }
        if (err.contains("codex_core")) {
            return new CliReport(stdout, -1, -1, codexRefusals(err, AgentSessions.codexSessionIn(err), codexHome), 1);
        }
        JsonNode obj = AgentReply.lastJsonObject(stdout).orElse(null);
        if (obj == null && err.contains("\"error\"")) {
            // gemini prints its error object on standard error
            JsonNode onErr = AgentReply.lastJsonObject(err).orElse(null);
            if (onErr != null && onErr.path("error").isObject() && onErr.has("session_id")) {
                return new CliReport(onErr.toString(), -1, -1, List.of(), 1);
            }
        }
        if (obj != null && "result".equals(obj.path("type").asText(null)) && obj.has("usage")) {
            return claude(stdout, obj);
        }
        if (obj != null && obj.path("stats").isObject() && (obj.has("response") || obj.has("session_id"))) {
            return gemini(stdout, obj, err, home);
        }
        return new CliReport(stdout, -1, -1, List.of(), 1);
    }

    private static CliReport claude(String stdout, JsonNode obj) {
        JsonNode usage = obj.path("usage");
        long in = usage.path("input_tokens").asLong(0) + usage.path("cache_creation_input_tokens").asLong(0)
                + usage.path("cache_read_input_tokens").asLong(0);
        long out = usage.path("output_tokens").asLong(0);
        // on --resume, total_cost_usd and modelUsage are the whole session's, usage this run's
        long sessionTokens = 0;
        for (JsonNode m : (Iterable<JsonNode>) obj.path("modelUsage")::elements) {
            sessionTokens += m.path("inputTokens").asLong(0) + m.path("outputTokens").asLong(0) + m.path("cacheReadInputTokens").asLong(0)
                    + m.path("cacheCreationInputTokens").asLong(0);
        }
        double scale = sessionTokens > in + out && in + out > 0 ? (double) (in + out) / sessionTokens : 1;
        var refused = new ArrayList<String>();
        for (JsonNode d : (Iterable<JsonNode>) obj.path("permission_denials")::elements) {
            refused.add(action(d.path("tool_name").asText("a tool"), d.path("tool_input")));
        }
        return new CliReport(stdout, in, out, List.copyOf(new LinkedHashSet<>(refused)), scale);
    }

    /** A refused tool call in a few words: the tool, and the file or command it was for. */
    private static String action(String tool, JsonNode input) {
        for (String field : new String[] {"file_path", "path", "command", "cmd", "notebook_path", "url", "pattern"}) {
            if (input.path(field).isTextual()) {
                return tool + " " + Tails.clip(input.get(field).asText(), 200);
            }
        }
        return tool;
    }

    private static CliReport codex(String stdout, String stderr, Path codexHome) {
        String thread = null;
        String message = null;
        String error = null;
        long in = -1;
        long out = -1;
        for (JsonNode e : events(stdout)) {
            switch (e.path("type").asText("")) {
                case "thread.started" -> thread = e.path("thread_id").asText(null);
                case "item.completed" -> {
                    if ("agent_message".equals(e.path("item").path("type").asText())) {
                        message = e.path("item").path("text").asText("");
                    }
                }
                case "turn.completed" -> {
                    JsonNode u = e.path("usage");
                    in = u.path("input_tokens").asLong(0);
                    out = u.path("output_tokens").asLong(0) + u.path("reasoning_output_tokens").asLong(0);
                }
                case "turn.failed" -> error = e.path("error").path("message").asText("the turn failed");
                case "error" -> {
                    String m = e.path("message").asText("");
                    if (!m.startsWith("Reconnecting")) {
                        error = m;
                    }
                }
                default -> {}
            }
        }
        return new CliReport(envelope(thread, message == null ? error : null, message), in, out, codexRefusals(stderr, thread, codexHome), 1);
    }

    /**
     * The patches and commands codex's sandbox rejected (its standard error, the only place they
     * show), with the files of the thread's patches, read from its session file in {@code codexHome}
     * ({@code sessions/.../rollout-...-THREAD.jsonl}), since the rejection does not name them.
     */
    private static List<String> codexRefusals(String stderr, String thread, Path codexHome) {
        var refused = new LinkedHashSet<String>();
        Matcher m = CODEX_REJECTED.matcher(stderr);
        while (m.find()) {
            refused.add(m.group(1).strip());
        }
        if (!refused.isEmpty()) {
            var files = new LinkedHashSet<String>();
            Matcher f = CODEX_PATCH_FILE.matcher(stderr);
            while (f.find()) {
                files.add(f.group(1));
            }
            String rollout = codexRollout(codexHome, thread);
            f = CODEX_PATCH_FILE_ESCAPED.matcher(rollout);
            while (f.find()) {
                files.add(f.group(1));
            }
            if (!files.isEmpty()) {
                refused.add("the patch was for " + String.join(", ", files));
            }
        }
        return List.copyOf(refused);
    }

    /** The text of codex's session file for the thread; "" when it cannot be found. */
    private static String codexRollout(Path codexHome, String thread) {
        if (codexHome == null || thread == null || !Files.isDirectory(codexHome.resolve("sessions"))) {
            return "";
        }
        try (Stream<Path> files = Files.walk(codexHome.resolve("sessions"), 4)) {
            Path found = files.filter(p -> p.getFileName().toString().endsWith(thread + ".jsonl")).findFirst().orElse(null);
            return found == null ? "" : Tails.read(found, 1024 * 1024);
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /**
     * The tool calls gemini's approval mode refused, each with its file or command, from its session
     * file ({@code tmp/PROJECT/chats/session-...-ID8.jsonl} under {@code ~/.gemini}, whose first
     * line names the session): the only place that says what a refused call was for, since its
     * standard error names the tool alone. A call counts when its status is {@code error} and its
     * error says the tool was not offered or not allowed.
     */
    static List<String> geminiRefusals(Path geminiHome, String session) {
        if (geminiHome == null || session.length() < 8 || !Files.isDirectory(geminiHome.resolve("tmp"))) {
            return List.of();
        }
        String suffix = "-" + session.substring(0, 8) + ".jsonl";
        var out = new LinkedHashSet<String>();
        try (Stream<Path> files = Files.walk(geminiHome.resolve("tmp"), 3)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.getFileName().toString().startsWith("session-")
                    && p.getFileName().toString().endsWith(suffix))::iterator) {
                String text = Tails.read(f, 4 * 1024 * 1024);
                if (!text.contains(session)) {
                    continue;
                }
                for (String line : text.split("\n")) {
                    if (!line.contains("\"toolCalls\"")) {
                        continue;
                    }
                    JsonNode entry;
                    try {
                        entry = JSON.readTree(line);
                    } catch (IOException e) {
                        continue;
                    }
                    for (JsonNode call : (Iterable<JsonNode>) entry.path("toolCalls")::elements) {
                        String error = call.path("result").path(0).path("functionResponse").path("response").path("error").asText("");
                        if ("error".equals(call.path("status").asText()) && GEMINI_REFUSAL.matcher(error).find()) {
                            out.add(action(call.path("name").asText("a tool"), call.path("args")) + ": " + Tails.clip(error, 200));
                        }
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
        return List.copyOf(out);
    }

    /**
     * gemini's {@code --output-format stream-json}: {@code init} names the session; the assistant's
     * {@code message} deltas after the last {@code tool_use} are the final answer; a {@code
     * tool_result} whose error is of a type its approval mode gives ({@link #GEMINI_REFUSED_TYPES})
     * is a refused action, named with its {@code tool_use}'s file or command; {@code result} has the
     * status, the error and the tokens by model, also on a failure (the router's request before a
     * rate limit counts).
     */
    private static CliReport geminiStream(String stdout) {
        String session = null;
        var text = new StringBuilder();
        String error = null;
        JsonNode stats = null;
        var calls = new HashMap<String, JsonNode>();
        var refused = new LinkedHashSet<String>();
        for (JsonNode e : events(stdout)) {
            switch (e.path("type").asText("")) {
                case "init" -> session = e.path("session_id").asText(null);
                case "message" -> {
                    if ("assistant".equals(e.path("role").asText())) {
                        text.append(e.path("content").asText(""));
                    }
                }
                case "tool_use" -> {
                    calls.put(e.path("tool_id").asText(""), e);
                    text.setLength(0);
                }
                case "tool_result" -> {
                    JsonNode failure = e.path("error");
                    if ("error".equals(e.path("status").asText()) && GEMINI_REFUSED_TYPES.contains(failure.path("type").asText())) {
                        JsonNode call = calls.getOrDefault(e.path("tool_id").asText(""), JSON.createObjectNode());
                        refused.add(action(call.path("tool_name").asText("a tool"), call.path("parameters")) + ": "
                                + Tails.clip(failure.path("message").asText(""), 200));
                    }
                }
                case "result" -> {
                    stats = e.path("stats");
                    if ("error".equals(e.path("status").asText())) {
                        error = e.path("error").path("message").asText("gemini's turn failed");
                    }
                }
                default -> {}
            }
        }
        long in = -1;
        long out = -1;
        var models = new ArrayList<PriceTable.ModelTokens>();
        if (stats != null && stats.isObject()) {
            in = 0;
            out = 0;
            for (var it = stats.path("models").fields(); it.hasNext();) {
                var model = it.next();
                long mIn = model.getValue().path("input_tokens").asLong(0);
                long mOut = model.getValue().path("output_tokens").asLong(0);
                models.add(new PriceTable.ModelTokens(model.getKey(), mIn, mOut));
                in += mIn;
                out += mOut;
            }
        }
        return new CliReport(envelope(session, error, text.toString()), in, out, List.copyOf(refused), 1, List.copyOf(models));
    }

    /** The lines of an event stream that are JSON objects, in order; a line cut short or of text is passed over. */
    private static List<JsonNode> events(String stdout) {
        var out = new ArrayList<JsonNode>();
        for (String line : stdout.split("\n")) {
            String t = line.strip();
            if (t.startsWith("{")) {
                try {
                    out.add(JSON.readTree(t));
                } catch (IOException ex) {
                    // not an event
                }
            }
        }
        return out;
    }

    /** The envelope {@link AgentReply} reads, made from an event stream: the session, and the error or the final text. */
    private static String envelope(String session, String error, String text) {
        ObjectNode envelope = JSON.createObjectNode();
        envelope.put("type", "result");
        if (session != null) {
            envelope.put("session_id", session);
        }
        if (error != null) {
            envelope.put("is_error", true);
            envelope.put("result", error);
        } else {
            envelope.put("result", text == null ? "" : text);
        }
        return envelope.toString();
    }

    private static CliReport gemini(String stdout, JsonNode obj, String stderr, Path geminiHome) {
        long in = 0;
        long out = 0;
        var models = new ArrayList<PriceTable.ModelTokens>();
        for (var it = obj.path("stats").path("models").fields(); it.hasNext();) {
            var model = it.next();
            JsonNode tokens = model.getValue().path("tokens");
            long mIn = tokens.path("input").asLong(tokens.path("prompt").asLong(0));
            long mOut = tokens.path("candidates").asLong(0) + tokens.path("thoughts").asLong(0);
            models.add(new PriceTable.ModelTokens(model.getKey(), mIn, mOut));
            in += mIn;
            out += mOut;
        }
        var refused = new LinkedHashSet<String>(geminiRefusals(geminiHome, obj.path("session_id").asText("")));
        Matcher m = refused.isEmpty() ? GEMINI_TOOL_ERROR.matcher(stderr) : GEMINI_TOOL_ERROR.matcher("");
        while (m.find()) {
            if (GEMINI_REFUSAL.matcher(m.group(2)).find()) {
                refused.add(m.group(1) + ": " + Tails.clip(m.group(2).strip(), 200));
            }
        }
        JsonNode tools = obj.path("stats").path("tools");
        if (refused.isEmpty() && tools.path("totalDecisions").path("reject").asLong(0) > 0) {
            tools.path("byName").fields().forEachRemaining(e -> {
                if (e.getValue().path("decisions").path("reject").asLong(0) > 0) {
                    refused.add(e.getKey());
                }
            });
            if (refused.isEmpty()) {
                refused.add(tools.path("totalDecisions").path("reject").asLong(0) + " tool call(s)");
            }
        }
        return new CliReport(stdout, in, out, List.copyOf(refused), 1, List.copyOf(models));
    }
}
