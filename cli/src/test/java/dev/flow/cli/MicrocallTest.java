package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flow microcall} from inside real runs: a task's command calls {@code "$FLOW_BIN" microcall}, which calls the
 * scripted agent. Each run starts flow as a process and flow again inside it (a few seconds each).
 */
class MicrocallTest {
    private static final String SCRIPTED = Path.of("").toAbsolutePath().getParent().resolve("examples/agents/scripted-agent").toString();

    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = new Workspace(dir);
    }

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void aTaskAsksAnAgentOnceAndGetsItsAnswerPrintedStoredAndCounted() throws Exception {
        ws.write("gather.sh", """
                set -e
                "$FLOW_BIN" microcall --agent helper --store-key ctx.gist --prompt "$(printf 'Sum it up\\n@summary the gist\\n@cost 0.25')" > answer.json
                "$FLOW_BIN" microcall --role summariser --prompt "$(printf '@summary by role\\n@cost 0.5')" > by-role.json
                echo gathered
                """);
        Path file = ws.write("micro.flow", """
                workflow micro {
                    agent helper { run ["%s"] }
                    task gather { sh "sh gather.sh" }
                    task use { sh "\\"$FLOW_BIN\\" kv get --node gather ctx.gist" }
                    start -> gather -> use -> end
                }
                """.formatted(SCRIPTED));
        FlowProcess run = ws.process("run", file.toString(), "--role", "summariser=" + SCRIPTED);
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        String id = Workspace.executionOf(run.out());

        JsonNode answer = json(Files.readString(dir.resolve("answer.json")));
        assertThat(answer.get("status").asText()).isEqualTo("success");
        assertThat(answer.get("summary").asText()).isEqualTo("the gist");
        assertThat(answer.get("cost").asDouble()).isEqualTo(0.25);
        assertThat(json(Files.readString(dir.resolve("by-role.json"))).get("summary").asText()).isEqualTo("by role");
        assertThat(run.out()).as("the next node reads what the microcall stored").contains("node use completed done").contains("the gist");
        assertThat(json(ws.flow("kv", "get", "-e", id, "-n", "gather", "ctx.gist").out())).isEqualTo(answer);

        Path calls = dir.resolve("artifacts").resolve(id).resolve("gather").resolve("1-1").resolve("microcalls");
        assertThat(Files.readString(calls.resolve("1/prompt.txt"))).startsWith("Sum it up\n@summary the gist");
        assertThat(calls.resolve("1/stdout.log")).exists();
        assertThat(json(Files.readString(calls.resolve("2/result.json"))).get("agent").asText()).isEqualTo("role summariser");
        JsonNode gather = Workspace.node(ws.status(id), "gather");
        assertThat(gather.get("cost").asDouble()).as("both calls count with the node's attempt").isEqualTo(0.75);
        assertThat(ws.status(id).get("cost").asDouble()).isEqualTo(0.75);
    }

    @Test
    void theRunsMaxCostCountsMicrocallsAndStopsTheNextOne() throws Exception {
        ws.write("spend.sh", """
                "$FLOW_BIN" microcall --agent helper --prompt "$(printf '@cost 0.3')" > first.json
                echo "first $?" > codes.txt
                "$FLOW_BIN" microcall --agent helper --prompt "$(printf '@cost 0.3')" 2> refused.txt
                echo "second $?" >> codes.txt
                "$FLOW_BIN" microcall --prompt "no agent named" 2> unnamed.txt
                echo "third $?" >> codes.txt
                """);
        Path file = ws.write("costly.flow", """
                workflow costly {
                    max cost 0.2
                    agent helper { run ["%s"] }
                    task spend { sh "sh spend.sh" }
                    task later { sh "echo never" }
                    start -> spend -> later -> end
                }
                """.formatted(SCRIPTED));
        FlowProcess run = ws.process("run", file.toString());
        assertThat(dir.resolve("codes.txt")).as(run.out() + run.err()).exists();
        assertThat(Files.readString(dir.resolve("codes.txt"))).isEqualTo("first 0\nsecond 4\nthird 2\n");
        assertThat(Files.readString(dir.resolve("refused.txt"))).contains("max cost reached", "no microcall was made");
        assertThat(Files.readString(dir.resolve("unnamed.txt")))
                .contains("node \"spend\" has no agent of its own: name one with --agent NAME or --role ROLE");
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ExitCode.LIMIT);
        assertThat(run.out()).contains("max cost reached").doesNotContain("never");
    }

    @Test
    void outsideANodeItRefusesAndSaysWhere() {
        Cli r = Cli.run("microcall", "--prompt", "hello");
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("flow microcall runs inside a node of a run", "FLOW_EXECUTION_ID", "\"$FLOW_BIN\" microcall");
    }
}
