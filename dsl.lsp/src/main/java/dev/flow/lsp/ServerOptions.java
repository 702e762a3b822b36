package dev.flow.lsp;

import java.util.List;
import java.util.Optional;

/**
 * How the language server was asked to run: over standard input and output (what editors
 * expect), or on a TCP socket so that a debugger can attach to a long-running server.
 *
 * @param socketPort listen on this port instead of using stdio
 * @param host the address the socket binds to (loopback unless told otherwise)
 * @param docsBase where the diagnostics catalog lives; a diagnostic's link is this plus
 *     {@code #anchor}
 * @param trace write every JSON-RPC message to standard error
 * @param help print the usage and exit
 */
public record ServerOptions(Optional<Integer> socketPort, String host, Optional<String> docsBase, boolean trace, boolean help) {

    public static final String USAGE = """
            Usage: flow-language-server [--socket PORT [--host HOST]] [--docs URL] [--trace] [--help]
            The Flow language server (Language Server Protocol 3.17).
              (no option)      talk LSP over standard input and output: what editors start
              --socket PORT    listen on a TCP port instead, for debugging (one client at a time)
              --host HOST      the address to listen on with --socket (default 127.0.0.1)
              --docs URL       the diagnostics catalog that diagnostic codes link to
                               (default: docs/diagnostics.md of the Flow checkout or install, else
                               https://flow.dev/docs/diagnostics)
              --trace          copy every JSON-RPC message to standard error
              --help           print this help and exit
            Logs go to standard error; standard output carries only the protocol.
            """;

    /** Parses the command line; a mistake gives a message that says what was expected. */
    public static ServerOptions parse(List<String> args) throws UsageException {
        Optional<Integer> port = Optional.empty();
        String host = "127.0.0.1";
        Optional<String> docs = Optional.empty();
        boolean trace = false;
        boolean help = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--socket", "-socket", "--port", "-port" -> port = Optional.of(port(value(args, ++i, arg)));
                case "--host", "-host" -> host = value(args, ++i, arg);
                case "--docs" -> docs = Optional.of(value(args, ++i, arg));
                case "--trace", "-trace" -> trace = true;
                case "--stdio" -> port = Optional.empty();
                case "--help", "-h", "-help" -> help = true;
                // Accepted for compatibility with Xtext's launcher and editors that pass it.
                case "-log", "-noValidate" -> { }
                default -> throw new UsageException("unknown option '" + arg + "'");
            }
        }
        return new ServerOptions(port, host, docs, trace, help);
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int port(String text) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--socket needs a port number between 0 and 65535, not '" + text + "'");
    }

    /** A command line the server cannot run with. */
    public static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        public UsageException(String message) {
            super(message);
        }
    }
}
