package dev.flow.cli;

import dev.flow.engine.CancelResult;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow cancel EXECUTION [--reason TEXT]}: end a run and its children now. */
@Command(name = "cancel", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Cancel a run and its child executions at once: they end cancelled in one transaction, the nodes they were running,"
                + " waiting on or about to run are cancelled, and their questions withdrawn. Work in progress is killed (its whole process"
                + " tree) by whichever process runs it: a \"flow run\" or \"flow resume\" driving the run ends with exit status 1,"
                + " a \"flow worker\" goes on with other work. The processes of work whose driver is gone (killed, crashed) or runs"
                + " elsewhere on this machine are found by their run token (and cgroup) and stopped by flow cancel itself, which says"
                + " how many. A cancelled run cannot be resumed; \"flow fork\" starts a new one from any"
                + " of its nodes.",
                "Exit status: 0 cancelled, 2 usage problems (an unknown execution, a child execution, a run that has already ended,"
                        + " a missing or unreadable database)."})
final class CancelCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "EXECUTION", description = "The run to cancel (flow status lists them).")
    String execution;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why, kept in the run's report and its log.")
    String reason;

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        try (var store = database.openExisting()) {
            CancelResult c = Engines.create(store).cancel(execution, reason);
            var stopped = new ArrayList<String>();
            if (c.nodesStopped() > 0) {
                stopped.add(c.nodesStopped() + (c.nodesStopped() == 1 ? " node" : " nodes") + " stopped");
            }
            if (c.processesStopped() > 0) {
                stopped.add(EventText.processes(c.processesStopped()) + " of work whose driver is gone stopped");
            }
            if (c.childrenCancelled() > 0) {
                stopped.add(c.childrenCancelled() + (c.childrenCancelled() == 1 ? " child execution" : " child executions") + " cancelled");
            }
            out.println(TerminalText.line("cancelled execution " + c.executionId() + " (" + c.workflowId() + ")"
                    + (stopped.isEmpty() ? "" : ": " + String.join(", ", stopped))));
            out.println("  " + Invocation.of(database).command("status", c.executionId()) + " shows where it stopped");
        }
        out.flush();
        return ExitCode.OK;
    }
}
