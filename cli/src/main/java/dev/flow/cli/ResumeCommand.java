package dev.flow.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow resume EXECUTION}: go on after a crash, a pause or an answer. */
@Command(name = "resume", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Continue an execution after a crash, Ctrl-C, a pause or an answer: work a dead process held goes back to ready"
                + " (whatever it left running is stopped first), questions whose deadline passed take their defaults, and the run"
                + " is driven here as \"flow run\" does. An execution that has ended is reported as it ended.",
                "Exit status: 0 completed, 1 failed, 2 usage problems (an unknown execution, a role with no agent, an unreadable database),"
                        + " 3 paused waiting for a person, 4 stopped by a limit, 130 interrupted."})
final class ResumeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "EXECUTION", description = "The execution's id (flow run printed it; flow status lists them).")
    String execution;

    @Mixin
    DriveOptions drive;

    @Mixin
    DisplayOptions display;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        Ansi ansi = display.ansi();
        Progress progress = display.progress(out, ansi);
        try (var session = drive.session(drive.database.openExisting(), progress, ansi)) {
            var row = session.engine.queries().status(execution).execution();
            if (!row.status().isFinal()) {
                RunCommand.refuseUnplayedRoles(session.engine.unplayedRoles(row.rootId()), "nothing was resumed");
            }
            session.say(ansi.bold("resume " + row.workflowId()) + " (execution " + row.rootId() + ", " + row.status().keyword() + ")");
            return session.drive(row.rootId(), session.engine::resume, out, spec.commandLine().getErr());
        }
    }
}
