package dev.flow.cli;

import dev.flow.engine.exec.LaunchMechanism;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code flow} command: one verb per job, every verb with {@code --help}. */
@Command(
        name = "flow",
        mixinStandardHelpOptions = true,
        versionProvider = FlowCli.Version.class,
        description = "Typed workflows for AI coding agents: check, compile, draw and run them.",
        subcommands = {
            CheckCommand.class,
            CompileCommand.class,
            GraphCommand.class,
            ImportCommand.class,
            RunCommand.class,
            ResumeCommand.class,
            StatusCommand.class,
            LogCommand.class,
            AnswerCommand.class,
            CancelCommand.class,
            ForkCommand.class,
            WorkerCommand.class,
            StudioCommand.class,
            KvCommand.class,
            MicrocallCommand.class,
            AgentsCommand.class,
            LspCommand.class,
            CommandLine.HelpCommand.class
        })
public final class FlowCli implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        LaunchMechanism.preferVfork(); // before any process starts: the JDK reads it once
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with these streams and returns the exit code (tests call this). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = commandLine();
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new FlowCli());
        cli.setExecutionExceptionHandler(FlowCli::internalError);
        cli.setParameterExceptionHandler(FlowCli::usageError);
        giveTheVersionToEveryVerb(cli);
        return cli;
    }

    /** {@code -V} and {@code --version}, which every verb offers, print flow's version there too, not nothing. */
    private static void giveTheVersionToEveryVerb(CommandLine cli) {
        for (CommandLine verb : cli.getSubcommands().values()) {
            verb.getCommandSpec().versionProvider(new Version());
            giveTheVersionToEveryVerb(verb);
        }
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println(cli.getCommandSpec().qualifiedName() + ": " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try \"" + cli.getCommandSpec().qualifiedName() + " --help\" for more information.");
        err.flush();
        return ExitCode.USAGE;
    }

    /**
     * Expected failures (a file that cannot be written, an unknown execution) carry a message for
     * the user; anything else is a bug, reported in one line with the way to get the details.
     */
    private static int internalError(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (e instanceof UserError user) {
            err.println(cli.getCommandSpec().qualifiedName() + ": " + user.getMessage());
            err.flush();
            return user.exitCode();
        }
        if (e instanceof dev.flow.engine.config.UsageException usage) {
            err.println(cli.getCommandSpec().qualifiedName() + ": " + usage.getMessage());
            err.flush();
            return ExitCode.USAGE;
        }
        if (e instanceof dev.flow.store.StoreException store && store.kind() != dev.flow.store.StoreException.Kind.BUG) {
            err.println(cli.getCommandSpec().qualifiedName() + ": " + store.getMessage());
            err.flush();
            // not a Flow database, or one Flow cannot open, read or write: usage or I/O problems, as docs/cli.md says
            return ExitCode.USAGE;
        }
        if (e instanceof IOException io) {
            err.println(cli.getCommandSpec().qualifiedName() + ": " + describe(io));
            err.flush();
            return ExitCode.USAGE;
        }
        err.println(cli.getCommandSpec().qualifiedName() + ": internal error: " + e + " (this is a bug in Flow; FLOW_DEBUG=1 prints the details)");
        if (System.getenv("FLOW_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCode.INTERNAL;
    }

    /** An I/O failure in a few words, for a message to the user. */
    static String describe(IOException e) {
        return dev.flow.engine.step.IoMessages.describe(e);
    }

    /**
     * The version from the jar's manifest (or the development version), the Java runtime, how this
     * machine lets Flow hold the processes of a step together, and whether it can make sandboxes.
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = FlowCli.class.getPackage().getImplementationVersion();
            return new String[] {"flow " + (v == null ? "0.1.0-SNAPSHOT" : v), "Java " + System.getProperty("java.version"),
                "processes: " + dev.flow.engine.exec.Containment.forEnvironment(System.getenv()).describe(),
                SandboxCheck.describe(System.getenv())};
        }
    }
}
