package dev.flow.cli;

import dev.flow.engine.Engine;
import dev.flow.engine.ExecutionQueries;
import dev.flow.engine.WorkGraphSnapshot;
import dev.flow.engine.config.EngineListener;
import dev.flow.store.EventRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Keeps {@code --snapshot FILE} up to date: after each committed step (it hears the step's events),
 * the work graph of the executions it follows is read in one transaction and written to a
 * temporary file beside FILE, then renamed over it, so a reader sees a whole snapshot or the one
 * before. A step's several events cause one write: the snapshot records each execution's latest
 * event, and events it already reflects are passed over.
 */
final class SnapshotWriter implements EngineListener {
    private final Path file;
    private final Set<String> roots = new LinkedHashSet<>();
    private final Map<String, String> rootOf = new HashMap<>();
    private final Map<String, Long> written = new HashMap<>();
    private volatile ExecutionQueries queries;
    private boolean followsAll;
    private PrintWriter err;
    private boolean warned;

    SnapshotWriter(Path file) {
        this.file = file;
    }

    /** Listeners that hear each event in turn: the progress display, then this. */
    EngineListener after(EngineListener first) {
        SnapshotWriter self = this;
        return new EngineListener() {
            @Override
            public void onEvent(EventRow e) {
                first.onEvent(e);
                self.onEvent(e);
            }

            @Override
            public void activity(String executionId, String nodeId, String what) {
                first.activity(executionId, nodeId, what);
            }
        };
    }

    /**
     * Starts writing with {@code engine}: the executions at {@code rootIds}, or, when it is empty,
     * every execution whose events it hears ({@code flow worker}). Writes the first snapshot now,
     * so that a file that cannot be written is a usage error before any work.
     */
    synchronized void start(Engine engine, Set<String> rootIds, PrintWriter err) {
        this.queries = engine.queries();
        this.err = err;
        this.followsAll = rootIds.isEmpty();
        roots.addAll(rootIds);
        try {
            write();
        } catch (IOException e) {
            throw new UserError("--snapshot " + file + ": cannot write it: " + reason(e), ExitCode.USAGE);
        }
    }

    @Override
    public synchronized void onEvent(EventRow e) {
        if (queries == null || written.getOrDefault(e.executionId(), 0L) >= e.seq()) {
            return;
        }
        String root = rootOf.computeIfAbsent(e.executionId(), id -> queries.execution(id).rootId());
        if (!roots.contains(root)) {
            if (!followsAll) {
                return;
            }
            roots.add(root);
        }
        try {
            write();
        } catch (IOException | RuntimeException problem) {
            // the run goes on without its snapshot: say so once
            if (!warned && err != null) {
                warned = true;
                err.println("flow: --snapshot " + file + ": cannot write it: " + reason(problem) + "; the run goes on without it");
                err.flush();
            }
        }
    }

    private void write() throws IOException {
        WorkGraphSnapshot snapshot = queries.workGraph(roots);
        Path dir = file.getParent();
        Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        try {
            Files.writeString(temp, snapshot.json() + "\n", StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        written.putAll(snapshot.lastEvents());
    }

    private static String reason(Exception e) {
        return e instanceof NoSuchFileException ? "no such folder" : String.valueOf(e.getMessage());
    }
}
