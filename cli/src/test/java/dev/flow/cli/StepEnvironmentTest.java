package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19, item 4: a step's process (a command, an agent, a gate) inherits Flow's environment
 * without the credentials Flow reads for its database. One flow JVM: a few seconds.
 */
class StepEnvironmentTest {
    @TempDir
    Path dir;

    @Test
    void stepsAndGatesNeverSeeFlowsDatabaseCredentials() throws Exception {
        var ws = new Workspace(dir);
        Path file = ws.write("env.flow", """
                workflow envs {
                    gate looks { run ["sh", "-c", "env | cut -d= -f1 | grep -E '^(PG|DATABASE_URL$|MY_OWN$)' > gate-env.txt; true"] }
                    task t { sh "env | cut -d= -f1 | grep -E '^(PG|DATABASE_URL$|MY_OWN$)' > step-env.txt; true" }
                    gate look uses looks
                    start -> t -> look -> end
                }
                """);
        FlowProcess run = ws.process(Map.of("PGPASSWORD", "secret-password", "PGPASSFILE", dir.resolve("pgpass").toString(), "PGSERVICE", "svc",
                "PGUSER", "flow", "DATABASE_URL", "postgresql://flow:secret-password@localhost/flow", "MY_OWN", "kept"), "run", file.toString());
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(dir.resolve("step-env.txt")).hasContent("MY_OWN");
        assertThat(dir.resolve("gate-env.txt")).hasContent("MY_OWN");
    }
}
