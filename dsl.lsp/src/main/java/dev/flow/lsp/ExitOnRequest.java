package dev.flow.lsp;

import org.eclipse.xtext.ide.server.ILanguageServerShutdownAndExitHandler;

/**
 * What the server does on the client's {@code exit} notification. Over stdio the process ends
 * (with 0 after a {@code shutdown} request, 1 without, as the protocol asks); a socket server
 * keeps listening for the next client.
 */
final class ExitOnRequest implements ILanguageServerShutdownAndExitHandler {
    private final boolean exitProcess;
    private volatile boolean shutdownRequested;

    ExitOnRequest() {
        this(true);
    }

    private ExitOnRequest(boolean exitProcess) {
        this.exitProcess = exitProcess;
    }

    static ExitOnRequest keepRunning() {
        return new ExitOnRequest(false);
    }

    @Override
    public void shutdown() {
        shutdownRequested = true;
    }

    @Override
    public void exit() {
        if (exitProcess) {
            System.exit(code());
        }
    }

    /** The exit code the protocol prescribes for the requests seen so far. */
    int code() {
        return shutdownRequested ? 0 : 1;
    }
}
