package dev.flow.cli;

import dev.flow.engine.Microcalls;
import dev.flow.engine.broker.KvBrokerClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code flow microcall --prompt TEXT}: a one-shot agent call from inside a running node. */
@Command(name = "microcall", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Call an agent once from inside a running node (its process finds the node in FLOW_EXECUTION_ID and FLOW_NODE_ID):"
                + " to summarise, extract or decide something without spending the node's own agent on it. The agent is found as a"
                + " task's is (--agent NAME: the workflow's agents, FLOW_AGENT_<NAME>, the built-in ones; --role ROLE: the role's"
                + " agent; neither: the node's own agent), gets the prompt, and answers with a JSON object, as tasks' agents do.",
                "The answer is printed on standard output as one JSON object ({\"status\": \"success\", \"summary\": ..., \"data\": ...,"
                        + " \"cost\": ...}) and, with --store-key KEY, stored under KEY in the node's keys (the run's with --run)."
                        + " Its prompt, logs and result go to microcalls/N/ in the node's run folder; its cost counts toward the run's"
                        + " max cost with the node's attempt.",
                "Exit status: 0 answered, 1 the agent failed (it exited non-zero, gave no usable answer or reported an error), 2 usage"
                        + " problems (outside a running node, an agent with no command, a bad key), 4 the run already spent its max cost."})
final class MicrocallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--prompt", paramLabel = "TEXT", required = true, description = "What to ask; \"-\" reads it from standard input.")
    String prompt;

    @Option(names = "--agent", paramLabel = "NAME", description = "The agent to call (default: the node's own).")
    String agent;

    @Option(names = "--role", paramLabel = "ROLE", description = "Call the agent that plays ROLE, as for a task with that role.")
    String role;

    @Option(names = "--store-key", paramLabel = "KEY", description = "Also store the answer's JSON under KEY in the node's keys.")
    String storeKey;

    @Option(names = "--run", description = "Store it in the run-wide namespace instead of the node's.")
    boolean run;

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() throws IOException {
        Map<String, String> env = System.getenv();
        String execution = env.get("FLOW_EXECUTION_ID");
        String node = env.get("FLOW_NODE_ID");
        if (execution == null || execution.isBlank() || node == null || node.isBlank()) {
            throw new UserError("flow microcall runs inside a node of a run: FLOW_EXECUTION_ID and FLOW_NODE_ID are not set here"
                    + " (call it from a task's command or agent, as \"$FLOW_BIN\" microcall --prompt ...)", ExitCode.USAGE);
        }
        if (KvBrokerClient.socketOf(env).isPresent() && !database.named()) {
            throw new UserError("flow microcall does not work inside a sandboxed step: it reads and records the run in the database,"
                    + " which a sandbox does not show (only \"flow kv\" reaches the run from inside, through its broker); run this step"
                    + " with \"sandbox none\" to use microcalls", ExitCode.USAGE);
        }
        if (agent != null && role != null) {
            throw new UserError("--agent and --role name the agent two ways: give one", ExitCode.USAGE);
        }
        if (run && storeKey == null) {
            throw new UserError("--run says where --store-key stores the answer: give --store-key KEY too", ExitCode.USAGE);
        }
        String text = prompt.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8) : prompt;
        var err = spec.commandLine().getErr();
        try (var store = database.openExisting()) {
            var result = Engines.create(store).microcalls().call(new Microcalls.Request(execution, node, text, agent, role, storeKey, run,
                    Path.of("").toAbsolutePath()));
            var out = spec.commandLine().getOut();
            out.println(result.json());
            out.flush();
            return ExitCode.OK;
        } catch (Microcalls.Failed e) {
            err.println("flow microcall: " + e.getMessage());
            err.flush();
            return ExitCode.FAILED;
        } catch (Microcalls.OverBudget e) {
            err.println("flow microcall: " + e.getMessage());
            err.flush();
            return ExitCode.LIMIT;
        }
    }
}
