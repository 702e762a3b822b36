package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Neovim (Debian's package, 0.7) with its built-in client attached to {@code flow lsp}, as
 * docs/editors.md sets it up, reports exactly what {@code flow check --format json} reports for
 * the same files: same positions, severities, codes and messages. The build installs Neovim
 * when it is missing (src/test/scripts/ensure-neovim.sh, run before the integration tests).
 *
 * <p>Takes about ten seconds: one Neovim session and one language server for all the files.
 */
class NeovimIT {

    /** What docs/editors.md puts in init.lua, driven headless over a list of files. */
    static final String SCRIPT = """
            local files = vim.split(vim.env.FLOW_FILES, '\\n', { trimempty = true })
            local received = {}
            local client = vim.lsp.start_client({
              name = 'flow',
              cmd = { vim.env.FLOW_LAUNCHER, 'lsp' },
              root_dir = vim.fn.getcwd(),
              handlers = {
                ['textDocument/publishDiagnostics'] = function(_, result)
                  received[result.uri] = result.diagnostics
                end,
              },
            })
            local results = {}
            for _, file in ipairs(files) do
              vim.cmd('edit ' .. vim.fn.fnameescape(file))
              vim.bo.filetype = 'flow'
              vim.lsp.buf_attach_client(0, client)
              local uri = vim.uri_from_fname(vim.fn.fnamemodify(file, ':p'))
              local ok = vim.wait(60000, function() return received[uri] ~= nil end, 50)
              local lines = {}
              if not ok then
                table.insert(lines, 'TIMEOUT waiting for ' .. uri)
              else
                for _, d in ipairs(received[uri]) do
                  table.insert(lines, string.format('%d:%d-%d:%d %s %s %s', d.range.start.line + 1, d.range.start.character + 1,
                    d.range['end'].line + 1, d.range['end'].character + 1, ({ 'error', 'warning', 'info', 'hint' })[d.severity],
                    d.code or '-', d.message))
                end
              end
              results[file] = lines
            end
            local f = io.open(vim.env.FLOW_OUT, 'w')
            f:write(vim.fn.json_encode(results))
            f:close()
            vim.lsp.stop_client(client)
            vim.cmd('qa!')
            """;

    @Test
    void reportsTheSameDiagnosticsAsTheCommandLineForEachWorkflow(@TempDir Path dir) throws Exception {
        EditorWorkspace.write(dir);
        EditorWorkspace.copyExamples(dir);
        // Libraries are left out: the command line notes that they hold no workflow, editors stay quiet.
        List<String> files = new ArrayList<>(List.of("broken.flow"));
        try (Stream<Path> examples = Files.list(dir.resolve("examples"))) {
            examples.filter(p -> p.toString().endsWith(".flow")).sorted().forEach(p -> files.add(dir.relativize(p).toString()));
        }

        Map<String, TreeSet<String>> fromNeovim = neovim(dir, files);
        Map<String, TreeSet<String>> fromCli = EditorWorkspace.commandLine(dir, files);

        assertThat(fromCli.get("broken.flow")).as("the command line finds the problems").hasSizeGreaterThanOrEqualTo(4);
        assertThat(fromNeovim).isEqualTo(fromCli);
    }

    private static Map<String, TreeSet<String>> neovim(Path dir, List<String> files) throws Exception {
        Path script = Files.writeString(dir.resolve("check.lua"), SCRIPT);
        Path out = dir.resolve("neovim.json");
        Path log = dir.resolve("nvim.log");
        EditorWorkspace.runEditor(dir, log, out, Map.of("FLOW_FILES", String.join("\n", files)), "nvim", "--headless", "-u", "NONE", "-c", "luafile " + script);
        var result = new TreeMap<String, TreeSet<String>>();
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        for (String file : files) {
            var lines = new TreeSet<String>();
            json.path(file).forEach(line -> lines.add(line.asText()));
            result.put(file, lines);
        }
        return result;
    }

}
