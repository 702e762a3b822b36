package dev.flow.cli;

import dev.flow.lsp.FlowLanguageServer;
import dev.flow.lsp.ServerOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code flow lsp}: the language server that editors start, in this JVM. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = {"Run the Flow language server (Language Server Protocol) for editors.",
                "By default it talks over standard input and output, as VS Code, Neovim, Emacs and Helix expect; "
                        + "standard output then carries only the protocol and logs go to standard error.",
                "See docs/editors.md for each editor's set-up.",
                "Exit status: 0 after the client's shutdown and exit, 1 when the client went away without them, 2 usage problems."})
final class LspCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--stdio", description = "Talk over standard input and output (the default; VS Code's client passes it).")
    boolean stdio;

    @Option(names = "--socket", paramLabel = "PORT", description = "Connect to a client listening on this loopback port (VS Code's socket transport).")
    Integer socket;

    @Option(names = "--pipe", paramLabel = "NAME", description = "Connect to a client listening on this Unix domain socket (VS Code's pipe transport).")
    String pipe;

    @Option(names = "--listen", paramLabel = "PORT", description = "Listen on this TCP port instead, for debugging (0 picks a free port and prints it).")
    Integer listen;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1", description = "The address to listen on with --listen (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--clientProcessId", paramLabel = "PID", description = "Exit when this process (the editor) ends.")
    Long clientProcessId;

    // Refused with a message that names the transports Flow's server has.
    @Option(names = "--node-ipc", hidden = true)
    boolean nodeIpc;

    @Option(names = "--docs", paramLabel = "URL", description = "The diagnostics catalog that diagnostic codes link to (default: docs/diagnostics.md of this install).")
    String docs;

    @Option(names = "--trace", description = "Copy every JSON-RPC message to standard error.")
    boolean trace;

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        if (stdio) {
            args.add("--stdio");
        }
        if (socket != null) {
            args.add("--socket=" + socket);
        }
        if (pipe != null) {
            args.add("--pipe=" + pipe);
        }
        if (listen != null) {
            args.addAll(List.of("--listen", listen.toString(), "--host", host));
        }
        if (clientProcessId != null) {
            args.add("--clientProcessId=" + clientProcessId);
        }
        if (nodeIpc) {
            args.add("--node-ipc");
        }
        if (docs != null) {
            args.addAll(List.of("--docs", docs));
        }
        if (trace) {
            args.add("--trace");
        }
        try {
            ServerOptions.parse(args);
        } catch (ServerOptions.UsageException e) {
            spec.commandLine().getErr().println("flow lsp: " + e.getMessage());
            return ExitCode.USAGE;
        }
        // The protocol owns this process's standard streams, not picocli's writers.
        return FlowLanguageServer.run(args.toArray(String[]::new), System.in, System.out, System.err);
    }
}
