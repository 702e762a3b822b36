package dev.flow.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in this JVM and keeps what it printed. */
record Cli(int exit, String out, String err) {

    static Cli run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int exit = FlowCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(exit, out.toString(), err.toString());
    }
}
