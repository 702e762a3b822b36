package dev.flow.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.exec.Outcome;
import dev.flow.engine.exec.WorkExecutor;
import dev.flow.engine.step.EngineCore;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.StoreOptions;
import dev.flow.store.TestPostgres;
import dev.flow.store.postgres.PgUrl;
import dev.flow.store.postgres.PostgresStore;
import dev.flow.store.sql.SqlSession;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Poll;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On PostgreSQL an idle worker is woken by the commit that makes work ready in another process
 * ({@code LISTEN/NOTIFY}), not by its poll: here its poll is ten minutes, so only the announcement
 * can make it take the run within the test's patience.
 */
class WorkAnnouncementTest {
    private static final WorkExecutor NOOP = (job, cancellation) -> Outcome.produced("done", Map.of());

    @Test
    void anIdleWorkerTakesWorkAnotherProcessMadeReadyWithoutWaitingForItsPoll(@TempDir Path dir) {
        PgUrl url = PgUrl.parse(TestPostgres.get().newDatabase(), System::getenv);
        StoreOptions options = StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts"));
        var engineOptions = EngineOptions.builder().inProcessAgents(Map.of("noop", NOOP)).contractFooter(false)
                .poll(Duration.ofMinutes(10)).build();
        try (var workerStore = PostgresStore.open(url, options); var otherStore = PostgresStore.open(url, options)) {
            var worker = new Worker(new EngineCore(workerStore, engineOptions, (execution, node) -> {
                throw new IllegalStateException("no sandboxed steps here");
            }), null, 1);
            worker.start();
            try {
                // once the worker listens (it looks for work once then, and finds none), only an announcement wakes it
                Poll.until("the worker listens", () -> otherStore.read(tx -> ((SqlSession) tx).queryOne(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN " + SqlSession.WORK_CHANNEL + "'",
                        rs -> rs.getInt(1)).orElse(0)) == 1);
                // another process (its own store and engine, no worker) starts a run: its commit announces the ready node
                var other = new Engine(otherStore, engineOptions);
                String id = other.start(GraphBuilder.workflow("one").agentTask("a", "noop", "go").chain("start", "a", "end").graph(), Map.of(), dir);
                Poll.until("the worker ran the other process's run", () -> other.queries().status(id).execution().status().isFinal());
                assertThat(other.queries().status(id).execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
            } finally {
                worker.stop(false);
                worker.join();
            }
        }
    }
}
