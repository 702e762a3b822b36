package dev.flow.model;

import java.util.List;

/**
 * The agents every workflow may name without defining them. Their command lines come from the
 * runtime's configuration (see {@code docs/runtime.md}); a workflow may still define an agent of
 * the same name to override the command.
 */
public final class BuiltinAgents {
    private BuiltinAgents() {}

    /** {@code claude}, {@code codex}, {@code gemini}, and {@code self} (the agent running the flow, dialect 2). */
    public static final List<String> NAMES = List.of("claude", "codex", "gemini", "self");

    public static boolean isBuiltin(String name) {
        return NAMES.contains(name);
    }
}
