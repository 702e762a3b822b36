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
              -- docs/editors.md: a .flow file always; a YAML file only with a top-level nodes: or gates: key
              local yaml = file:match('%.ya?ml$') ~= nil
              vim.bo.filetype = yaml and 'yaml' or 'flow'
              local attach = not yaml or vim.fn.search([[\\v^(nodes|gates)\\s*:]], 'nw') > 0
              local ok = false
              local uri = vim.uri_from_fname(vim.fn.fnamemodify(file, ':p'))
              if attach then
                vim.lsp.buf_attach_client(0, client)
                ok = vim.wait(60000, function() return received[uri] ~= nil end, 50)
              end
              local lines = {}
              if not attach then
                table.insert(lines, 'NOT ATTACHED')
              elseif not ok then
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

    /**
     * The YAML examples, valid and invalid, each in the dialect it is written in, and a YAML file of
     * another tool, which the set-up does not attach the server to (nor the two invalid examples
     * that are not Flow's by their content: no top-level nodes: or gates: key).
     */
    @Test
    void reportsTheSameDiagnosticsAsTheCommandLineForEachYamlWorkflowAndLeavesOtherYamlAlone(@TempDir Path dir) throws Exception {
        EditorWorkspace.writeOtherYaml(dir);
        EditorWorkspace.copyExamples(dir);
        List<String> files = new ArrayList<>(List.of("other.yaml"));
        for (String folder : List.of("examples/yaml", "examples/invalid", "examples/invalid/warnings")) {
            try (Stream<Path> examples = Files.list(dir.resolve(folder))) {
                examples.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(p -> files.add(dir.relativize(p).toString()));
            }
        }
        List<String> flows = files.stream().filter(f -> isFlowYaml(dir.resolve(f))).toList();
        assertThat(flows).as("the invalid YAML examples with nodes: or gates:").hasSizeGreaterThan(10);

        Map<String, TreeSet<String>> fromNeovim = neovim(dir, files);
        for (String file : files) {
            if (!flows.contains(file)) {
                assertThat(fromNeovim.remove(file)).as(file + " gets no Flow server").containsExactly("NOT ATTACHED");
            }
        }
        // The editor names files by their full path, flow check as it was given them.
        fromNeovim.replaceAll((file, lines) -> new TreeSet<>(lines.stream().map(l -> l.replace(dir + "/", "")).toList()));
        Map<String, TreeSet<String>> fromCli = EditorWorkspace.commandLine(dir, flows);

        assertThat(fromCli.get("examples/invalid/FLOW602-yaml-unknown-key.yaml")).as("the command line finds the problems").isNotEmpty();
        assertThat(fromNeovim).isEqualTo(fromCli);
    }

    private static boolean isFlowYaml(Path file) {
        try {
            return dev.flow.frontend.WorkflowFiles.isFlowYaml(Files.readString(file));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
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
