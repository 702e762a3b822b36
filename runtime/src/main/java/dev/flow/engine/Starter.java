package dev.flow.engine;

import dev.flow.engine.eval.Values;
import dev.flow.model.Node;
import dev.flow.model.StateVariable;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ExecutionStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/** Creates an execution (a run, or a subgraph's child run) and takes its first steps. */
final class Starter {
    private Starter() {}

    /** Inserts the execution with its initial state and enters {@code start}; returns its context. */
    static RunContext create(Step step, String id, String graphHash, Workflow workflow, String rootId, String parentId, String parentNode,
            int parentIteration, Map<String, Object> inputs, String baseDir) {
        var row = new ExecutionRow(id, graphHash, workflow.id(), rootId == null ? id : rootId, parentId, parentNode, parentIteration,
                ExecutionStatus.RUNNING, null, null, Json.write(inputs), baseDir, 0, 0, 0, 0, 0, 0, step.now, null, 0);
        step.tx.executions().insert(row);
        RunContext ctx = step.adopt(row);
        var initial = new LinkedHashMap<String, Object>();
        for (StateVariable v : workflow.state()) {
            Object value = v.initial() != null ? Values.normalize(v.initial().toJava()) : Values.zero(v.type());
            initial.put(v.name(), value);
            ctx.setState(v.name(), value);
        }
        step.event(ctx, "execution_started", null, Json.object("workflow", workflow.id(), "parent", parentId, "node", parentNode));
        ctx.changed = true;
        if (workflow.node(Node.START_ID).isEmpty()) {
            step.lifecycle.finish(ctx, ExecutionStatus.FAILED, "workflow \"" + workflow.id() + "\" has no start node");
            return ctx;
        }
        step.entering.enter(ctx, Node.START_ID, Map.of());
        return ctx;
    }
}
