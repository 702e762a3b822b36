package dev.flow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flow.engine.config.EngineListener;
import dev.flow.store.EventRow;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code flow run}, {@code flow resume} and {@code flow worker} print while work goes on: one
 * line per event worth seeing ({@code 14:03:27 node fix completed done (1.2s)}), as the engine
 * commits them. {@link #choose} picks a live display on a terminal and plain lines otherwise.
 * Events arrive from several worker threads; every method that prints holds the lock.
 */
abstract class Progress implements EngineListener, AutoCloseable {
    protected final PrintWriter out;
    protected final Ansi ansi;
    private final boolean showExecution;
    /** When each node ({@code execution/node}) started, to say how long it took. */
    private final Map<String, Long> started = new HashMap<>();
    /**
     * Labels of child executions, by the subgraph node that runs each ({@code core/}, or {@code
     * release/core/} two levels down), so that two children of one workflow read apart.
     */
    private final Map<String, String> children = new HashMap<>();
    /** Nodes running now, by label, with when they started: the live display's status line. */
    protected final Map<String, Long> running = new LinkedHashMap<>();
    /** What each running agent is doing now, by label ("editing greeting.txt"), from its event stream. */
    protected final Map<String, String> doing = new HashMap<>();
    /** Lines of events that came before the header ({@link #holdUntilHeader}); null when not holding. */
    private List<String> held;
    /**
     * Nodes one decision passed by (a branch's other arm, the participants a supervisor did not
     * choose), with the first of their events: printed as one line when another event comes, since
     * a supervisor passes most of its nodes by in every round.
     */
    private final List<String> skipped = new ArrayList<>();
    private EventRow firstSkipped;

    protected Progress(PrintWriter out, Ansi ansi, boolean showExecution) {
        this.out = out;
        this.ansi = ansi;
        this.showExecution = showExecution;
    }

    /**
     * @param mode {@code auto} (live on a terminal, plain otherwise), {@code live}, {@code plain} or {@code none}
     * @param showExecution whether lines name their execution (a worker serves many)
     */
    static Progress choose(String mode, PrintWriter out, Ansi ansi, boolean showExecution) {
        return switch (mode) {
            case "none" -> new Quiet(out, ansi);
            case "plain" -> new Plain(out, ansi, showExecution);
            case "live" -> new LiveProgress(out, ansi, showExecution);
            case "auto" -> Terminal.isInteractive() ? new LiveProgress(out, ansi, showExecution) : new Plain(out, ansi, showExecution);
            default -> throw new UserError("--progress must be auto, live, plain or none, not \"" + mode + "\"", ExitCode.USAGE);
        };
    }

    @Override
    public synchronized void onEvent(EventRow e) {
        if (e.kind().equals("node_skipped") && !EventText.data(e).has("by")) {
            if (firstSkipped != null && !firstSkipped.executionId().equals(e.executionId())) {
                printSkipped();
            }
            firstSkipped = firstSkipped == null ? e : firstSkipped;
            skipped.add(children.getOrDefault(e.executionId(), "") + e.nodeId());
            return;
        }
        printSkipped();
        if (e.kind().equals("execution_started")) {
            JsonNode d = EventText.data(e);
            if (d.hasNonNull("parent")) {
                String label = d.hasNonNull("node") ? d.get("node").asText() : d.path("workflow").asText();
                children.put(e.executionId(), children.getOrDefault(d.get("parent").asText(), "") + label + "/");
            }
            return;
        }
        if (e.nodeId() == null) {
            print(e, EventText.describe(e, "", null, false));
            return;
        }
        String key = e.executionId() + "/" + e.nodeId();
        String who = children.getOrDefault(e.executionId(), "") + e.nodeId();
        boolean shown = started.containsKey(key);
        Long took = null;
        switch (e.kind()) {
            case "node_started" -> {
                started.put(key, e.at());
                running.put(who, e.at());
            }
            case "node_completed", "node_failed", "node_retry", "node_cancelled", "lease_lost", "lease_released" -> {
                Long since = started.remove(key);
                took = since == null ? null : e.at() - since;
                running.remove(who);
                doing.remove(who);
            }
            default -> { }
        }
        print(e, EventText.describe(e, who, took, shown));
    }

    /**
     * What a running agent is doing now: the live display shows it beside the node in its status
     * line; the plain one prints a line each time it changes ({@link #activityLine}).
     */
    @Override
    public synchronized void activity(String executionId, String nodeId, String what) {
        String who = children.getOrDefault(executionId, "") + nodeId;
        if (what.equals(doing.put(who, what))) {
            return;
        }
        activityLine(executionId, who, TerminalText.line(what));
    }

    /** Shows a change of what an agent does; by default as a dim line of its own. */
    protected void activityLine(String executionId, String who, String what) {
        if (held == null) {
            line(ansi.dim(Times.clock(System.currentTimeMillis()) + " " + (showExecution ? executionId + " " : "") + "  " + who + ": " + what));
        }
    }

    /** "node a skipped", or "nodes skipped: a, b, c" for several passed by at once. */
    final void printSkipped() {
        if (firstSkipped == null) {
            return;
        }
        print(firstSkipped, skipped.size() == 1 ? "node " + skipped.get(0) + " skipped" : "nodes skipped: " + String.join(", ", skipped));
        skipped.clear();
        firstSkipped = null;
    }

    private void print(EventRow e, String described) {
        if (described == null) {
            return;
        }
        String text = TerminalText.line(described); // summaries, errors and names come from agents, commands and files
        String coloured = colour(e, text);
        String shown = ansi.dim(Times.clock(e.at())) + " " + (showExecution ? e.executionId() + " " : "") + coloured;
        if (held != null) {
            held.add(shown);
        } else {
            line(shown);
        }
    }

    private String colour(EventRow e, String text) {
        if (e.kind().equals("node_completed") && EventText.data(e).has(dev.flow.model.ResultFields.NOT_RUN)) {
            return ansi.yellow(text); // a gate that could not run did not pass, though it let the run go on
        }
        return switch (e.kind()) {
            case "node_completed", "answered" -> ansi.green(text);
            case "node_failed", "node_cancelled" -> ansi.red(text);
            case "node_retry", "warning", "loop_limit", "stopping", "lease_lost", "lease_released", "circuit_opened" -> ansi.yellow(text);
            case "node_waiting", "paused" -> ansi.cyan(text);
            default -> text;
        };
    }

    /**
     * Keeps event lines back until the next {@link #say}: starting an execution already runs its
     * first control nodes (and starts children), before the caller knows the id its header names.
     */
    synchronized void holdUntilHeader() {
        held = new ArrayList<>();
    }

    /** Prints one line for good. */
    protected abstract void line(String text);

    /** Prints a line of the caller's (a header, the summary) without disturbing the display. */
    synchronized void say(String text) {
        printSkipped();
        line(text);
        if (held != null) {
            held.forEach(this::line);
            held = null;
        }
    }

    /** Ends the display: nothing is printed after this but plain text. */
    @Override
    public synchronized void close() {
        printSkipped();
        out.flush();
    }

    /** Plain lines, as events happen: for logs, pipes and CI. */
    static final class Plain extends Progress {
        Plain(PrintWriter out, Ansi ansi, boolean showExecution) {
            super(out, ansi, showExecution);
        }

        @Override
        protected void line(String text) {
            out.println(text);
            out.flush();
        }
    }

    /** Nothing while it runs; the summary still prints. */
    static final class Quiet extends Progress {
        Quiet(PrintWriter out, Ansi ansi) {
            super(out, ansi, false);
        }

        @Override
        public synchronized void onEvent(EventRow e) {
            // quiet: only the caller's own lines
        }

        @Override
        protected void activityLine(String executionId, String who, String what) {
            // quiet
        }

        @Override
        protected void line(String text) {
            out.println(text);
            out.flush();
        }
    }
}
