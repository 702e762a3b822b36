package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flow run} of a workflow that asks for a sandbox: refused before anything starts where
 * bubblewrap is missing (a PATH without bwrap, as on a machine without the package), run in real
 * sandboxes where it is there, with {@code flow kv} still working from inside. Each test starts a
 * flow JVM or two: a few seconds.
 */
class SandboxCommandTest {
    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = new Workspace(dir);
    }

    @Test
    void runRefusesAWorkflowThatAsksForASandboxWhereBwrapIsMissing() throws Exception {
        Path file = ws.write("boxed.flow", """
                workflow boxed {
                    task prepare { run ["true"] }
                    task fix { run ["touch", "ran.txt"]  sandbox offline }
                    start -> prepare -> fix -> end
                }
                """);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("true"), Path.of("/bin/true"));
        FlowProcess run = ws.process(Map.of("PATH", bin.toString()), "run", file.toString());
        assertThat(run.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).contains("flow run: node \"fix\" of workflow \"boxed\" runs in a sandbox (" + file + ":3:42): the sandbox needs bubblewrap",
                "\"bwrap\" is not on PATH: install Debian's package bubblewrap", "nothing was run");
        assertThat(run.out()).isEmpty();
        assertThat(ws.db).as("no execution was started").doesNotExist();
        assertThat(dir.resolve("ran.txt")).doesNotExist();
    }

    @Test
    void aSandboxedTaskRunsThereAndCanStillUseTheKeyValueStore() throws Exception {
        Files.createDirectories(dir.resolve("work"));
        Path file = ws.write("boxed.flow", """
                workflow boxed {
                    sandbox
                    task t {
                        cwd "work"
                        sh "\\"$FLOW_BIN\\" kv put greeting hello && echo inside > mine.txt && { echo x > ../outside.txt; } 2>/dev/null || echo refused"
                    }
                    start -> t -> end
                }
                """);
        FlowProcess run = ws.process("run", file.toString());
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("node t completed done", ": refused");
        assertThat(dir.resolve("work/mine.txt")).hasContent("inside");
        assertThat(dir.resolve("outside.txt")).doesNotExist();
        String id = Workspace.executionOf(run.out());
        assertThat(ws.flow("kv", "get", "-e", id, "-n", "t", "greeting").out()).isEqualTo("hello\n");
    }

    /**
     * Issue 19, item 1: inside the sandbox, {@code flow kv} reaches the store through the broker
     * (there is no database address to use), with the step's rights and no more.
     */
    @Test
    void insideTheSandboxFlowKvGoesThroughTheBrokerWithTheStepsRights() throws Exception {
        Path file = ws.write("boxed.flow", """
                workflow boxed {
                    sandbox
                    task t {
                        sh "set -u; env | grep -c '^FLOW_DB=' > db-vars.txt; \\"$FLOW_BIN\\" kv put note hello; \\"$FLOW_BIN\\" kv put --run shared all; \\"$FLOW_BIN\\" kv get note > got.txt; \\"$FLOW_BIN\\" kv ls --run > ls.txt; \\"$FLOW_BIN\\" kv put --node u x y 2> other-node.txt; echo $? >> other-node.txt; \\"$FLOW_BIN\\" kv get -e someone-else --run token 2> other-run.txt; echo $? >> other-run.txt; \\"$FLOW_BIN\\" microcall --prompt hi 2> microcall.txt; echo $? >> microcall.txt"
                    }
                    task u { run ["true"] }
                    start -> t -> u -> end
                }
                """);
        FlowProcess run = ws.process("run", file.toString());
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(dir.resolve("db-vars.txt")).hasContent("0");
        assertThat(dir.resolve("got.txt")).hasContent("hello");
        assertThat(Files.readString(dir.resolve("ls.txt"))).contains("shared", "all", "t");
        assertThat(Files.readString(dir.resolve("other-node.txt"))).contains("node \"t\" may not write the keys of node \"u\"").endsWith("2\n");
        assertThat(Files.readString(dir.resolve("other-run.txt"))).contains("only its own execution's keys").endsWith("2\n");
        assertThat(Files.readString(dir.resolve("microcall.txt"))).contains("does not work inside a sandboxed step").endsWith("2\n");
        String id = Workspace.executionOf(run.out());
        assertThat(ws.flow("kv", "get", "-e", id, "-n", "t", "note").out()).isEqualTo("hello\n");
        assertThat(ws.flow("kv", "get", "-e", id, "--run", "shared").out()).isEqualTo("all\n");
    }

    @Test
    void theVersionSaysWhetherSandboxesCanRunHere() {
        Cli r = Cli.run("--version");
        assertThat(r.out()).containsPattern("sandbox: (bubblewrap \\S+ \\(.*bwrap\\)|unavailable: .+)");
    }
}
