package dev.flow.engine.step;

import dev.flow.engine.eval.Values;
import dev.flow.model.Node;
import dev.flow.model.StateVariable;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ExecutionStatus;
import java.util.Map;

/** Creates an execution (a run, or a subgraph's child run) and takes its first steps. */
final class Starter {
    private Starter() {}

    /** Inserts the execution with its initial state and enters {@code start}; returns its context. */
    static RunContext create(Step step, String id, String graphHash, Workflow workflow, String rootId, String parentId, String parentNode,
            int parentIteration, Map<String, Object> inputs, String baseDir) {
        RunContext ctx = insert(step, id, graphHash, workflow, rootId, parentId, parentNode, parentIteration, inputs, baseDir);
        for (StateVariable v : workflow.state()) {
            ctx.setState(v.name(), initial(v));
        }
        started(step, ctx, workflow);
        if (workflow.node(Node.START_ID).isEmpty()) {
            step.lifecycle.finish(ctx, ExecutionStatus.FAILED, "workflow \"" + workflow.id() + "\" has no start node");
            return ctx;
        }
        step.entering.enter(ctx, Node.START_ID, Map.of());
        return ctx;
    }

    /** Inserts the execution's row, running, with nothing in it yet; returns its context. */
    static RunContext insert(Step step, String id, String graphHash, Workflow workflow, String rootId, String parentId, String parentNode,
            int parentIteration, Map<String, Object> inputs, String baseDir) {
        var row = ExecutionRow.builder().id(id).graphHash(graphHash).workflowId(workflow.id()).rootId(rootId == null ? id : rootId).parentId(parentId)
                .parentNode(parentNode).parentIteration(parentIteration).status(ExecutionStatus.RUNNING).inputsJson(Json.write(inputs)).baseDir(baseDir)
                .createdAt(step.now).build();
        step.tx.executions().insert(row);
        return step.adopt(row);
    }

    /** The {@code execution_started} event. */
    static void started(Step step, RunContext ctx, Workflow workflow) {
        var row = ctx.loaded();
        step.event(ctx, "execution_started", null, Json.object("workflow", workflow.id(), "parent", row.parentId(), "node", row.parentNode()));
        ctx.changed = true;
    }

    /** A state variable's value when a run starts: its initial value, or its type's zero. */
    static Object initial(StateVariable v) {
        return v.initial() != null ? Values.normalize(v.initial().toJava()) : Values.zero(v.type());
    }
}
