package dev.flow.engine;

import dev.flow.store.ExecutionRow;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code flow status EXECUTION} shows: the execution, each node in workflow order, the
 * questions it waits on, loop counters, state variables and child executions.
 */
public record ExecutionView(
        ExecutionRow execution,
        List<NodeState> nodes,
        List<Question> questions,
        Map<String, Integer> loops,
        Map<String, Object> state,
        List<ExecutionRow> children) {}
