package dev.flow.engine.exec;

import dev.flow.store.ErrorClass;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Gives failures their {@link ErrorClass} where only the words tell: an agent's own error report is
 * transient when it speaks of rate limits or an overloaded service, and a logic error otherwise.
 * (Everything else is classified where it happens: a timeout or an exit is transient, a malformed
 * answer validation, a missing program logic.)
 */
final class ErrorClassifier {
    private ErrorClassifier() {}

    private static final Pattern TRANSIENT_WORDS = Pattern.compile(
            "rate[ _-]?limit|\\b429\\b|\\b529\\b|\\b503\\b|\\b500\\b|\\b502\\b|overloaded|try again|too many requests|temporarily unavailable"
                    + "|quota exceeded|resource[ _]exhausted|resource has been exhausted|econnreset|connection reset|timed out|internal server error|server[ _]error"
                    + "|connection (?:to the api )?(?:was )?(?:lost|refused|failed)|connection_failed|stream disconnected|at capacity"
                    + "|high demand|unavailable|exceeded retry limit",
            Pattern.CASE_INSENSITIVE);

    /** A refused key or exhausted credit, in the words of each API (Anthropic, OpenAI, Google): trying again will not help. */
    private static final Pattern CREDENTIAL_WORDS = Pattern.compile(
            "\\b401\\b|unauthori[sz]ed|invalid api key|incorrect api key|api[ _]key[ _]invalid|api key not valid|authentication[ _]error"
                    + "|invalid x-api-key|credit balance is too low|insufficient[ _]quota|billing",
            Pattern.CASE_INSENSITIVE);

    /** The setting that holds each built-in agent's key, named when the key is refused. */
    private static final Map<String, String> KEY_SETTINGS = Map.of(
            "claude", "ANTHROPIC_API_KEY (or claude's login: claude setup-token)",
            "codex", "the key variable of codex's model provider (env_key in $CODEX_HOME/config.toml; OPENAI_API_KEY by default, or codex login)",
            "gemini", "GEMINI_API_KEY (or GOOGLE_API_KEY)");

    /** Whether the text speaks of a limit or an outage that passes. */
    static boolean soundsTransient(String text) {
        return text != null && TRANSIENT_WORDS.matcher(text).find() && !soundsLikeCredentials(text);
    }

    /** Whether the text speaks of a key the service refused or credit that ran out. */
    static boolean soundsLikeCredentials(String text) {
        return text != null && CREDENTIAL_WORDS.matcher(text).find();
    }

    /** What to add to a failure about credentials: the setting that holds the agent's key; "" when the failure is not about them. */
    static String credentialHint(String agent, String text) {
        if (!soundsLikeCredentials(text)) {
            return "";
        }
        String setting = KEY_SETTINGS.get(agent);
        return setting == null ? " (the agent's credentials were refused: check its key)" : " (the key was refused: check " + setting + ")";
    }

    /** The class of an error an agent reported itself (claude's {@code is_error}, gemini's {@code error}). */
    static ErrorClass ofAgentError(String message) {
        return soundsTransient(message) ? ErrorClass.TRANSIENT : ErrorClass.LOGIC;
    }

    /** The class of an exit that is not zero: transient unless what the agent last said is about its credentials. */
    static ErrorClass ofExit(String stderr) {
        return soundsLikeCredentials(stderr) ? ErrorClass.LOGIC : ErrorClass.TRANSIENT;
    }

    /**
     * How a process that exited with {@code code} ended, in words: "exited with code 1", or, for
     * the codes a shell and Java give a process killed by signal N (128 + N), "was killed by signal
     * 9 (KILL)".
     */
    static String describeExit(int code) {
        if (code > 128 && code < 128 + 32) {
            int signal = code - 128;
            String name = switch (signal) {
                case 1 -> " (HUP)";
                case 2 -> " (INT)";
                case 6 -> " (ABRT)";
                case 9 -> " (KILL)";
                case 11 -> " (SEGV)";
                case 13 -> " (PIPE)";
                case 15 -> " (TERM)";
                default -> "";
            };
            return "was killed by signal " + signal + name;
        }
        return "exited with code " + code;
    }
}
