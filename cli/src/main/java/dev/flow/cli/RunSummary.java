package dev.flow.cli;

import dev.flow.engine.ExecutionView;
import dev.flow.engine.NodeState;
import dev.flow.engine.Question;
import dev.flow.engine.RunOutcome;
import dev.flow.engine.RunResult;
import dev.flow.store.ExecutionRow;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code flow run} and {@code flow resume} print when they return: how the run ended, how
 * many steps it took and how long, its cost, why it stopped; and, when it waits for a person, each
 * question with the exact commands that answer it and the one that resumes the run.
 */
final class RunSummary {
    private final Invocation flow;
    private final Ansi ansi;

    RunSummary(Invocation flow, Ansi ansi) {
        this.flow = flow;
        this.ansi = ansi;
    }

    /** The lines to print for this result; {@code view} is the execution at the top of the run. */
    List<String> lines(RunResult result, ExecutionView view, long now) {
        var lines = new ArrayList<String>();
        ExecutionRow row = view.execution();
        String id = result.executionId();
        long end = row.finishedAt() != null ? row.finishedAt() : now;
        var facts = new ArrayList<String>();
        boolean paused = result.outcome() == RunOutcome.PAUSED;
        facts.add((paused ? "after " : "in ") + Times.duration(end - row.createdAt()));
        facts.add(steps(row.workCount()) + repeats(view));
        if (row.cost() > 0) {
            facts.add("cost " + Formats.cost(row.cost()));
        }
        facts.add("execution " + id);
        String head = headline(result.outcome()) + " " + String.join(", ", facts) + (paused && !result.questions().isEmpty() ? ": waiting for a person" : "");
        lines.add(colour(result.outcome(), head));
        if (result.outcome() == RunOutcome.PAUSED) {
            lines.addAll(pause(result));
            return lines;
        }
        if (result.report() != null && result.outcome() != RunOutcome.COMPLETED) {
            lines.add("  " + TerminalText.line(result.report()));
        }
        if (result.outcome() != RunOutcome.COMPLETED) {
            lines.add("  details: " + flow.command("status", id) + ", " + flow.command("log", id));
        }
        return lines;
    }

    /** The lines for a run stopped by Ctrl-C or a termination signal: how far it got, and how to go on. */
    List<String> interrupted(ExecutionView view, long now) {
        ExecutionRow row = view.execution();
        return List.of(
                ansi.yellow("interrupted after " + Times.duration(now - row.createdAt()) + ", " + steps(row.workCount())
                        + ", execution " + row.id() + ": work in progress was stopped and handed back"),
                "continue the run with:",
                "  " + flow.command("resume", row.rootId()));
    }

    private static String headline(RunOutcome outcome) {
        return switch (outcome) {
            case COMPLETED -> "completed";
            case FAILED -> "failed";
            case CANCELLED -> "cancelled by a person";
            case LIMIT_REACHED -> "stopped by a limit";
            case PAUSED -> "paused";
        };
    }

    private String colour(RunOutcome outcome, String text) {
        return switch (outcome) {
            case COMPLETED -> ansi.green(ansi.bold(text));
            case FAILED, CANCELLED -> ansi.red(text);
            case LIMIT_REACHED -> ansi.yellow(text);
            case PAUSED -> ansi.cyan(ansi.bold(text));
        };
    }

    private static String steps(long n) {
        return n + (n == 1 ? " step" : " steps");
    }

    /** Nodes that ran more than once: "(fix 3 passes, download 3 attempts)"; passes a loop started but the node never ran in do not count. */
    private static String repeats(ExecutionView view) {
        var parts = new ArrayList<String>();
        for (NodeState n : view.nodes()) {
            if (n.passes() > 1) {
                parts.add(TerminalText.line(n.nodeId()) + " " + n.passes() + " passes");
            }
            if (n.attempt() > 1) {
                parts.add(TerminalText.line(n.nodeId()) + " " + n.attempt() + " attempts");
            }
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    private List<String> pause(RunResult result) {
        var lines = new ArrayList<String>();
        if (result.questions().isEmpty()) {
            lines.add("  " + (result.report() == null ? "the run is in progress" : TerminalText.line(result.report())));
            lines.add("continue it with:");
            lines.add("  " + flow.command("resume", result.executionId()));
            return lines;
        }
        for (Question q : result.questions()) {
            lines.add("");
            // titles and prompts may quote what agents wrote (${plan.summary})
            // a node without a title of its own is titled by its id: "person: person" says it twice
            String title = q.title() == null || q.title().isBlank() || q.title().equals(q.nodeId()) ? "" : ": " + TerminalText.line(q.title());
            lines.add("  " + ansi.bold(TerminalText.line(q.nodeId())) + title + kind(q));
            if (q.prompt() != null && !q.prompt().isBlank()) {
                q.prompt().strip().lines().forEach(l -> lines.add("    " + TerminalText.line(l)));
            }
            if (q.wantsText()) {
                lines.add("    answer with your text:");
                lines.add("      " + answerCommand(flow, q, q.options().get(0)));
            } else {
                lines.add("    answer with one of:");
                for (String option : q.options()) {
                    lines.add("      " + answerCommand(flow, q, option));
                }
            }
            if (q.defaultOutput() != null && q.deadline() != null) {
                lines.add("    (" + q.defaultOutput() + " is taken at " + Times.dateTime(q.deadline()) + " if nobody answers)");
            }
        }
        lines.add("");
        lines.add("then continue the run with:");
        lines.add("  " + flow.command("resume", result.executionId()));
        return lines;
    }

    /** The command that gives {@code option} as the answer, with a note to fill in when the text is what matters. */
    static String answerCommand(Invocation flow, Question q, String option) {
        return q.wantsText() ? flow.command("answer", q.executionId(), q.nodeId(), option, "--note", "YOUR ANSWER")
                : flow.command("answer", q.executionId(), q.nodeId(), option);
    }

    private static String kind(Question q) {
        return switch (q.kind()) {
            case "before" -> " (before it runs)";
            case "after" -> " (after it ran)";
            default -> "";
        };
    }
}
