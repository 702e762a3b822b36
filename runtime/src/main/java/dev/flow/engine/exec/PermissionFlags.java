package dev.flow.engine.exec;

import dev.flow.model.AgentPermissions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An agent's {@code permissions} as each CLI's own flags. The flags a command line already has for
 * the same purpose are taken out first, so the level written in the workflow is the one that counts:
 *
 * <table>
 *   <caption>levels and flags</caption>
 *   <tr><th>level</th><th>claude</th><th>codex ({@code exec})</th><th>gemini</th></tr>
 *   <tr><td>read</td><td>{@code --permission-mode plan}</td><td>{@code --sandbox read-only}</td><td>{@code --approval-mode plan}</td></tr>
 *   <tr><td>edit</td><td>{@code --permission-mode acceptEdits}</td><td>{@code --sandbox workspace-write}</td><td>{@code --approval-mode auto_edit}</td></tr>
 *   <tr><td>run</td><td>{@code --permission-mode acceptEdits --allowedTools Bash}</td><td>{@code --sandbox workspace-write}</td><td>{@code --approval-mode yolo}</td></tr>
 *   <tr><td>full</td><td>{@code --permission-mode bypassPermissions}</td><td>{@code --dangerously-bypass-approvals-and-sandbox}</td><td>{@code --approval-mode yolo}</td></tr>
 * </table>
 *
 * <p>{@code allow} adds {@code --allowedTools Bash(CMD)} for claude and {@code --allowed-tools
 * run_shell_command(CMD)} for gemini; codex has no list of allowed commands ({@code exec} never
 * asks: its sandbox decides). A command line whose program is none of the three is left alone.
 * claude refuses {@code bypassPermissions} as root unless {@code IS_SANDBOX=1}; Flow sets it only
 * when the step runs in Flow's sandbox ({@link #environment}), so {@code full} outside it fails
 * safe.
 */
public final class PermissionFlags {
    private PermissionFlags() {}

    /** The CLIs whose flags Flow knows, by the name of their program. */
    public static final Set<String> CLIS = Set.of("claude", "codex", "gemini");

    /** Flags that set permissions, and whether each takes a value; claude's {@code --allowedTools} takes all up to the next flag. */
    private static final Map<String, Map<String, Integer>> FLAGS = Map.of(
            "claude", Map.of("--permission-mode", 1, "--allowedTools", -1, "--allowed-tools", -1, "--dangerously-skip-permissions", 0),
            "codex", Map.of("--sandbox", 1, "-s", 1, "--dangerously-bypass-approvals-and-sandbox", 0, "--full-auto", 0),
            "gemini", Map.of("--approval-mode", 1, "--yolo", 0, "-y", 0, "--allowed-tools", 1));

    /** The CLI a command line runs ({@code claude}, {@code codex}, {@code gemini}), or null for another program. */
    public static String cli(List<String> argv) {
        if (argv.isEmpty()) {
            return null;
        }
        Path program = Path.of(argv.get(0)).getFileName();
        String name = program == null ? "" : program.toString();
        return CLIS.contains(name) ? name : null;
    }

    /** {@code argv} with the flags of {@code permissions} in place of its own; unchanged when it is null or the program is not a known CLI. */
    public static List<String> apply(List<String> argv, AgentPermissions permissions) {
        String cli = cli(argv);
        if (permissions == null || cli == null || !permissions.known()) {
            return argv;
        }
        var out = without(argv, FLAGS.get(cli));
        List<String> flags = flags(cli, permissions);
        int at = out.size();
        if (cli.equals("codex")) {
            // codex's options belong to its subcommand: after "exec", before "resume" and the prompt's "-"
            int exec = out.indexOf("exec");
            at = exec < 0 ? 1 : exec + 1;
        }
        out.addAll(at, flags);
        return List.copyOf(out);
    }

    /** The variables the level needs: {@code IS_SANDBOX=1} for claude's {@code full}, only inside Flow's sandbox. */
    public static Map<String, String> environment(List<String> argv, AgentPermissions permissions, boolean sandboxed) {
        if (sandboxed && permissions != null && AgentPermissions.FULL.equals(permissions.level()) && "claude".equals(cli(argv))) {
            return Map.of("IS_SANDBOX", "1");
        }
        return Map.of();
    }

    private static List<String> flags(String cli, AgentPermissions p) {
        var out = new ArrayList<String>();
        String level = p.level();
        switch (cli) {
            case "claude" -> {
                out.add("--permission-mode");
                out.add(switch (level) {
                    case AgentPermissions.READ -> "plan";
                    case AgentPermissions.FULL -> "bypassPermissions";
                    default -> "acceptEdits";
                });
                var tools = new ArrayList<String>();
                if (level.equals(AgentPermissions.RUN)) {
                    tools.add("Bash");
                }
                p.allow().forEach(command -> tools.add("Bash(" + command + ")"));
                if (!tools.isEmpty() && !level.equals(AgentPermissions.FULL)) {
                    out.add("--allowedTools");
                    out.add(String.join(",", tools));
                }
            }
            case "codex" -> {
                if (level.equals(AgentPermissions.FULL)) {
                    out.add("--dangerously-bypass-approvals-and-sandbox");
                } else {
                    out.add("--sandbox");
                    out.add(level.equals(AgentPermissions.READ) ? "read-only" : "workspace-write");
                }
            }
            default -> {
                out.add("--approval-mode");
                out.add(switch (level) {
                    case AgentPermissions.READ -> "plan";
                    case AgentPermissions.EDIT -> "auto_edit";
                    default -> "yolo";
                });
                if (!p.allow().isEmpty() && (level.equals(AgentPermissions.READ) || level.equals(AgentPermissions.EDIT))) {
                    for (String command : p.allow()) {
                        out.add("--allowed-tools");
                        out.add("run_shell_command(" + command + ")");
                    }
                }
            }
        }
        return out;
    }

    /** {@code argv} without the flags of {@code known} and their values ({@code --flag value} or {@code --flag=value}). */
    private static ArrayList<String> without(List<String> argv, Map<String, Integer> known) {
        var out = new ArrayList<String>();
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            String flag = a.contains("=") && a.startsWith("-") ? a.substring(0, a.indexOf('=')) : a;
            Integer values = i == 0 ? null : known.get(flag);
            if (values == null) {
                out.add(a);
                continue;
            }
            if (a.contains("=")) {
                continue;
            }
            if (values == 1) {
                i++;
            } else if (values < 0) {
                while (i + 1 < argv.size() && !argv.get(i + 1).startsWith("-")) {
                    i++;
                }
            }
        }
        return out;
    }
}
