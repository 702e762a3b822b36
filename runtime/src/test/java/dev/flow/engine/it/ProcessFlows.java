package dev.flow.engine.it;

import static dev.flow.testing.GraphBuilder.any;
import static dev.flow.testing.GraphBuilder.not;
import static dev.flow.testing.GraphBuilder.ref;

import dev.flow.model.FlowGraph;
import dev.flow.model.json.GraphJson;
import dev.flow.testing.GraphBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Graphs for the process tests, written as compiled JSON files the way {@code flow compile} would. */
final class ProcessFlows {
    private ProcessFlows() {}

    /** Appends "NODE ITERATION" to effects.log: the effect every test counts. */
    static final String EFFECT = "echo \"$FLOW_NODE_ID $FLOW_ITERATION\" >> effects.log";

    static Path write(Path dir, FlowGraph g) throws IOException {
        Path file = dir.resolve(g.main().id() + ".json");
        Files.writeString(file, GraphJson.write(g));
        return file;
    }

    /**
     * A run with a chain, a loop whose gate fails twice, a fan-out of three and a task a test can
     * hold: every kind of transition the crash tests kill in the middle of. "slow" appends its
     * shell's pid to slow.marker, then waits while a file {@code hold} exists in the folder, so a
     * test decides when it delivers its effect instead of betting on how long a sleep lasts.
     */
    static FlowGraph crashable() {
        // The gate passes on the loop's third pass, however often a crash makes it run.
        return GraphBuilder.workflow("crashable").config(3, true)
                .gateDef("tests", EFFECT + "; [ \"$FLOW_ITERATION\" -ge 3 ]")
                .sh("a", EFFECT).sh("fix", EFFECT).gate("test", "tests").parallel("fan")
                .sh("p1", EFFECT).sh("p2", EFFECT).sh("p3", EFFECT).merge("join", null, null)
                .sh("slow", "echo $$ >> slow.marker; while [ -e hold ]; do sleep 0.05; done; " + EFFECT)
                .sh("z", EFFECT)
                .chain("start", "a", "fix", "test")
                .edge("test", "fan", ref("test.passed"))
                .loop("test", "fix", 5, not(ref("test.passed")))
                .chain("fan", "p1", "join").chain("fan", "p2", "join").chain("fan", "p3", "join")
                .chain("join", "slow", "z", "end")
                .graph();
    }

    /** The effects a complete run of {@link #crashable()} leaves, each once. */
    static List<String> crashableEffects() {
        return List.of("a 1", "fix 1", "test 1", "fix 2", "test 2", "fix 3", "test 3", "p1 1", "p2 1", "p3 1", "slow 1", "z 1");
    }

    /** start -> fan -> w0..wN-1 -> join -> end, each task one effect. */
    static FlowGraph wide(int width, int maxParallel) {
        var g = GraphBuilder.workflow("wide").config(maxParallel, true).parallel("fan").merge("join", null, null).edge("start", "fan");
        for (int i = 0; i < width; i++) {
            g.sh("w" + i, EFFECT).chain("fan", "w" + i, "join");
        }
        return g.edge("join", "end").graph();
    }

    /** build, then a person approves or rejects. */
    static FlowGraph approval() {
        return GraphBuilder.workflow("approval").config(2, true)
                .sh("build", EFFECT).human("review", "Ship the build?", null, "approved", "rejected").sh("ship", EFFECT)
                .chain("start", "build", "review").edge("review", "ship", any("approved")).edge("review", "end", any("rejected"))
                .edge("ship", "end")
                .graph();
    }
}
