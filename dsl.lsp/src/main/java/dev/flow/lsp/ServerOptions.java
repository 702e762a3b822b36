package dev.flow.lsp;

import java.util.List;
import java.util.Optional;

/**
 * How the language server was asked to run: the transport its client chose, the client's process
 * to watch, and what to log. The options are those LSP clients pass: vscode-languageclient adds
 * {@code --stdio}, {@code --socket=PORT} or {@code --pipe=NAME} for its transport kinds and
 * {@code --clientProcessId=PID} to each; other editors pass none and talk over stdio.
 *
 * @param transport how the server reaches its client
 * @param clientProcessId the editor's process: the server exits when it ends
 * @param docsBase where the diagnostics catalog lives; a diagnostic's link is this plus
 *     {@code #anchor}
 * @param trace write every JSON-RPC message to standard error
 * @param help print the usage and exit
 */
public record ServerOptions(Transport transport, Optional<Long> clientProcessId, Optional<String> docsBase, boolean trace, boolean help) {

    /** How the server and its client are connected. */
    public sealed interface Transport {
        /** The option that chose it, for messages. */
        String option();

        /** Standard input and output: what editors start by default. */
        record Stdio() implements Transport {
            @Override
            public String option() {
                return "--stdio";
            }
        }

        /** The client listens on this loopback port and the server connects (vscode-languageclient's socket transport). */
        record ConnectSocket(int port) implements Transport {
            @Override
            public String option() {
                return "--socket=" + port;
            }
        }

        /** The client listens on this Unix domain socket and the server connects (vscode-languageclient's pipe transport). */
        record ConnectPipe(String name) implements Transport {
            @Override
            public String option() {
                return "--pipe=" + name;
            }
        }

        /** The server listens and serves one client after another: for attaching a debugger to a long-lived server. */
        record Listen(String host, int port) implements Transport {
            @Override
            public String option() {
                return "--listen " + port;
            }
        }
    }

    public static final String USAGE = """
            Usage: flow-language-server [--stdio | --socket=PORT | --pipe=NAME | --listen PORT [--host HOST]]
                                        [--clientProcessId=PID] [--docs URL] [--trace] [--help]
            The Flow language server (Language Server Protocol 3.17).
              --stdio              talk LSP over standard input and output (the default)
              --socket=PORT        connect to a client that listens on this loopback port
              --pipe=NAME          connect to a client that listens on this Unix domain socket
              --listen PORT        listen on a TCP port instead, for debugging (one client at a
                                   time; 0 picks a free port and prints it)
              --host HOST          the address to listen on with --listen (default 127.0.0.1)
              --clientProcessId=PID  exit when this process (the editor) ends
              --docs URL           the diagnostics catalog that diagnostic codes link to
                                   (default: docs/diagnostics.md of the Flow checkout or install,
                                   else https://flow.dev/docs/diagnostics)
              --trace              copy every JSON-RPC message to standard error
              --help               print this help and exit
            Options take their value after '=' or as the next argument.
            Logs go to standard error; with --stdio standard output carries only the protocol.
            """;

    /** Parses the command line; a mistake gives a message that says what was expected. */
    public static ServerOptions parse(List<String> args) throws UsageException {
        Transport transport = null;
        String listenHost = "127.0.0.1";
        Integer listenPort = null;
        Optional<Long> clientProcess = Optional.empty();
        Optional<String> docs = Optional.empty();
        boolean trace = false;
        boolean help = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String name = arg.startsWith("-") && eq > 0 ? arg.substring(0, eq) : arg;
            String inline = eq > 0 && arg.startsWith("-") ? arg.substring(eq + 1) : null;
            switch (name) {
                case "--stdio" -> transport = only(transport, new Transport.Stdio());
                case "--socket", "-socket" -> {
                    String value = inline != null ? inline : value(args, ++i, name);
                    transport = only(transport, new Transport.ConnectSocket(port(value, name)));
                }
                case "--pipe" -> {
                    String value = inline != null ? inline : value(args, ++i, name);
                    transport = only(transport, new Transport.ConnectPipe(value));
                }
                // -port is Xtext's own launcher's name for listening.
                case "--listen", "--port", "-port" -> listenPort = port(inline != null ? inline : value(args, ++i, name), name);
                case "--host", "-host" -> listenHost = inline != null ? inline : value(args, ++i, name);
                case "--clientProcessId" -> clientProcess = Optional.of(pid(inline != null ? inline : value(args, ++i, name)));
                case "--docs" -> docs = Optional.of(inline != null ? inline : value(args, ++i, name));
                case "--trace", "-trace" -> trace = true;
                case "--help", "-h", "-help" -> help = true;
                case "--node-ipc" -> throw new UsageException("--node-ipc is for servers written for Node.js; "
                        + "Flow's server takes --stdio, --socket=PORT or --pipe=NAME (in VS Code: TransportKind.stdio, socket or pipe)");
                // Accepted for compatibility with Xtext's launcher and editors that pass it.
                case "-log", "-noValidate" -> { }
                default -> throw new UsageException("unknown option '" + arg + "'");
            }
        }
        if (listenPort != null) {
            transport = only(transport, new Transport.Listen(listenHost, listenPort));
        }
        return new ServerOptions(transport == null ? new Transport.Stdio() : transport, clientProcess, docs, trace, help);
    }

    private static Transport only(Transport chosen, Transport next) throws UsageException {
        if (chosen != null && !chosen.equals(next)) {
            throw new UsageException("choose one transport: " + chosen.option() + " and " + next.option() + " were both given");
        }
        return next;
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int port(String text, String option) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " needs a port number between 0 and 65535, not '" + text + "'");
    }

    private static long pid(String text) throws UsageException {
        try {
            long pid = Long.parseLong(text);
            if (pid > 0) {
                return pid;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--clientProcessId needs a process id (a positive number), not '" + text + "'");
    }

    /** A command line the server cannot run with. */
    public static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        public UsageException(String message) {
            super(message);
        }
    }
}
