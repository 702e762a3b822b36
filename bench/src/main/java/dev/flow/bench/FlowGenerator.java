package dev.flow.bench;

/**
 * Writes large workflows in the Flow language for the benchmarks: realistic blocks of ten nodes
 * (task, gate, branch looping back, parallel fan-out of three, merge, checkpoint, review), and a
 * "diamond ladder" whose number of simple cycles doubles with every rung.
 */
public final class FlowGenerator {
    private FlowGenerator() {}

    /** A clean workflow of about {@code nodes} nodes (rounded up to whole blocks of ten). */
    public static String blocks(int nodes) {
        int blocks = Math.max(1, (nodes + 9) / 10);
        var out = new StringBuilder(nodes * 120);
        out.append("workflow generated_").append(nodes).append(" \"Generated, ").append(blocks * 10).append(" nodes\" {\n");
        out.append("    max parallel 4\n\n    gate tests {\n        run [\"true\"]\n        timeout 1m\n    }\n\n");
        for (int i = 0; i < blocks; i++) {
            out.append("    task w").append(i).append(" { run [\"true\"] }\n");
            out.append("    gate g").append(i).append(" uses tests\n");
            out.append("    branch b").append(i).append(" { if g").append(i).append(".passed then p").append(i)
                    .append(" else w").append(i).append(" loop max 3 }\n");
            out.append("    parallel p").append(i).append('\n');
            for (String t : new String[] {"x", "y", "z"}) {
                out.append("    task ").append(t).append(i).append(" { run [\"true\"] }\n");
            }
            out.append("    merge m").append(i).append('\n');
            out.append("    checkpoint c").append(i).append('\n');
            out.append("    task r").append(i).append(" { run [\"true\"] }\n");
        }
        out.append('\n');
        for (int i = 0; i < blocks; i++) {
            String from = i == 0 ? "start" : "r" + (i - 1);
            out.append("    ").append(from).append(" -> w").append(i).append(" -> g").append(i).append(" -> b").append(i).append('\n');
            for (String t : new String[] {"x", "y", "z"}) {
                out.append("    p").append(i).append(" -> ").append(t).append(i).append(" -> m").append(i).append('\n');
            }
            out.append("    m").append(i).append(" -> c").append(i).append(" -> r").append(i).append('\n');
        }
        out.append("    r").append(blocks - 1).append(" -> end\n}\n");
        return out.toString();
    }

    /**
     * A chain of {@code rungs} diamonds (a -> b|c -> next a) closed by an edge from the last back to
     * the first: 2^rungs simple cycles through that edge. With {@code controlled} the closing edge
     * carries a loop limit and the workflow is clean; without, the checker must report one
     * uncontrolled cycle, found without enumerating them.
     */
    public static String diamondLadder(int rungs, boolean controlled) {
        var out = new StringBuilder(rungs * 160);
        out.append("workflow ladder_").append(rungs).append(" {\n");
        for (int i = 0; i <= rungs; i++) {
            out.append("    task a").append(i).append(" { run [\"true\"] }\n");
            if (i < rungs) {
                out.append("    task b").append(i).append(" { run [\"true\"] }\n");
                out.append("    task c").append(i).append(" { run [\"true\"] }\n");
            }
        }
        out.append("    start -> a0\n");
        for (int i = 0; i < rungs; i++) {
            out.append("    a").append(i).append(" -> b").append(i).append(" -> a").append(i + 1).append('\n');
            out.append("    a").append(i).append(" -> c").append(i).append(" -> a").append(i + 1).append('\n');
        }
        out.append("    a").append(rungs).append(" -> a0").append(controlled ? " loop max 5" : "").append('\n');
        out.append("    a").append(rungs).append(" -> end\n}\n");
        return out.toString();
    }
}
