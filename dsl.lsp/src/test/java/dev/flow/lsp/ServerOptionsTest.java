package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.lsp.ServerOptions.Transport;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The command lines real LSP clients pass, each honoured or refused with what is supported. */
class ServerOptionsTest {

    static ServerOptions parse(String... args) throws ServerOptions.UsageException {
        return ServerOptions.parse(List.of(args));
    }

    @Test
    void takesStdioWhenNothingIsSaid() throws Exception {
        assertThat(parse().transport()).isEqualTo(new Transport.Stdio());
    }

    @Test
    void takesWhatVsCodesClientAppendsForTheStdioTransport() throws Exception {
        ServerOptions options = parse("--stdio", "--clientProcessId=4242");
        assertThat(options.transport()).isEqualTo(new Transport.Stdio());
        assertThat(options.clientProcessId()).contains(4242L);
    }

    @Test
    void connectsToTheClientsSocketAndPipe() throws Exception {
        assertThat(parse("--socket=5007").transport()).isEqualTo(new Transport.ConnectSocket(5007));
        assertThat(parse("--socket", "5007").transport()).isEqualTo(new Transport.ConnectSocket(5007));
        assertThat(parse("--pipe=/tmp/vscode-lsp.sock").transport()).isEqualTo(new Transport.ConnectPipe("/tmp/vscode-lsp.sock"));
    }

    @Test
    void listensForADebuggerOnItsOwnPort() throws Exception {
        assertThat(parse("--listen", "0").transport()).isEqualTo(new Transport.Listen("127.0.0.1", 0));
        assertThat(parse("--listen=5007", "--host", "0.0.0.0").transport()).isEqualTo(new Transport.Listen("0.0.0.0", 5007));
        assertThat(parse("-port", "5008").transport()).isEqualTo(new Transport.Listen("127.0.0.1", 5008));
    }

    @Test
    void refusesNodeIpcNamingTheTransportsItHas() {
        assertThatThrownBy(() -> parse("--node-ipc", "--clientProcessId=1"))
                .hasMessageContaining("--stdio, --socket=PORT or --pipe=NAME");
    }

    @Test
    void refusesTwoTransportsAtOnce() {
        assertThatThrownBy(() -> parse("--stdio", "--socket=5007"))
                .hasMessage("choose one transport: --stdio and --socket=5007 were both given");
    }

    @Test
    void refusesABadPortOrProcessId() {
        assertThatThrownBy(() -> parse("--socket=http")).hasMessageContaining("--socket needs a port number");
        assertThatThrownBy(() -> parse("--clientProcessId=-3")).hasMessageContaining("--clientProcessId needs a process id");
        assertThatThrownBy(() -> parse("--pipe")).hasMessage("--pipe needs a value");
    }

    @Test
    void keepsTheOtherOptions() throws Exception {
        ServerOptions options = parse("--docs=https://example.org/d", "--trace");
        assertThat(options.docsBase()).isEqualTo(Optional.of("https://example.org/d"));
        assertThat(options.trace()).isTrue();
        assertThat(options.clientProcessId()).isEmpty();
    }
}
