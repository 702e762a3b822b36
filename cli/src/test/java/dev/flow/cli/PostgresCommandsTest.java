package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.TestPostgres;
import dev.flow.testing.Poll;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run verbs on a real PostgreSQL server ({@link TestPostgres}) through {@code --db
 * postgresql://...} and {@code FLOW_DB}, and what a server Flow cannot use says: the real flow
 * command, a JVM per command (about a second each).
 */
class PostgresCommandsTest {
    @TempDir
    Path dir;

    private static final Path APPROVAL = Path.of("..", "examples", "approval.flow").toAbsolutePath().normalize();

    private static void assertRefused(FlowProcess p, String message) {
        assertThat(p.exit()).as(p.out() + p.err()).isEqualTo(ExitCode.USAGE);
        assertThat(p.err()).contains(message).doesNotContain("bug in Flow").doesNotContain("Exception");
    }

    @Test
    void runAnswerResumeStatusAndLogOnOneDatabaseNamedByUrlOrFlowDb() throws Exception {
        String url = TestPostgres.get().newDatabase();
        FlowProcess run = FlowProcess.run(dir, "run", APPROVAL.toString(), "--db", url);
        assertThat(run.exit()).as(run.err()).isEqualTo(ExitCode.PAUSED);
        Matcher answer = Pattern.compile("flow answer (\\w+) review approved --db (\\S+)").matcher(run.out() + run.err());
        assertThat(answer.find()).as(run.out() + run.err()).isTrue();
        String id = answer.group(1);
        assertThat(answer.group(2)).isEqualTo(url);
        assertThat(FlowProcess.run(dir, "answer", id, "review", "approved", "--db", url).exit()).isZero();
        FlowProcess resumed = FlowProcess.run(dir, Map.of("FLOW_DB", url), "resume", id);
        assertThat(resumed.exit()).as(resumed.err()).isZero();
        FlowProcess status = FlowProcess.run(dir, Map.of("FLOW_DB", url), "status");
        assertThat(status.out()).contains(id).contains("completed");
        FlowProcess log = FlowProcess.run(dir, "log", id, "--db", url);
        assertThat(log.out()).contains("ship").contains("completed");
        assertThat(dir.resolve(".flow/artifacts").resolve(id)).as("artifacts in the working directory's .flow").isDirectory();
        assertThat(Files.exists(dir.resolve(url))).as("no folder named after the URL").isFalse();
    }

    /** Three steps; "hold" waits for a file the test makes once the server is down, so the run is under way during the outage. */
    private static final String RESTART = """
            workflow restart {
                task first { sh "echo first >> effects.log" }
                task hold { sh "until [ -e go ]; do sleep 0.05; done; echo hold >> effects.log" }
                task last { sh "echo last >> effects.log" }
                start -> first -> hold -> last -> end
            }
            """;

    /**
     * Issue 19, item 17: the server restarts under a running worker, which says so, waits, reconnects
     * and finishes the run, instead of exiting. A server of the test's own, since it is stopped;
     * about ten seconds (two JVMs, a server start and the backoff).
     */
    @Test
    void aWorkerSurvivesAPostgresRestartSaysSoAndFinishesTheRun() throws Exception {
        try (var pg = TestPostgres.startOwn()) {
            String url = pg.newDatabase();
            Files.writeString(dir.resolve("w.flow"), RESTART);
            FlowProcess start = FlowProcess.run(dir, "run", "--detach", "w.flow", "--db", url);
            assertThat(start.exit()).as(start.err()).isZero();
            String id = start.out().strip();
            try (var worker = FlowProcess.start(dir, "worker", "--db", url)) {
                worker.awaitLine("node hold started");
                pg.halt();
                Files.writeString(dir.resolve("go"), "");
                worker.awaitLine("the database is out of reach");
                pg.resume();
                worker.awaitLine("the database answers again");
                String status = Poll.value("the run completed", () -> {
                    String s = FlowProcess.run(dir, "status", id, "--db", url).out();
                    return s.contains("completed") ? s : null;
                });
                assertThat(status).as(worker.output() + worker.stderr()).startsWith("execution " + id + "  restart  completed");
                assertThat(worker.process().isAlive()).as("the worker still serves").isTrue();
                assertThat(worker.stderr()).doesNotContain("Exception");
            }
            assertThat(Files.readAllLines(dir.resolve("effects.log"))).containsExactly("first", "hold", "last");
        }
    }

    /**
     * Issue 19: {@code flow run} exited 2 when the server restarted under it, though its worker's
     * slots would have waited. Its driver now waits too, says so, and finishes the run. A server of
     * the test's own, since it is stopped; about ten seconds (a JVM, a server start and the backoff).
     */
    @Test
    void flowRunSurvivesAPostgresRestartSaysSoAndFinishesTheRun() throws Exception {
        try (var pg = TestPostgres.startOwn()) {
            String url = pg.newDatabase();
            Files.writeString(dir.resolve("w.flow"), RESTART);
            try (var run = FlowProcess.start(dir, "run", "w.flow", "--db", url)) {
                run.awaitLine("node hold started");
                pg.halt();
                run.awaitLine("the database is out of reach");
                Files.writeString(dir.resolve("go"), "");
                pg.resume();
                run.awaitLine("the database answers again");
                assertThat(run.exitCode()).as(run.output() + run.stderr()).isZero();
                assertThat(run.stderr()).doesNotContain("Exception");
            }
            assertThat(Files.readAllLines(dir.resolve("effects.log"))).containsExactly("first", "hold", "last");
        }
    }

    @Test
    void aMalformedUrlAMissingDatabaseAnUnreachableServerAndAWrongPasswordAreUsageErrorsThatSaySo() throws Exception {
        var pg = TestPostgres.get();
        Files.writeString(dir.resolve("w.flow"), "workflow w {\n    task a { sh \"echo hi\" }\n    start -> a -> end\n}\n");
        assertRefused(FlowProcess.run(dir, "run", "w.flow", "--db", "postgresql://ann:pw@host:port/db"),
                "flow run: --db: \"postgresql://ann:***@host:port/db\" is not a PostgreSQL URL");
        assertRefused(FlowProcess.run(dir, "status", "--db", pg.url("nosuchdb")), "there is no database \"nosuchdb\"");
        int closedPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        assertRefused(FlowProcess.run(dir, "run", "w.flow", "--db", "postgresql://flow@127.0.0.1:" + closedPort + "/x"),
                "cannot reach PostgreSQL at postgresql://flow@127.0.0.1:" + closedPort + "/x");
        String foreign = pg.newDatabase();
        pg.sql(foreign.substring(foreign.lastIndexOf('/') + 1), "CREATE TABLE invoices (id int)");
        assertRefused(FlowProcess.run(dir, Map.of("FLOW_DB", foreign), "status"), "holds tables of another application");
        // a role that must give a password (the test cluster trusts its own superuser only)
        pg.sql("postgres", "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cli_pw') THEN "
                + "CREATE ROLE cli_pw LOGIN PASSWORD 'right'; END IF; END $$");
        Path hba = pg.dir().resolve("data/pg_hba.conf");
        String rules = Files.readString(hba);
        if (!rules.contains("cli_pw")) {
            Files.writeString(hba, "host all cli_pw 127.0.0.1/32 scram-sha-256\n" + rules);
            pg.sql("postgres", "SELECT pg_reload_conf()");
        }
        FlowProcess wrong = FlowProcess.run(dir, Map.of("PGPASSWORD", "not-the-password"), "status", "--db",
                "postgresql://cli_pw@127.0.0.1:" + pg.port() + "/postgres");
        assertRefused(wrong, "refused user \"cli_pw\"");
        assertThat(wrong.err()).doesNotContain("not-the-password");
    }
}
