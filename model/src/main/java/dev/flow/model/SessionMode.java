package dev.flow.model;

import java.util.Locale;

/**
 * Whether an agent task that runs again (a later loop pass, a retry) continues the conversation
 * its agent had on the previous run, or starts a new one.
 */
public enum SessionMode {
    /** A new conversation each run (the default). */
    FRESH,
    /**
     * The conversation of the node's previous run, by the session id its agent reported: claude
     * gets {@code --resume ID}, codex {@code exec resume ID}, gemini {@code --resume ID}, and every
     * agent {@code FLOW_SESSION_ID}.
     */
    CONTINUE;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }
}
