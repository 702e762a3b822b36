package dev.flow.cli;

import static dev.flow.yaml.YamlTestSupport.corpus;
import static dev.flow.yaml.YamlTestSupport.repositoryRoot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.exec.AgentCommands;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's commands for the supervisor's own workflows (issue 10: the corpus's debug_workflow
 * and parallel_review run end to end with a scripted role agent, started from the README's
 * wording), run exactly as written: the block is read from README.md (and must be the same in
 * examples/yaml/README.md), each {@code ./flow} line runs the real command in a separate process,
 * {@code export} sets its environment, {@code EXECUTION} is the id the run before printed, and
 * {@code # exit N} is the exit status the line must give (0 when none is written).
 *
 * <p>The commands run in a folder laid out like the repository beside {@code ../shared} (links to
 * the real {@code examples} and {@code shared}), so that the run's {@code .flow} database stays out
 * of the working tree. Takes about fifteen seconds: four JVMs start, and the runs drive real
 * processes.
 */
class CorpusRunsTest {
    private static final String BEGIN = "<!-- corpus-runs:begin -->\n";
    private static final String END = "<!-- corpus-runs:end -->";

    @TempDir
    Path dir;

    static String block(Path markdown) throws Exception {
        String text = Files.readString(markdown);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        assertThat(begin).as("%s has the corpus-runs block", markdown).isNotNegative();
        return text.substring(begin + BEGIN.length(), end);
    }

    @Test
    void theSupervisorsWorkflowsRunExactlyAsTheReadmeSays() throws Exception {
        Path root = repositoryRoot();
        String block = block(root.resolve("README.md"));
        assertThat(block(root.resolve("examples/yaml/README.md"))).isEqualTo(block);

        corpus("supervisor-yaml");
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.createSymbolicLink(repo.resolve("examples"), root.resolve("examples"));
        Files.createSymbolicLink(dir.resolve("shared"), root.resolve("../shared").normalize());

        var env = new LinkedHashMap<String, String>();
        String execution = null;
        var ran = new ArrayList<String>();
        for (String line : commands(block)) {
            List<String> words = words(line);
            if (words.get(0).equals("export")) {
                String[] assignment = words.get(1).split("=", 2);
                env.put(assignment[0], assignment[1]);
                continue;
            }
            assertThat(words.get(0)).isEqualTo("./flow");
            var args = words.subList(1, words.size()).stream().map(w -> w.equals("EXECUTION") ? null : w).toList();
            if (args.contains(null)) {
                assertThat(execution).as("an execution before: " + line).isNotNull();
                String id = execution;
                args = args.stream().map(w -> w == null ? id : w).toList();
            }
            FlowProcess r = FlowProcess.run(repo, env, args.toArray(String[]::new));
            assertThat(r.exit()).as(line + "\n" + r.out() + r.err()).isEqualTo(expectedExit(line));
            Matcher m = Pattern.compile("as execution ([a-z0-9]+)").matcher(r.out());
            if (m.find()) {
                execution = m.group(1);
            }
            ran.add(args.get(0) + " " + r.exit() + ": " + r.out().lines().filter(l -> l.contains("node ") || l.contains("completed in"))
                    .map(String::strip).toList());
        }
        assertThat(ran).hasSize(4);
        assertThat(ran.get(0)).contains("node analyze completed done", "scripted answer 1 as debugger", "node test completed passed",
                "node review completed done");
        assertThat(ran.get(1)).contains("node lint completed passed", "node review waits for a person");
        assertThat(ran.get(3)).contains("node merge completed done", "scripted answer 1 as implementer", "completed in");
        assertThat(repo.resolve(".flow/state.db")).exists();
    }

    /** The block's commands, continued lines joined. */
    private static List<String> commands(String block) {
        var out = new ArrayList<String>();
        var current = new StringBuilder();
        for (String line : block.lines().toList()) {
            if (line.startsWith("```") || line.isBlank()) {
                continue;
            }
            if (line.endsWith("\\")) {
                current.append(line, 0, line.length() - 1).append(' ');
            } else {
                out.add(current.append(line).toString().strip());
                current.setLength(0);
            }
        }
        return out;
    }

    /** A line's words as sh splits them (quotes group; the block's comments start with " #"), as Flow reads a command line setting. */
    private static List<String> words(String line) {
        return AgentCommands.parse(line.replaceAll("\\s+#.*$", ""));
    }

    private static int expectedExit(String line) {
        Matcher m = Pattern.compile("# exit (\\d+)").matcher(line);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
