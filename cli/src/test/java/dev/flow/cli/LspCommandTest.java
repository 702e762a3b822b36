package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code flow lsp}: the language server's verb (NeovimIT drives it from a real editor). */
class LspCommandTest {

    @Test
    void explainsItselfWithHelp() {
        Cli r = Cli.run("lsp", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("Usage: flow lsp").contains("--stdio", "--socket", "--pipe", "--clientProcessId", "--listen", "docs/editors.md", "Exit status");
    }

    @Test
    void refusesATransportItDoesNotHaveAndNamesThoseItHas() {
        Cli r = Cli.run("lsp", "--node-ipc");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--stdio, --socket=PORT or --pipe=NAME");
    }

    @Test
    void isListedAmongTheVerbs() {
        assertThat(Cli.run().out()).contains("lsp");
    }
}
