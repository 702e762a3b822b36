package dev.flow.engine.exec;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What an isolated step had when its gates passed, kept in {@code isolation.json} in its artifact
 * folder before it is marked as passed: its outcome (so that a resumed step completes with it
 * without running its agent again) and the commits it was made from and produced.
 *
 * @param startCommit the target's commit its worktree was made from
 * @param baseCommit the run's base
 * @param stepCommit the commit of its changes, to be applied
 */
record StepRecord(Outcome outcome, String startCommit, String baseCommit, String stepCommit) {
    static final String FILE = "isolation.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Written to a temporary file and renamed, so that a crash leaves the whole record or none. */
    void write(Path runDir) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("output", outcome.output());
        doc.put("result", outcome.result());
        doc.put("cost", outcome.cost());
        doc.put("state", outcome.state());
        doc.put("session_id", outcome.sessionId());
        doc.put("start_commit", startCommit);
        doc.put("base_commit", baseCommit);
        doc.put("step_commit", stepCommit);
        try {
            Files.createDirectories(runDir);
            Path tmp = runDir.resolve(FILE + ".tmp");
            JSON.writeValue(tmp.toFile(), doc);
            Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new dev.flow.engine.workspace.GitException("cannot record the step's outcome in " + runDir.resolve(FILE) + ": " + e.getMessage());
        }
    }

    /** The record an earlier run of the same step left, if any. */
    static Optional<StepRecord> read(Path runDir) {
        Path file = runDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Map<String, Object> doc = JSON.readValue(file.toFile(), new TypeReference<LinkedHashMap<String, Object>>() {});
            var outcome = new Outcome((String) doc.get("output"), map(doc.get("result")),
                    doc.get("cost") instanceof Number n ? n.doubleValue() : 0, map(doc.get("state")), null, null,
                    (String) doc.get("session_id"));
            return Optional.of(new StepRecord(outcome, (String) doc.get("start_commit"), (String) doc.get("base_commit"),
                    (String) doc.get("step_commit")));
        } catch (IOException | ClassCastException e) {
            return Optional.empty(); // unreadable: the step starts again, as if it had never passed its gates
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
