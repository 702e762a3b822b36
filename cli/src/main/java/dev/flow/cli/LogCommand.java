package dev.flow.cli;

import dev.flow.engine.ExecutionQueries;
import dev.flow.store.EventRow;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow log EXECUTION}: the execution's events, and its child executions', in order. */
@Command(name = "log", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print an execution's events in the order they happened: number, time, kind, node, details."
                + " The events of the child executions its subgraph nodes started come in time order with them,"
                + " their nodes named after the subgraph node (core/build)."
                + " With --follow, keep printing new events until the execution ends (or waits for a person).",
                "Exit status: 0 printed, 2 usage problems (an unknown execution, a missing or unreadable database)."})
final class LogCommand implements Callable<Integer> {
    private static final int PAGE = 1000;
    private static final long FOLLOW_POLL_MILLIS = 200;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "EXECUTION", description = "The execution whose events to print.")
    String execution;

    @Option(names = {"-f", "--follow"}, description = "Keep printing events as they come, until the execution ends or waits for a person.")
    boolean follow;

    @Option(names = "--no-children", description = "Only this execution's events, not those of the child executions it started.")
    boolean noChildren;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "text, or json: one JSON object per line (seq, execution, at, kind, node, data).")
    String format;

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() throws InterruptedException {
        boolean json = Formats.json(spec, format);
        PrintWriter out = spec.commandLine().getOut();
        try (var store = database.openExisting()) {
            ExecutionQueries queries = Engines.create(store).queries();
            var cursors = new ArrayList<Cursor>();
            cursors.add(new Cursor(execution, ""));
            while (true) {
                // Read the statuses first: events committed before they settled are then all in the
                // next read. A parent waits (not runs) while its children work, so it is settled only
                // when none of the executions found so far runs, and the read finds no new child.
                int known = cursors.size();
                boolean settled = cursors.stream()
                        .allMatch(c -> queries.execution(c.executionId).status() != dev.flow.store.ExecutionStatus.RUNNING);
                cursors.forEach(Cursor::rewind);
                Cursor next;
                while ((next = earliest(cursors, queries)) != null) {
                    EventRow e = next.take();
                    out.println(json ? ExecutionJson.event(e) : line(e, next.label));
                    String child = noChildren ? null : childStarted(e);
                    if (child != null) {
                        cursors.add(new Cursor(child, next.label + e.nodeId() + "/"));
                    }
                }
                out.flush();
                if (!follow || settled && cursors.size() == known) {
                    return ExitCode.OK;
                }
                Thread.sleep(FOLLOW_POLL_MILLIS);
            }
        }
    }

    /**
     * The cursor whose next event happened first, or null when all are read. On a tie the later-found
     * execution goes first: a child's last events and its subgraph node's completion are committed
     * together, at one time, and the child's come first in the story.
     */
    private static Cursor earliest(List<Cursor> cursors, ExecutionQueries queries) {
        Cursor best = null;
        for (Cursor c : cursors) {
            EventRow e = c.peek(queries);
            if (e != null && (best == null || e.at() <= best.peek(queries).at())) {
                best = c;
            }
        }
        return best;
    }

    /** The child execution a subgraph node started, when this event says so. */
    private static String childStarted(EventRow e) {
        if (!e.kind().equals("node_waiting") || e.nodeId() == null) {
            return null;
        }
        var child = EventText.data(e).get("child");
        return child == null || child.isNull() ? null : child.asText();
    }

    private static String line(EventRow e, String label) {
        String data = e.data() == null || e.data().isBlank() || e.data().equals("{}") ? "" : "  " + e.data();
        String node = e.nodeId() == null ? (label.isEmpty() ? "-" : label) : label + e.nodeId();
        return TerminalText.line(String.format("%5d %s %-16s %s%s", e.seq(), Times.clockMillis(e.at()), e.kind(), node, data));
    }

    /** One execution's events, read a page at a time from where the last read stopped. */
    private static final class Cursor {
        final String executionId;
        /** How its nodes are named: empty for the execution asked for, {@code core/} for a child. */
        final String label;
        private final Deque<EventRow> page = new ArrayDeque<>();
        private long seen;
        /** Whether the last read reached the end of what was committed: no more reads in this pass. */
        private boolean drained;

        Cursor(String executionId, String label) {
            this.executionId = executionId;
            this.label = label;
        }

        EventRow peek(ExecutionQueries queries) {
            if (page.isEmpty() && !drained) {
                List<EventRow> read = queries.events(executionId, seen, PAGE);
                page.addAll(read);
                drained = read.size() < PAGE;
            }
            return page.peekFirst();
        }

        /** Looks for new events again on the next {@link #peek}: a new pass of --follow. */
        void rewind() {
            drained = false;
        }

        EventRow take() {
            EventRow e = page.removeFirst();
            seen = e.seq();
            return e;
        }
    }
}
