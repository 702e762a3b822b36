package dev.flow.engine.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the built-in agents continue a conversation, and how Flow learns the id of the one they had.
 * claude and gemini take {@code --resume ID} and report {@code session_id} in their JSON envelope;
 * codex takes {@code exec resume ID} (before the {@code -} that makes it read the prompt from
 * standard input) and prints {@code session id: ID} at the head of its standard error. Every agent,
 * built-in or not, also gets the id in {@code FLOW_SESSION_ID}.
 */
final class AgentSessions {
    private AgentSessions() {}

    /** The environment variable that carries the session to continue. */
    static final String VARIABLE = "FLOW_SESSION_ID";

    private static final Pattern CODEX_HEADER = Pattern.compile("(?m)^session id:\\s*(\\S+)\\s*$");
    private static final int CODEX_HEADER_BYTES = 64 * 1024;

    /** The built-in agent's command line continuing {@code sessionId}; unchanged for an agent Flow does not know. */
    static List<String> resume(String agent, List<String> argv, String sessionId) {
        var out = new ArrayList<>(argv);
        switch (agent) {
            case "claude", "gemini" -> {
                out.add("--resume");
                out.add(sessionId);
            }
            case "codex" -> {
                int at = !out.isEmpty() && out.get(out.size() - 1).equals("-") ? out.size() - 1 : out.size();
                out.addAll(at, List.of("resume", sessionId));
            }
            default -> {}
        }
        return out;
    }

    /** The session codex announced in the text of its standard error; null when it did not. */
    static String codexSessionIn(String stderr) {
        Matcher m = CODEX_HEADER.matcher(stderr);
        return m.find() ? m.group(1) : null;
    }

    /** The session codex announced at the head of its standard error; null when it did not. */
    static String codexSession(Path stderr) {
        try (InputStream in = Files.newInputStream(stderr)) {
            String head = new String(in.readNBytes(CODEX_HEADER_BYTES), StandardCharsets.UTF_8);
            Matcher m = CODEX_HEADER.matcher(head);
            return m.find() ? m.group(1) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
