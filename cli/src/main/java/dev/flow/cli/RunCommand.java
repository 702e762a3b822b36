package dev.flow.cli;

import dev.flow.engine.Engine;
import dev.flow.engine.exec.AgentCommands;
import dev.flow.engine.exec.AgentSurvey;
import dev.flow.engine.exec.RoleAgents;
import dev.flow.model.FlowGraph;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow run FILE [--input k=v]...}: check a workflow, start an execution, and drive it here. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Check a workflow (.flow, .yaml, .yml or compiled .json), refusing one with errors, start an execution of it,"
                + " and drive it here until it ends or waits for a person. Progress goes to standard output as it happens"
                + " (a live display on a terminal, plain lines otherwise), then a summary. Commands run in the workflow file's folder.",
                "When the run waits for a person, flow run prints the exact \"flow answer\" commands and the \"flow resume\" command"
                        + " that go on; Ctrl-C stops the work in progress and hands it back for \"flow resume\".",
                "Tasks that name a role and no agent (dialect 1's task_config.role) are run by the role's agent: --role ROLE=COMMAND,"
                        + " else FLOW_ROLE_<ROLE>, else an agent of the workflow with roles \"ROLE\", else FLOW_ROLE_AGENT (every role);"
                        + " flow run refuses to start (exit 2) while a role has none. A YAML workflow in dialect 1 declares no inputs:"
                        + " --input NAME=VALUE reaches its entry node as the supervisor's initial inputs, and {NAME} in its templates.",
                "Exit status: 0 completed, 1 failed (or errors in the workflow: nothing runs), 2 usage or input problems"
                        + " (bad inputs, a role with no agent, an agent whose CLI is not on the PATH, an unreadable file or database, a sandbox the workflow asks for and this"
                        + " machine cannot make), 3 paused waiting for a person, 4 stopped by a limit, 130 interrupted."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The workflow to run.")
    Path file;

    @Option(names = {"-i", "--input"}, paramLabel = "NAME=VALUE",
            description = "A value for one of the workflow's inputs, as text converted to its declared type (repeat for several).")
    List<String> inputs = List.of();

    @Option(names = "--detach",
            description = "Start the execution and return at once with its id, leaving it to \"flow worker\" processes on the same database.")
    boolean detach;

    @Mixin
    DriveOptions drive;

    @Mixin
    InputOptions input;

    @Mixin
    DisplayOptions display;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        Ansi ansi = display.ansi();
        Progress progress = display.progress(out, ansi);
        Map<String, String> given = inputs(inputs);

        Workflows.Read read = Workflows.readWithoutErrors(file, input.toLoadOptions(), err, ansi, "nothing was run");
        if (read.refused()) {
            return read.exitCode();
        }
        FlowGraph graph = read.graph();
        String noSandbox = SandboxCheck.problem(graph, System.getenv());
        if (noSandbox != null) {
            err.println("flow run: " + noSandbox + "; nothing was run");
            err.flush();
            return ExitCode.USAGE;
        }
        Map<String, Object> typed = Engine.typedInputs(graph.main(), given);
        Path baseDir = file.toAbsolutePath().normalize().getParent();
        if (!detach) {
            // the engine reads the same settings: --role, then the environment
            refuseUnplayedRoles(new RoleAgents(drive.roles.commands(), System.getenv()).unplayed(graph), "nothing was run");
            refuseMissingAgents(graph, drive.roles.commands(), baseDir, file, "nothing was run");
        }

        try (var session = drive.session(drive.database.openOrCreate(), progress, ansi)) {
            progress.holdUntilHeader();
            String id = session.engine.startTyped(graph, typed, baseDir);
            Invocation flow = Invocation.of(drive.database);
            if (detach) {
                progress.close();
                out.println(id);
                err.println("started execution " + id + " of " + graph.main().id() + "; a worker runs it ("
                        + flow.command("worker") + "), and " + flow.command("status", id) + " shows how far it got");
                err.flush();
                return ExitCode.OK;
            }
            session.say(ansi.bold("run " + graph.main().id()) + " (" + file + ") as execution " + id);
            return session.drive(id, session.engine::run, out, err);
        }
    }

    /**
     * Refuses to start (or resume) a run whose role tasks would fail at once, naming the settings (a
     * detached run is left to workers, which may be configured otherwise).
     */
    static void refuseUnplayedRoles(Map<String, List<String>> unplayed, String consequence) {
        if (unplayed.isEmpty()) {
            return;
        }
        throw new UserError(RoleAgents.missing(unplayed) + "; " + consequence, ExitCode.USAGE);
    }

    /**
     * Refuses to start (or resume) a run one of whose agents' CLI is not on the PATH, as {@code flow
     * agents} shows it, rather than let its first task fail after the earlier ones ran.
     */
    static void refuseMissingAgents(FlowGraph graph, Map<String, List<String>> roleCommands, Path baseDir, Path file, String consequence) {
        Map<String, String> env = System.getenv();
        var missing = AgentSurvey.unrunnable(AgentSurvey.of(graph, new AgentCommands(Map.of(), env), new RoleAgents(roleCommands, env), env, baseDir));
        if (!missing.isEmpty()) {
            throw new UserError(AgentSurvey.missing(missing) + "; \"flow agents " + file + "\" shows each agent's command line; " + consequence,
                    ExitCode.USAGE);
        }
    }

    /** {@code NAME=VALUE} pairs, each name once. */
    static Map<String, String> inputs(List<String> pairs) {
        var map = new LinkedHashMap<String, String>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UserError("--input takes NAME=VALUE, not \"" + pair + "\"", ExitCode.USAGE);
            }
            String name = pair.substring(0, eq).strip();
            if (map.put(name, pair.substring(eq + 1)) != null) {
                throw new UserError("input \"" + name + "\" is given twice", ExitCode.USAGE);
            }
        }
        return map;
    }
}
