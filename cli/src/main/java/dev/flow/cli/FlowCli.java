package dev.flow.cli;

import dev.flow.engine.exec.LaunchMechanism;
import dev.flow.timing.Phases;
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
        Phases.mark("jvm started, main");
        LaunchMechanism.preferVfork(); // before any process starts: the JDK reads it once
        int exit = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        Phases.mark("done");
        System.exit(exit);
    }

    /** Runs the command line with these streams and returns the exit code (tests call this). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = commandLine(args);
        Phases.mark("command line built");
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    /** The command line with every verb: for {@code flow}, {@code flow --help}, {@code flow help} and unknown verbs. */
    static CommandLine commandLine() {
        withoutUnusedConverters();
        return configured(new CommandLine(new FlowCli()));
    }

    /**
     * No option of Flow's is a {@code java.time} or {@code java.sql} type, and picocli's converters
     * for them load and initialise about 90 classes of both packages on every start.
     */
    private static void withoutUnusedConverters() {
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", "java\\.sql\\..*,java\\.time\\..*");
        }
    }

    /**
     * The command line for these arguments: when they start with a verb's name, the root with only
     * that verb, and for {@code flow --version} the root alone. picocli builds the model of every verb it is given, by reflection, and the 17
     * other verbs cost {@code flow check} a quarter of a second of CPU (bench/README.md,
     * start-up); what the user typed parses the same either way.
     */
    static CommandLine commandLine(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            withoutUnusedConverters();
            return configured(new CommandLine(new OneVerb()));
        }
        if (args.length > 0) {
            for (Class<?> verb : FlowCli.class.getAnnotation(Command.class).subcommands()) {
                if (verb != CommandLine.HelpCommand.class && verb.getAnnotation(Command.class).name().equals(args[0])) {
                    withoutUnusedConverters();
                    CommandLine cli = new CommandLine(new OneVerb());
                    cli.addSubcommand(new CommandLine(verb, CommandLine.defaultFactory()));
                    return configured(cli);
                }
            }
        }
        return commandLine();
    }

    /** The root of {@link #commandLine(String[])}: {@code flow} as above, with one verb or none. */
    @Command(name = "flow", mixinStandardHelpOptions = true, versionProvider = FlowCli.Version.class)
    static final class OneVerb implements Runnable {
        @Override
        public void run() {
            // Never called: this root is only made for arguments that name a verb, or for --version.
        }
    }

    private static CommandLine configured(CommandLine cli) {
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
