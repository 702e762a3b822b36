package dev.flow.lsp;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.LanguageServerImpl;

/**
 * The Flow language server: Xtext's language server with Flow's IDE services, over standard input
 * and output by default (what VS Code, Neovim, Emacs and Helix start), connected to a client's
 * socket or pipe when the client asks for one, or listening on a TCP port for debugging.
 * {@code flow lsp} runs the same server.
 */
public final class FlowLanguageServer {

    private FlowLanguageServer() {}

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    /**
     * Runs the server until its client goes away and returns the exit code: 0 after a clean
     * {@code shutdown}/{@code exit}, 2 for a bad command line, 1 when the connection broke.
     *
     * <p>Standard output belongs to the protocol: whatever else would be printed to it (Xtext and
     * its libraries log there) is sent to standard error for as long as the server runs.
     */
    public static int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        ServerOptions options;
        try {
            options = ServerOptions.parse(Arrays.asList(args));
        } catch (ServerOptions.UsageException e) {
            err.println("flow-language-server: " + e.getMessage());
            err.print(ServerOptions.USAGE);
            err.flush();
            return 2;
        }
        if (options.help()) {
            new PrintStream(out, true).print(ServerOptions.USAGE);
            return 0;
        }
        PrintStream originalOut = System.out;
        System.setOut(err);
        try {
            String docs = options.docsBase().orElseGet(DiagnosticsDocs::locate);
            options.clientProcessId().ifPresent(pid -> ClientProcessWatch.exitWhenGone(pid, err));
            ServerOptions.Transport transport = options.transport();
            if (transport instanceof ServerOptions.Transport.ConnectSocket socket) {
                return serveConnection(ClientConnection.socket(socket.port()), options, docs, err);
            } else if (transport instanceof ServerOptions.Transport.ConnectPipe pipe) {
                return serveConnection(ClientConnection.pipe(pipe.name()), options, docs, err);
            } else if (transport instanceof ServerOptions.Transport.Listen listen) {
                return serveListening(listen, options, docs, err);
            }
            return serve(in, out, options, docs, new ExitOnRequest(), err);
        } finally {
            System.setOut(originalOut);
        }
    }

    /** Serves one client on these streams until it disconnects. */
    static int serve(InputStream in, OutputStream out, ServerOptions options, String docs, ExitOnRequest exit, PrintStream err) {
        Injector injector = Guice.createInjector(new FlowServerModule(docs, exit));
        LanguageServerImpl server = injector.getInstance(LanguageServerImpl.class);
        PrintWriter trace = options.trace() ? new PrintWriter(err, true) : null;
        Launcher<LanguageClient> launcher = Launcher.createLauncher(server, LanguageClient.class, in, out, true, trace);
        server.connect(launcher.getRemoteProxy());
        try {
            launcher.startListening().get();
            return exit.code();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } catch (ExecutionException e) {
            err.println("flow-language-server: the connection to the client failed: " + e.getCause());
            return 1;
        }
    }

    /** Serves the one client that listens where the editor said, until it disconnects. */
    private static int serveConnection(ClientConnection.Opener opener, ServerOptions options, String docs, PrintStream err) {
        try (ClientConnection connection = opener.open()) {
            return serve(connection.input(), connection.output(), options, docs, new ExitOnRequest(), err);
        } catch (IOException e) {
            err.println("flow-language-server: cannot connect to the client at " + opener.address() + ": " + e.getMessage());
            return 1;
        }
    }

    private static int serveListening(ServerOptions.Transport.Listen listen, ServerOptions options, String docs, PrintStream err) {
        String host = listen.host();
        int port = listen.port();
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(host, port));
            // The chosen port, in a fixed form, so that scripts (and tests) can connect to port 0.
            err.println("flow-language-server: listening on " + host + ":" + socket.getLocalPort());
            err.flush();
            while (true) {
                try (Socket client = socket.accept()) {
                    err.println("flow-language-server: client connected from " + client.getRemoteSocketAddress());
                    // A debugging session ends, the server stays for the next one.
                    serve(client.getInputStream(), client.getOutputStream(), options, docs, ExitOnRequest.keepRunning(), err);
                    err.println("flow-language-server: client disconnected");
                }
            }
        } catch (IOException e) {
            err.println("flow-language-server: cannot listen on " + host + ":" + port + ": " + e.getMessage());
            return 1;
        }
    }
}
