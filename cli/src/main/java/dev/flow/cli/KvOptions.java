package dev.flow.cli;

import dev.flow.store.KvEntry;
import picocli.CommandLine.Option;

/**
 * Where a {@code flow kv} verb reads or writes: an execution and a scope (a node, or the run-wide
 * namespace). Inside a task or an agent both come from the environment the engine set.
 */
public final class KvOptions {

    @Option(names = {"-e", "--execution"}, paramLabel = "ID",
            description = "The execution (default: $FLOW_EXECUTION_ID, set for every process a run starts).")
    String execution;

    @Option(names = {"-n", "--node"}, paramLabel = "NODE",
            description = "The node whose keys to use (default: $FLOW_NODE_ID inside a run's process, else the run-wide namespace).")
    String node;

    @Option(names = "--run", description = "Use the run-wide namespace (\"run\"), which every node of the run may read and write.")
    boolean run;

    String execution() {
        String id = execution != null ? execution : System.getenv("FLOW_EXECUTION_ID");
        if (id == null || id.isBlank()) {
            throw new UserError("which execution? give --execution ID (inside a run's process FLOW_EXECUTION_ID says it)", ExitCode.USAGE);
        }
        return id;
    }

    String scope() {
        if (run) {
            if (node != null) {
                throw new UserError("--run and --node name two scopes; give one", ExitCode.USAGE);
            }
            return KvEntry.RUN_SCOPE;
        }
        if (node != null) {
            return node;
        }
        String env = System.getenv("FLOW_NODE_ID");
        return env == null || env.isBlank() ? KvEntry.RUN_SCOPE : env;
    }
}
