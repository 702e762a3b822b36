package dev.flow.cli;

import dev.flow.engine.exec.AgentCommands;
import dev.flow.engine.exec.RoleAgents;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --role ROLE=COMMAND}: who plays a role, for the verbs that run work (run, resume, worker). */
public final class RoleOptions {

    @Option(names = "--role", paramLabel = "ROLE=COMMAND",
            description = "The agent that plays ROLE for tasks that name a role and no agent (dialect 1's task_config.role), as a command line"
                    + " (words, or a JSON array): --role reviewer='claude -p --output-format json'. Repeat for several roles. Otherwise"
                    + " the environment variable " + "FLOW_ROLE_<ROLE> (FLOW_ROLE_REVIEWER), then an agent of the workflow with"
                    + " roles \"reviewer\", then " + RoleAgents.DEFAULT_VARIABLE + " (every role). A relative program path is"
                    + " found from the folder you start flow in.")
    List<String> roles = List.of();

    /** The command lines by role; a malformed setting is a usage error. */
    Map<String, List<String>> commands() {
        var out = new LinkedHashMap<String, List<String>>();
        for (String pair : roles) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || pair.substring(eq + 1).isBlank()) {
                throw new UserError("--role takes ROLE=COMMAND, not \"" + pair + "\"", ExitCode.USAGE);
            }
            String role = pair.substring(0, eq).strip();
            List<String> argv;
            try {
                argv = AgentCommands.parse(pair.substring(eq + 1));
            } catch (IllegalArgumentException e) {
                throw new UserError("--role " + role + ": " + e.getMessage(), ExitCode.USAGE);
            }
            if (out.put(role, argv) != null) {
                throw new UserError("role \"" + role + "\" is given twice with --role", ExitCode.USAGE);
            }
        }
        return out;
    }
}
