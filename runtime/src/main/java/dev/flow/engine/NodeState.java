package dev.flow.engine;

import dev.flow.store.ErrorClass;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.util.List;
import java.util.Optional;

/**
 * One node of an execution as {@code flow status} lists it, pending nodes included.
 *
 * @param iteration the loop pass the node is in: a loop that starts a new pass moves its body (and
 *     the nodes after it that were skipped) to the next one, whether they run in it or not
 * @param errorClass how its latest failed attempt failed (also while a retry of it waits); null otherwise
 * @param cost what its latest attempt's agent reported spending; null when nothing
 * @param sessionId the conversation its agent last reported; null when none
 * @param earlier its earlier runs (failed attempts, earlier loop passes), oldest first
 * @param passes how many loop passes the node ran in (started at least once); what a person
 *     counts as the times a node ran
 * @param resultJson the fields of its latest run's result (tokens among them); null before it ran
 */
public record NodeState(
        String nodeId, String kind, NodeStatus status, int iteration, int attempt, String output, String error, Long startedAt, Long finishedAt,
        String childExecution, ErrorClass errorClass, Double cost, String sessionId, List<RunRow> earlier, int passes, String resultJson) {

    public NodeState {
        earlier = List.copyOf(earlier);
    }

    /**
     * Why this node could not run at all, when it is a gate that does not block (severity warning or
     * info) and its program was missing: it routes as {@code passed} so that the run goes on, but it
     * gave no verdict, so it is shown as not run. Empty otherwise.
     */
    public Optional<String> notRun() {
        return completedWith(dev.flow.model.ResultFields.NOT_RUN);
    }

    /** What the task's non-blocking gates (severity warning or info) found when they failed after it, a line each. Empty otherwise. */
    public Optional<String> gateWarnings() {
        return completedWith(dev.flow.model.ResultFields.GATE_WARNINGS);
    }

    private Optional<String> completedWith(String field) {
        if (status != NodeStatus.COMPLETED || resultJson == null || !resultJson.contains(field)) {
            return Optional.empty();
        }
        return dev.flow.engine.step.Json.readMap(resultJson).get(field) instanceof String text ? Optional.of(text) : Optional.empty();
    }
}
