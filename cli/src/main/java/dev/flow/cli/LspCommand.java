package dev.flow.cli;

import dev.flow.lsp.FlowLanguageServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code flow lsp}: the language server that editors start, in this JVM. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = {"Run the Flow language server (Language Server Protocol) for editors.",
                "By default it talks over standard input and output, as VS Code, Neovim, Emacs and Helix expect; "
                        + "standard output then carries only the protocol and logs go to standard error.",
                "See docs/editors.md for each editor's set-up.",
                "Exit status: 0 after the client's shutdown and exit, 1 when the client went away without them, 2 usage problems."})
final class LspCommand implements Callable<Integer> {

    @Option(names = "--socket", paramLabel = "PORT", description = "Listen on this TCP port instead of stdio, for debugging (0 picks a free port and prints it).")
    Integer socket;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1", description = "The address to listen on with --socket (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--docs", paramLabel = "URL", description = "The diagnostics catalog that diagnostic codes link to (default: docs/diagnostics.md of this install).")
    String docs;

    @Option(names = "--trace", description = "Copy every JSON-RPC message to standard error.")
    boolean trace;

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        if (socket != null) {
            args.addAll(List.of("--socket", socket.toString(), "--host", host));
        }
        if (docs != null) {
            args.addAll(List.of("--docs", docs));
        }
        if (trace) {
            args.add("--trace");
        }
        return FlowLanguageServer.run(args.toArray(String[]::new), System.in, System.out, System.err);
    }
}
