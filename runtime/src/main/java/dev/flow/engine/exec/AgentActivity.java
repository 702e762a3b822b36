package dev.flow.engine.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an agent is doing, from one line of its event stream, in a few words: claude's {@code
 * --output-format stream-json --verbose} ({@code assistant} messages with {@code tool_use} blocks),
 * codex's {@code exec --json} ({@code item.started} of a {@code command_execution} or {@code
 * file_change}) and gemini's {@code --output-format stream-json} ({@code tool_use}). A line that says
 * nothing new gives nothing.
 */
public final class AgentActivity {
    /** The most of a transcript's end that {@link #of(Path)} reads: a stream grows with every tool result. */
    static final int TRANSCRIPT_TAIL_BYTES = 1024 * 1024;
    /** The most activities {@link #of(Path)} returns: the last ones. */
    public static final int MAX_ACTIVITIES = 50;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX = 120;
    private static final Pattern SHELL_WRAPPED = Pattern.compile("(?:/usr)?/bin/(?:ba|z)?sh -l?c '(.*)'", Pattern.DOTALL);

    private AgentActivity() {}

    static Optional<String> of(String line) {
        String t = line.strip();
        if (!t.startsWith("{") || !t.endsWith("}")) {
            return Optional.empty();
        }
        JsonNode e;
        try {
            e = JSON.readTree(t);
        } catch (IOException ex) {
            return Optional.empty();
        }
        String type = e.path("type").asText("");
        String what = switch (type) {
            case "assistant" -> claude(e.path("message").path("content"));
            case "item.started", "item.completed" -> codex(e.path("item"), type.equals("item.started"));
            case "tool_use" -> tool(e.path("tool_name").asText(""), e.path("parameters"));
            case "turn.started" -> "thinking";
            case "message" -> "assistant".equals(e.path("role").asText()) ? "answering" : null;
            case "init" -> e.has("session_id") ? "starting" : null;
            case "system" -> "init".equals(e.path("subtype").asText()) ? "starting" : null;
            default -> null;
        };
        return Optional.ofNullable(what).map(w -> Tails.clip(w.replaceAll("\\s+", " ").strip(), MAX));
    }

    private static String claude(JsonNode content) {
        String what = null;
        for (JsonNode block : (Iterable<JsonNode>) content::elements) {
            if ("tool_use".equals(block.path("type").asText())) {
                what = tool(block.path("name").asText(""), block.path("input"));
            } else if ("text".equals(block.path("type").asText()) && what == null) {
                what = "answering";
            }
        }
        return what;
    }

    private static String codex(JsonNode item, boolean started) {
        String kind = item.path("type").asText("");
        if (!started) {
            return kind.equals("agent_message") ? "answering" : null;
        }
        return switch (kind) {
            case "command_execution" -> "running " + unwrapped(item.path("command").asText("a command"));
            case "file_change" -> {
                var files = new ArrayList<String>();
                item.path("changes").forEach(c -> files.add(name(c.path("path").asText(""))));
                yield "editing " + (files.isEmpty() ? "files" : String.join(", ", files));
            }
            case "reasoning" -> "thinking";
            case "web_search" -> "searching the web";
            default -> null;
        };
    }

    /** codex runs each command as {@code /bin/bash -lc 'CMD'}: the command is CMD. */
    private static String unwrapped(String command) {
        Matcher m = SHELL_WRAPPED.matcher(command);
        return m.matches() ? m.group(1).replace("'\\''", "'") : command;
    }

    /** A tool call of claude or gemini: its verb and its file or command. */
    private static String tool(String name, JsonNode input) {
        String file = first(input, "file_path", "path", "absolute_path", "notebook_path");
        String command = first(input, "command", "cmd");
        return switch (name) {
            case "Write", "Edit", "MultiEdit", "NotebookEdit", "write_file", "replace", "edit" -> "editing " + (file == null ? "a file" : name(file));
            case "Read", "read_file", "read_many_files" -> "reading " + (file == null ? "files" : name(file));
            case "Bash", "run_shell_command", "shell" -> "running " + (command == null ? "a command" : command);
            case "Grep", "Glob", "grep", "glob", "search_file_content", "list_directory", "LS" -> "searching";
            case "WebFetch", "WebSearch", "web_fetch", "google_web_search" -> "reading the web";
            case "TodoWrite", "write_todos" -> "planning";
            default -> name.isEmpty() ? null : "using " + name;
        };
    }

    private static String first(JsonNode input, String... fields) {
        for (String f : fields) {
            if (input.path(f).isTextual() && !input.get(f).asText().isBlank()) {
                return input.get(f).asText();
            }
        }
        return null;
    }

    /** A file as the progress line shows it: its name, which the step's folder makes clear enough. */
    private static String name(String path) {
        int slash = path.lastIndexOf('/');
        return slash >= 0 && slash < path.length() - 1 ? path.substring(slash + 1) : path;
    }

    /**
     * What the agent did, from its transcript (the run's {@code stdout.log}, read while it grows or
     * once it is whole): its last {@link #MAX_ACTIVITIES} activities, in order, the last being what
     * it does now while the run goes on; empty when the file is missing or holds no event stream.
     */
    public static List<String> of(Path transcript) {
        List<String> all = all(Tails.tail(transcript, TRANSCRIPT_TAIL_BYTES));
        return all.size() > MAX_ACTIVITIES ? List.copyOf(all.subList(all.size() - MAX_ACTIVITIES, all.size())) : all;
    }

    /** Every activity of a whole stream, in order, each once in a row: what a test or a report reads back. */
    static List<String> all(String stream) {
        var out = new ArrayList<String>();
        for (String line : stream.split("\n")) {
            of(line).filter(a -> out.isEmpty() || !out.get(out.size() - 1).equals(a)).ifPresent(out::add);
        }
        return out;
    }
}
