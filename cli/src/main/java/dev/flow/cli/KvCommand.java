package dev.flow.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code flow kv get|put|ls}: the key-value store of executions. */
@Command(name = "kv", mixinStandardHelpOptions = true,
        subcommands = {KvGetCommand.class, KvPutCommand.class, KvLsCommand.class},
        description = {"Read and write an execution's key-value store: values by node (or the run-wide namespace \"run\") and key,"
                + " each key with its five earlier values. Anyone may read. A process a run started (FLOW_EXECUTION_ID and"
                + " FLOW_NODE_ID set) writes only its own node's keys and the run's, in its own execution; a person may write any node's."
                + " Inside a sandboxed step there is no database: flow kv goes through the broker that FLOW_KV_SOCKET names, to its own"
                + " execution only.",
                "Exit status: 0 done, 1 \"get\" found no value, 2 usage problems (an unknown execution or node, a write the scoping"
                        + " rule refuses, a missing or unreadable database)."})
final class KvCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
