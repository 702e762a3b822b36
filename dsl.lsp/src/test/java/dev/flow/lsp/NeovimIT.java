package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Neovim (Debian's package, 0.7) attached to the packaged server with its built-in client
 * reports the same diagnostics as {@code flow check} for the same file. The Lua script is the
 * set-up docs/editors.md gives, driven headless.
 */
class NeovimIT {

    static final String SCRIPT = """
            local jar, file, out = vim.env.FLOW_JAR, vim.env.FLOW_FILE, vim.env.FLOW_OUT
            local received = nil
            local client = vim.lsp.start_client({
              name = 'flow',
              cmd = { vim.env.FLOW_JAVA, '-jar', jar },
              root_dir = vim.fn.fnamemodify(file, ':h'),
              handlers = {
                ['textDocument/publishDiagnostics'] = function(_, result)
                  if result.uri == vim.uri_from_fname(file) then received = result.diagnostics end
                end,
              },
            })
            vim.cmd('edit ' .. file)
            vim.bo.filetype = 'flow'
            vim.lsp.buf_attach_client(0, client)
            local ok = vim.wait(60000, function() return received ~= nil end, 100)
            local lines = {}
            if ok then
              for _, d in ipairs(received) do
                table.insert(lines, string.format('%d:%s', d.range.start.line + 1, d.code or '-'))
              end
            else
              table.insert(lines, 'TIMEOUT')
            end
            local f = io.open(out, 'w')
            f:write(table.concat(lines, '\\n'))
            f:close()
            vim.lsp.stop_client(client)
            vim.cmd('qa!')
            """;

    static Path nvim() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, "nvim");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    @Test
    void reportsTheSameDiagnosticsAsTheCommandLine(@TempDir Path dir) throws Exception {
        Path nvim = nvim();
        if (nvim == null) {
            System.err.println("""
                    *************************************************************************
                    NeovimIT SKIPPED: nvim is not on the PATH. Install it (apt-get install -y
                    neovim) so that the Neovim set-up of docs/editors.md is tested.
                    *************************************************************************""");
        }
        Assumptions.assumeTrue(nvim != null, "nvim is not installed (apt-get install -y neovim)");
        String text = Workflows.reviewWith("gate test uses tests", "gate test uses tsets")
                .replace("test -> analyze loop max 3 when", "test -> analyze when");
        Files.writeString(dir.resolve("gates.flow"), Workflows.LIBRARY);
        Path file = Files.writeString(dir.resolve("review.flow"), text);
        Path script = Files.writeString(dir.resolve("check.lua"), SCRIPT);
        Path out = dir.resolve("diagnostics.txt");
        var pb = new ProcessBuilder(nvim.toString(), "--headless", "-u", "NONE", "-c", "luafile " + script)
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("nvim.log").toFile());
        pb.environment().put("FLOW_JAR", ServerProcess.jar().toString());
        pb.environment().put("FLOW_JAVA", ServerProcess.java());
        pb.environment().put("FLOW_FILE", file.toString());
        pb.environment().put("FLOW_OUT", out.toString());
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("nvim finished").isTrue();
        List<String> fromNeovim = Files.readAllLines(out, StandardCharsets.UTF_8);

        var compilation = Compiler.withInstalledFrontEnds().compile(file, file.toString(), LoadOptions.DEFAULT);
        var fromCli = new TreeSet<String>();
        compilation.diagnostics().stream().filter(d -> d.source().file().equals(file.toString()) || d.source().file().endsWith("review.flow"))
                .forEach(d -> fromCli.add(d.source().line() + ":" + d.code().id()));
        assertThat(fromCli).as("the command line reports problems").isNotEmpty();
        assertThat(new TreeSet<>(fromNeovim)).isEqualTo(fromCli);
    }
}
