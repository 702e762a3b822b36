package dev.flow.cli;

import dev.flow.store.ForkRow;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow fork EXECUTION --from NODE [--input k=v]...}: a new run that reuses what came before NODE and runs from it on. */
@Command(name = "fork", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start a new execution of a run's workflow from one of its nodes, and drive it here as \"flow run\" does."
                + " The fork reuses the results of the nodes NODE does not lead to (they do not run again: a person's answers among"
                + " them stand), starts NODE in the loop pass it was last in, with the state variables and loop counters it had when it"
                + " last became ready, and runs everything NODE leads to again. The run forked from is left as it is, whatever its"
                + " status; \"flow status\" of the fork says where it came from, and its log starts with a \"forked\" event.",
                "--from SUB/NODE forks from a node of the child execution the subgraph node SUB ran: SUB runs again, and its child is"
                        + " itself a fork of the old child from NODE.",
                "Exit status: as flow run: 0 completed, 1 failed or cancelled, 2 usage or input problems (an unknown execution or node,"
                        + " a node the run never reached, a bad input, a role with no agent), 3 paused waiting for a person, 4 stopped by a"
                        + " limit, 130 interrupted."})
final class ForkCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "EXECUTION", description = "The run to fork (flow status lists them).")
    String execution;

    @Option(names = "--from", paramLabel = "NODE", required = true,
            description = "The node to run again from: a node of the run's workflow, or SUB/NODE inside a subgraph's child.")
    String from;

    @Option(names = {"-i", "--input"}, paramLabel = "NAME=VALUE",
            description = "Change one of the run's inputs (repeat for several); the others are the forked run's.")
    List<String> inputs = List.of();

    @Option(names = "--detach", description = "Create the fork and return at once with its id, leaving it to \"flow worker\" processes.")
    boolean detach;

    @Mixin
    DriveOptions drive;

    @Mixin
    DisplayOptions display;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        Ansi ansi = display.ansi();
        Map<String, String> changed = RunCommand.inputs(inputs);
        Progress progress = display.progress(out, ansi);
        try (var session = drive.session(drive.database.openExisting(), progress, ansi)) {
            if (!detach) {
                RunCommand.refuseUnplayedRoles(session.engine.unplayedRoles(execution), "nothing was forked");
            }
            progress.holdUntilHeader();
            String id = session.engine.fork(execution, from, changed);
            ForkRow origin = session.engine.queries().origin(id).orElseThrow();
            String what = "fork of " + origin.sourceId() + " from " + origin.nodeId() + (origin.iteration() > 1 ? " (pass " + origin.iteration() + ")" : "")
                    + ", reusing " + reused(origin);
            if (detach) {
                progress.close();
                out.println(id);
                err.println("started execution " + id + ", a " + what + "; a worker runs it (" + Invocation.of(drive.database).command("worker") + ")");
                err.flush();
                return ExitCode.OK;
            }
            session.say(ansi.bold("fork " + session.engine.queries().execution(id).workflowId()) + " as execution " + id + ", a " + TerminalText.line(what));
            return session.drive(id, session.engine::run, out, err);
        }
    }

    /** "3 nodes (plan, build, review)", or "nothing". */
    static String reused(ForkRow origin) {
        var shown = origin.reused().stream().filter(n -> !n.equals("start")).toList();
        if (shown.isEmpty()) {
            return "nothing";
        }
        return shown.size() + (shown.size() == 1 ? " node" : " nodes") + " (" + String.join(", ", shown) + ")";
    }
}
