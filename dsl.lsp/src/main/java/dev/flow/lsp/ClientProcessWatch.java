package dev.flow.lsp;

import java.io.PrintStream;

/**
 * Ends the server when the editor that started it ends ({@code --clientProcessId}), so that a
 * crashed or killed editor leaves no server behind.
 */
final class ClientProcessWatch {

    private ClientProcessWatch() {}

    static void exitWhenGone(long pid, PrintStream err) {
        // A client in another process namespace (a container, a sandboxed editor) is not visible
        // here: watching nothing is safer than exiting at once.
        ProcessHandle.of(pid).ifPresentOrElse(
                client -> client.onExit().thenRun(() -> {
                    err.println("flow-language-server: the client process " + pid + " ended; exiting");
                    err.flush();
                    System.exit(1);
                }),
                () -> err.println("flow-language-server: client process " + pid + " is not visible from here; not watching it"));
    }
}
