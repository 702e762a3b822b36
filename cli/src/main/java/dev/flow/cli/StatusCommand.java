package dev.flow.cli;

import dev.flow.engine.ExecutionQueries;
import dev.flow.engine.ExecutionView;
import dev.flow.engine.IsolatedStep;
import dev.flow.engine.NodeState;
import dev.flow.engine.Question;
import dev.flow.engine.Transcript;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ForkRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow status [EXECUTION]}: the executions in a database, or one execution node by node. */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Without an id: the executions in the database, newest first (id, workflow, status, start, duration)."
                + " With one: each node of that execution (kind, status, attempt, loop pass, start, duration, output),"
                + " what it waits for, its loop counters, state and child executions.",
                "Exit status: 0 shown, 2 usage problems (an unknown execution, a missing or unreadable database)."})
final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "EXECUTION", arity = "0..1", description = "The execution to show (default: list them all).")
    String execution;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "20", description = "How many executions to list (default 20).")
    int limit;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text", description = "text (tables) or json.")
    String format;

    @Mixin
    DatabaseOptions database;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class, description = "Colour the output.")
    ColorMode color;

    @Override
    public Integer call() {
        boolean json = Formats.json(spec, format);
        if (limit < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--limit must be at least 1, not " + limit);
        }
        var out = spec.commandLine().getOut();
        Ansi ansi = Ansi.choose(color);
        try (var store = database.openExisting()) {
            ExecutionQueries queries = Engines.create(store).queries();
            long now = System.currentTimeMillis();
            if (execution == null) {
                List<ExecutionRow> rows = queries.executions(limit);
                if (json) {
                    out.println(ExecutionJson.executions(rows, now));
                } else {
                    list(out, ansi, queries, rows, now);
                }
            } else {
                ExecutionView view = queries.status(execution);
                List<IsolatedStep> isolated = queries.isolatedSteps(view.execution().id());
                ForkRow origin = queries.origin(view.execution().id()).orElse(null);
                if (json) {
                    String id = view.execution().id();
                    out.println(ExecutionJson.view(view, isolated, origin, now, n -> queries.transcript(id, n.nodeId(), n.iteration(), n.attempt())));
                } else {
                    String id = view.execution().id();
                    show(out, ansi, view, origin, now, n -> queries.transcript(id, n.nodeId(), n.iteration(), n.attempt()));
                    growth(out, queries.graphVersions(view.execution().id()));
                    worktrees(out, ansi, isolated);
                }
            }
        }
        out.flush();
        return ExitCode.OK;
    }

    private void list(PrintWriter out, Ansi ansi, ExecutionQueries queries, List<ExecutionRow> rows, long now) {
        if (rows.isEmpty()) {
            out.println("no executions in " + database.shown() + " yet");
            return;
        }
        var table = new TextTable("ID", "WORKFLOW", "STATUS", "STARTED", "DURATION");
        for (ExecutionRow r : rows) {
            String workflow = r.parentId() == null ? r.workflowId() : r.workflowId() + " (in " + r.parentId() + ")";
            var origin = r.parentId() == null ? queries.origin(r.id()) : Optional.<ForkRow>empty();
            if (origin.isPresent()) {
                workflow += " (fork of " + origin.get().sourceId() + ")";
            }
            table.add(r.id(), workflow, r.status().keyword(), Times.dateTime(r.createdAt()),
                    Times.duration((r.finishedAt() != null ? r.finishedAt() : now) - r.createdAt()));
        }
        table.print(out, ansi);
    }

    /** A parent waits while its children work: say so, so that nobody looks for a question to answer. */
    private static String waitingOnChildren(ExecutionView view) {
        long working = view.children().stream().filter(c -> c.status() == dev.flow.store.ExecutionStatus.RUNNING).count();
        if (view.execution().status() != dev.flow.store.ExecutionStatus.WAITING || working == 0) {
            return "";
        }
        return working == 1 ? ": its child execution runs" : ": " + working + " child executions run";
    }

    /** @param live the transcript of a node's run that is still going, for what its agent does now */
    private void show(PrintWriter out, Ansi ansi, ExecutionView view, ForkRow origin, long now,
            Function<NodeState, Optional<Transcript>> live) {
        ExecutionRow r = view.execution();
        out.println(ansi.bold("execution " + r.id()) + "  " + TerminalText.line(r.workflowId()) + "  " + r.status().keyword()
                + (r.report() == null ? waitingOnChildren(view) : ": " + TerminalText.line(r.report())));
        if (origin != null) {
            out.println(TerminalText.line("forked from " + origin.sourceId() + " at " + origin.nodeId()
                    + (origin.iteration() > 1 ? " (pass " + origin.iteration() + ")" : "") + ", reusing " + ForkCommand.reused(origin)));
        }
        String finished = r.finishedAt() == null ? "" : ", finished " + Times.dateTime(r.finishedAt());
        out.println("started " + Times.dateTime(r.createdAt()) + finished + " (" + Times.duration((r.finishedAt() != null ? r.finishedAt() : now)
                - r.createdAt()) + "), " + r.workCount() + (r.workCount() == 1 ? " step" : " steps")
                + (r.cost() > 0 ? ", cost " + Formats.cost(r.cost()) : "") + tokens(view) + (r.parentId() == null ? "" : ", child of " + r.parentId()));
        out.println();
        var table = new TextTable("NODE", "KIND", "STATUS", "ATTEMPT", "PASS", "STARTED", "DURATION", "OUTPUT");
        for (NodeState n : view.nodes()) {
            boolean reached = n.status() != NodeStatus.PENDING || n.startedAt() != null;
            table.add(n.nodeId(), n.kind(), n.status().keyword(), reached ? String.valueOf(n.attempt()) : "", n.passes() > 0 ? String.valueOf(n.passes()) : "",
                    n.startedAt() == null ? "" : Times.clock(n.startedAt()), Times.between(n.startedAt(), n.finishedAt()),
                    n.notRun().isPresent() ? "could not run"
                            : n.output() == null ? (n.childExecution() == null ? "" : "child " + n.childExecution()) : n.output());
        }
        table.print(out, ansi);
        for (NodeState n : view.nodes()) {
            if (n.status() == NodeStatus.RUNNING) {
                live.apply(n).map(Transcript::activity).filter(a -> !a.isEmpty())
                        .ifPresent(a -> out.println(ansi.cyan(TerminalText.line("  " + n.nodeId() + ": now " + a.get(a.size() - 1)))));
            }
            n.notRun().ifPresent(why -> out.println(ansi.yellow(TerminalText.line("  " + n.nodeId() + ": could not run (it does not block): " + why))));
            n.gateWarnings().ifPresent(found -> found.lines().forEach(w -> out.println(ansi.yellow(TerminalText.line("  " + n.nodeId() + ": " + w)))));
            if (n.error() != null && !n.error().isBlank()) {
                String line = TerminalText.line("  " + n.nodeId() + (n.errorClass() == null ? "" : " (" + n.errorClass().keyword() + ")") + ": " + n.error());
                out.println(n.status() == NodeStatus.FAILED ? ansi.red(line) : ansi.yellow(line));
            }
        }
        earlierFailures(out, view);
        sessions(out, view);
        Invocation flow = Invocation.of(database);
        for (Question q : view.questions()) {
            out.println();
            out.println(ansi.cyan(TerminalText.line("waiting for a person at " + q.nodeId())) + (q.title() == null || q.title().equals(q.nodeId()) ? "" : ": " + TerminalText.line(q.title())));
            for (String option : q.options()) {
                out.println("  " + RunSummary.answerCommand(flow, q, option));
            }
        }
        if (!view.loops().isEmpty()) {
            out.println();
            out.println(TerminalText.line("loops taken: " + String.join(", ", view.loops().entrySet().stream().map(e -> e.getKey() + " " + times(e.getValue())).toList())));
        }
        if (!view.state().isEmpty()) {
            out.println();
            out.println("state:");
            for (Map.Entry<String, Object> e : view.state().entrySet()) {
                out.println(TerminalText.line("  " + e.getKey() + " = " + Formats.value(e.getValue())));
            }
        }
        if (!view.children().isEmpty()) {
            out.println();
            out.println(TerminalText.line("child executions: " + String.join(", ", view.children().stream().map(c -> c.id() + " ("
                    + c.workflowId() + ", " + c.status().keyword() + ")").toList())));
        }
    }

    /** {@code , tokens 1,200 in / 300 out} when the execution's agents reported tokens. */
    private static String tokens(ExecutionView view) {
        var t = TokenTotals.of(view);
        return t.reported() ? ", " + TokenTotals.text(t) : "";
    }

    /** Every failed attempt that a retry or a later loop pass replaced, with its class and cost. */
    private static void earlierFailures(PrintWriter out, ExecutionView view) {
        var lines = new ArrayList<String>();
        for (NodeState n : view.nodes()) {
            for (RunRow r : n.earlier()) {
                if (r.status() == NodeStatus.FAILED) {
                    lines.add("  " + n.nodeId() + " pass " + r.iteration() + " attempt " + r.attempt()
                            + (r.errorClass() == null ? "" : " (" + r.errorClass().keyword() + ")") + ": " + r.error()
                            + (r.cost() == null ? "" : " [cost " + Formats.cost(r.cost()) + "]"));
                }
            }
        }
        if (!lines.isEmpty()) {
            out.println();
            out.println("failed attempts:");
            lines.forEach(out::println);
        }
    }

    /** Each growth of the execution's graph: its version, the node that grew it and what it added. */
    private static void growth(PrintWriter out, List<dev.flow.store.GraphVersionRow> versions) {
        var grown = versions.stream().filter(v -> v.grownBy() != null).toList();
        if (grown.isEmpty()) {
            return;
        }
        out.println();
        out.println("graph grown (flow graph EXECUTION --graph-version N draws a version):");
        for (var v : grown) {
            out.println(TerminalText.line("  version " + v.version() + " by " + v.grownBy() + " (pass " + v.iteration() + ", attempt "
                    + v.attempt() + "): added " + String.join(", ", v.addedNodes())));
        }
    }

    /** The conversations agents reported, which a task with "session continue" goes on with. */
    private static void sessions(PrintWriter out, ExecutionView view) {
        var withSession = view.nodes().stream().filter(n -> n.sessionId() != null).toList();
        if (!withSession.isEmpty()) {
            out.println();
            out.println("agent sessions:");
            withSession.forEach(n -> out.println("  " + n.nodeId() + ": " + n.sessionId()));
        }
    }

    /** Each isolated step: its worktree, and the commit it applied (short), its conflict, or why nothing was applied. */
    private static void worktrees(PrintWriter out, Ansi ansi, List<IsolatedStep> steps) {
        if (steps.isEmpty()) {
            return;
        }
        out.println();
        out.println("worktrees:");
        var table = new TextTable("NODE", "WORKTREE", "CHANGES");
        for (IsolatedStep s : steps) {
            table.add(s.nodeId(), Formats.path(s.worktree()), changes(ansi, s));
        }
        table.print(out, ansi);
    }

    private static String changes(Ansi ansi, IsolatedStep s) {
        if (s.appliedCommit() != null) {
            return ansi.green("applied " + Formats.shortHash(s.appliedCommit()));
        }
        // a commit the target never saw is kept under refs/flow/EXECUTION/kept/ (docs/runtime.md): name it, to look at or pick
        String kept = s.stepCommit() == null ? "" : " (" + Formats.shortHash(s.stepCommit()) + " kept)";
        if (!s.conflictFiles().isEmpty()) {
            return ansi.red("conflict in " + String.join(", ", s.conflictFiles()) + kept);
        }
        return switch (s.status()) {
            case RUNNING, READY, PENDING, WAITING -> "working";
            case COMPLETED -> s.stepCommit() == null ? "none made" : "not applied" + kept;
            default -> s.stepCommit() == null ? "none applied" : "not applied" + kept;
        };
    }

    private static String times(int n) {
        return n == 1 ? "once" : n + " times";
    }
}
