package dev.flow.cli;

import dev.flow.engine.Engine;
import dev.flow.store.EventRow;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow log EXECUTION}: the execution's events, in order. */
@Command(name = "log", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print an execution's events in the order they happened: number, time, kind, node, details."
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
            Engine engine = Engines.create(store);
            long seen = 0;
            while (true) {
                // read the status first: events committed before it ended are then all in the next read
                boolean settled = engine.status(execution).execution().status() != dev.flow.store.ExecutionStatus.RUNNING;
                List<EventRow> events;
                do {
                    events = engine.events(execution, seen, PAGE);
                    for (EventRow e : events) {
                        out.println(json ? ExecutionJson.event(e) : line(e));
                        seen = e.seq();
                    }
                } while (events.size() == PAGE);
                out.flush();
                if (!follow || settled) {
                    return ExitCode.OK;
                }
                Thread.sleep(FOLLOW_POLL_MILLIS);
            }
        }
    }

    private static String line(EventRow e) {
        String data = e.data() == null || e.data().isBlank() || e.data().equals("{}") ? "" : "  " + e.data();
        return String.format("%5d %s %-16s %s%s", e.seq(), Times.clockMillis(e.at()), e.kind(), e.nodeId() == null ? "-" : e.nodeId(), data);
    }
}
