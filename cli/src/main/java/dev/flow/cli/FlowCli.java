package dev.flow.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code flow} command. */
@Command(
        name = "flow",
        mixinStandardHelpOptions = true,
        version = "flow 0.1.0",
        description = "Typed workflows for AI coding agents: check, compile, graph and run them.")
public final class FlowCli implements Runnable {

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlowCli()).execute(args));
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
