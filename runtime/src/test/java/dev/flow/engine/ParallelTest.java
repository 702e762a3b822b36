package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.MergeStrategy;
import dev.flow.model.WaitMode;
import dev.flow.store.RunRow;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class ParallelTest {
    @TempDir
    Path dir;

    private static GraphBuilder fanOut(int maxParallel, int tasks, String command) {
        var f = GraphBuilder.workflow("fan").config(maxParallel, true).parallel("fan").merge("join", WaitMode.ALL, MergeStrategy.UNION);
        f.edge("start", "fan");
        for (int i = 0; i < tasks; i++) {
            f.sh("t" + i, command).edge("fan", "t" + i).edge("t" + i, "join");
        }
        return f.edge("join", "end");
    }

    /** The largest number of runs whose [started, finished] intervals overlap at one moment. */
    private static int mostAtOnce(List<RunRow> runs) {
        var points = new ArrayList<long[]>();
        for (RunRow r : runs) {
            points.add(new long[] {r.startedAt(), 1});
            points.add(new long[] {r.finishedAt(), -1});
        }
        points.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int now = 0;
        int most = 0;
        for (long[] p : points) {
            now += (int) p[1];
            most = Math.max(most, now);
        }
        return most;
    }

    private static List<RunRow> runs(Harness h, String id, int tasks) {
        var out = new ArrayList<RunRow>();
        for (int i = 0; i < tasks; i++) {
            out.addAll(h.history(id, "t" + i));
        }
        return out;
    }

    /**
     * A task that says it started, then waits until {@code n} tasks have (a minute at most, so that
     * a run that never lets them overlap fails instead of hanging): overlap by construction, not by
     * how long a sleep lasts.
     */
    private static String meet(int n) {
        return "touch \"$FLOW_NODE_ID.started\"; i=0; until [ $(ls *.started | wc -l) -ge " + n + " ] || [ $i -ge 1200 ]; "
                + "do sleep 0.05; i=$((i + 1)); done";
    }

    @Test
    void threeTasksUnderMaxParallelThreeRunAtTheSameTime() {
        try (var h = new Harness(dir)) {
            String id = h.start(fanOut(3, 3, meet(3)).graph());
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(mostAtOnce(runs(h, id, 3))).isEqualTo(3);
        }
    }

    @Test
    void maxParallelBoundsHowManyTasksRunAtOnce() {
        try (var h = new Harness(dir)) {
            String id = h.start(fanOut(2, 5, meet(2)).graph());
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(mostAtOnce(runs(h, id, 5))).isEqualTo(2);
        }
    }
}
