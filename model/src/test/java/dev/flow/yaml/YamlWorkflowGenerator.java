package dev.flow.yaml;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes large YAML workflows in either dialect for the benchmarks ({@code bench/}, which gets it
 * through this module's test jar) and the import round-trip tests: {@code n} nodes in segments of
 * ten (two tasks, a gate or a test task, a branch or decision looping back with a limit, a parallel
 * fan-out of three joined by a merge, a human), chained one after the other, every loop with a
 * limit. Every generated file reads without a YAML problem, so the figures measure the normal path.
 *
 * <p>Usage: {@code YamlWorkflowGenerator 1|2 NODES OUT.yaml}
 */
public final class YamlWorkflowGenerator {
    /** Nodes per segment; workflows have a whole number of segments. */
    public static final int SEGMENT = 10;

    private YamlWorkflowGenerator() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: YamlWorkflowGenerator 1|2 NODES OUT.yaml");
            System.exit(2);
        }
        int nodes = Integer.parseInt(args[1]);
        String text = args[0].equals("1") ? dialect1(nodes) : dialect2(nodes);
        Files.writeString(Path.of(args[2]), text);
        System.out.printf("wrote %s: dialect %s, %,d nodes, %,d bytes%n", args[2], args[0], segments(nodes) * SEGMENT, text.length());
    }

    private static int segments(int nodes) {
        return Math.max(1, nodes / SEGMENT);
    }

    /** A dialect 1 (supervisor) workflow of about {@code nodes} nodes, with inline gates. */
    public static String dialect1(int nodes) {
        int segments = segments(nodes);
        var y = new StringBuilder(segments * 1600);
        y.append("id: generated\nname: Generated workflow\nversion: 1.0.0\nentry_point: s0_plan\n");
        y.append("exit_points: [s").append(segments - 1).append("_approve]\n");
        y.append("gates:\n  tests:\n    command: [\"mvn\", \"-q\", \"test\"]\n    timeout: 600\n");
        y.append("nodes:\n");
        for (int s = 0; s < segments; s++) {
            String p = "s" + s + "_";
            task1(y, p + "plan", "planner");
            task1(y, p + "build", "implementer");
            y.append("  - id: ").append(p).append("test\n    type: gate\n    gate_config: {gate_type: tests}\n");
            y.append("  - id: ").append(p).append("check\n    type: branch\n    branch_config:\n")
                    .append("      condition: {field: passed, operator: \"==\", value: true, max_iterations: 3}\n")
                    .append("      on_true: ").append(p).append("fan\n      on_false: ").append(p).append("build\n");
            y.append("  - id: ").append(p).append("fan\n    type: parallel\n    parallel_config:\n      branches: [")
                    .append(p).append("a, ").append(p).append("b, ").append(p).append("c]\n");
            task1(y, p + "a", "reviewer");
            task1(y, p + "b", "reviewer");
            task1(y, p + "c", "reviewer");
            y.append("  - id: ").append(p).append("join\n    type: merge\n    merge_config: {wait_for: all, merge_strategy: union}\n");
            y.append("  - id: ").append(p).append("approve\n    type: human\n    human_config: {title: \"Approve segment ").append(s).append("\"}\n");
        }
        y.append("edges:\n");
        for (int s = 0; s < segments; s++) {
            String p = "s" + s + "_";
            edge1(y, p + "1", p + "plan", p + "build");
            edge1(y, p + "2", p + "build", p + "test");
            edge1(y, p + "3", p + "test", p + "check");
            for (String b : new String[] {"a", "b", "c"}) {
                edge1(y, p + "f" + b, p + "fan", p + b);
                edge1(y, p + "j" + b, p + b, p + "join");
            }
            edge1(y, p + "4", p + "join", p + "approve");
            if (s + 1 < segments) {
                y.append("  - {id: ").append(p).append("next, source: ").append(p).append("approve, target: s").append(s + 1)
                        .append("_plan, condition: {field: approved, operator: \"==\", value: true}}\n");
                y.append("  - {id: ").append(p).append("again, source: ").append(p).append("approve, target: ").append(p)
                        .append("plan, is_loop_edge: true, condition: {field: approved, operator: \"==\", value: false}}\n");
            }
        }
        y.append("config:\n  max_parallel_nodes: 4\n  fail_fast: true\n");
        return y.toString();
    }

    private static void task1(StringBuilder y, String id, String role) {
        y.append("  - id: ").append(id).append("\n    type: task\n    task_config:\n      role: ").append(role)
                .append("\n      task_template: \"Work on ").append(id).append(": {input}\"\n");
    }

    private static void edge1(StringBuilder y, String id, String from, String to) {
        y.append("  - {id: ").append(id).append(", source: ").append(from).append(", target: ").append(to).append("}\n");
    }

    /** A dialect 2 (graph-loop) workflow of about {@code nodes} nodes. */
    public static String dialect2(int nodes) {
        int segments = segments(nodes);
        var y = new StringBuilder(segments * 1800);
        y.append("workflow: generated\ndescription: Generated workflow\nversion: \"1.0\"\n");
        y.append("state:\n  variables:\n    score: 0\n    notes: []\n");
        y.append("nodes:\n");
        for (int s = 0; s < segments; s++) {
            String p = "s" + s + "_";
            task2(y, p + "plan", "self", "[done]");
            task2(y, p + "build", "codex", "[done, blocked]");
            y.append("  ").append(p).append("test:\n    type: task\n    agent: bash\n    command: \"npm test\"\n    outputs: [pass, fail]\n")
                    .append("    on_output:\n      pass:\n        set:\n          score: 10\n        append:\n          notes: \"passed ").append(s).append("\"\n");
            y.append("  ").append(p).append("check:\n    type: decision\n    condition: \"state.score >= 8\"\n    outputs: [ok, retry]\n");
            y.append("  ").append(p).append("fan:\n    type: parallel\n    branches: [").append(p).append("a, ").append(p).append("b, ").append(p)
                    .append("c]\n    outputs: [all_done]\n");
            task2(y, p + "a", "gemini", "[done]");
            task2(y, p + "b", "gemini", "[done]");
            task2(y, p + "c", "gemini", "[done]");
            y.append("  ").append(p).append("join:\n    type: join\n    wait_for: [").append(p).append("a, ").append(p).append("b, ").append(p)
                    .append("c]\n    outputs: [joined]\n");
            y.append("  ").append(p).append("approve:\n    type: human\n    prompt: \"Approve segment ").append(s).append("?\"\n    outputs: [yes, no]\n");
        }
        y.append("edges:\n  - {from: START, to: s0_plan}\n");
        for (int s = 0; s < segments; s++) {
            String p = "s" + s + "_";
            edge2(y, p + "plan", p + "build", "done", 0);
            edge2(y, p + "build", p + "test", "done", 0);
            edge2(y, p + "build", p + "approve", "blocked", 0);
            edge2(y, p + "test", p + "check", null, 0);
            edge2(y, p + "check", p + "fan", "ok", 0);
            edge2(y, p + "check", p + "build", "retry", 3);
            edge2(y, p + "fan", p + "join", "all_done", 0);
            edge2(y, p + "join", p + "approve", "joined", 0);
            edge2(y, p + "approve", s + 1 < segments ? "s" + (s + 1) + "_plan" : "END", "yes", 0);
            edge2(y, p + "approve", p + "plan", "no", 2);
        }
        y.append("limits:\n  max_iterations: ").append(segments * 100).append("\n  max_time_minutes: 600\n  max_parallel_branches: 4\n");
        y.append("completion:\n  - s").append(segments - 1).append("_approve.yes\n");
        return y.toString();
    }

    private static void task2(StringBuilder y, String id, String agent, String outputs) {
        y.append("  ").append(id).append(":\n    type: task\n    agent: ").append(agent).append("\n    prompt: \"Work on ").append(id)
                .append("\"\n    outputs: ").append(outputs).append('\n');
    }

    private static void edge2(StringBuilder y, String from, String to, String condition, int loop) {
        y.append("  - {from: ").append(from).append(", to: ").append(to);
        if (condition != null) {
            y.append(", condition: \"").append(condition).append('"');
        }
        if (loop > 0) {
            y.append(", max_iterations: ").append(loop);
        }
        y.append("}\n");
    }
}
