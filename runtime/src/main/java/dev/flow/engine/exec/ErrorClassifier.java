package dev.flow.engine.exec;

import dev.flow.store.ErrorClass;
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
            "rate[ _-]?limit|\\b429\\b|\\b529\\b|\\b503\\b|overloaded|try again|too many requests|temporarily unavailable"
                    + "|quota exceeded|resource[ _]exhausted|econnreset|connection reset|timed out",
            Pattern.CASE_INSENSITIVE);

    /** Whether the text speaks of a limit or an outage that passes. */
    static boolean soundsTransient(String text) {
        return text != null && TRANSIENT_WORDS.matcher(text).find();
    }

    /** The class of an error an agent reported itself (claude's {@code is_error}, gemini's {@code error}). */
    static ErrorClass ofAgentError(String message) {
        return soundsTransient(message) ? ErrorClass.TRANSIENT : ErrorClass.LOGIC;
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
