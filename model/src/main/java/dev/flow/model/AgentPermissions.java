package dev.flow.model;

import java.util.List;
import java.util.Objects;

/**
 * What an agent's CLI may do without asking, written on an agent ({@code permissions run allow "mvn
 * -q test"}, or {@code agents: {claude: {permissions: run}}} in YAML). The runtime maps the level
 * onto each CLI's own flags (claude's permission mode and allowed tools, codex's sandbox, gemini's
 * approval mode); the checker reports a level it does not know ({@code FLOW111}).
 *
 * <ul>
 *   <li>{@code read}: it may read and answer, and change nothing;
 *   <li>{@code edit} (the default): it may edit files in the step's folder, and run only the commands
 *       in {@code allow};
 *   <li>{@code run}: it may also run commands, each inside the CLI's own sandbox where it has one;
 *   <li>{@code full}: the CLI's own checks are off; Flow's sandbox is the only boundary.
 * </ul>
 *
 * @param level one of {@link #LEVELS}, as written (an unknown one is the checker's to report)
 * @param allow commands the agent may run at every level (claude's {@code Bash(...)}, gemini's
 *     {@code run_shell_command(...)}; codex's sandbox decides for itself)
 * @param source where the level is written
 */
public record AgentPermissions(String level, List<String> allow, SourceRef source) {
    public static final String READ = "read";
    public static final String EDIT = "edit";
    public static final String RUN = "run";
    public static final String FULL = "full";

    /** The levels, from least to most. */
    public static final List<String> LEVELS = List.of(READ, EDIT, RUN, FULL);

    /** The level of an agent that sets none: edits in the step's folder, nothing more. */
    public static final AgentPermissions DEFAULT = new AgentPermissions(EDIT, List.of(), SourceRef.NONE);

    public AgentPermissions {
        Objects.requireNonNull(level, "level");
        allow = Models.list(allow);
        source = source == null ? SourceRef.NONE : source;
    }

    /** Whether the level is one Flow knows. */
    public boolean known() {
        return LEVELS.contains(level);
    }
}
