package dev.flow.engine.step;

import dev.flow.engine.exec.ResultFields;
import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.engine.eval.FormatPrompts;
import dev.flow.engine.eval.NodeView;
import dev.flow.engine.eval.Templates;
import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.PromptSyntax;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The prompt an agent task receives, prepared in the claiming transaction: its template filled in
 * the template's own syntax, then, for a task that names a role, context files or inputs from the
 * key-value store, what the agent should know of them ({@code Role: reviewer}, the files listed,
 * the values or how to read them: {@link KvInputs}).
 *
 * <p>A {@link PromptSyntax#FORMAT} template (dialect 1's {@code task_template}) is filled from the
 * task's <em>input data</em>, built as the supervisor's {@code _collect_inputs} builds it (seed
 * 000): for the entry node, the run's inputs; then, for each edge into the node in order whose
 * source has a result, that result's fields (the fields {@code NODE.FIELD} reads, without the
 * {@code stdout} and {@code stderr} tails, which stay in the artifacts), or only the keys of the
 * edge's data mapping when it has one, each under {@code source.field} and under {@code field}
 * (later edges winning).
 */
final class TaskPrompts {
    private TaskPrompts() {}

    /**
     * A prepared prompt.
     *
     * @param text the prompt; null when it could not be filled
     * @param error why it could not be filled (the node then fails, not retried); null when it was
     * @param inputData the input data of a format template; null for Flow's own templates
     */
    record Prepared(String text, String error, Map<String, Object> inputData) {}

    /** @param kvInputs the section that lists the task's {@code inputs} ({@link KvInputs}); null when it has none */
    static Prepared task(Step step, RunContext ctx, Node node, NodeSpec.Task task, Map<String, Object> mapped, String kvInputs) {
        if (task.call().syntax() == PromptSyntax.FLOW) {
            return new Prepared(withSupervision(step, ctx, node, withContext(flow(step, ctx, node, mapped, task.call().prompt()), task, kvInputs)), null, null);
        }
        Map<String, Object> data = inputData(step, ctx, node);
        try {
            return new Prepared(withSupervision(step, ctx, node, withContext(FormatPrompts.fill(task.call().prompt() == null ? "" : task.call().prompt(), data), task, kvInputs)),
                    null, data);
        } catch (EvalException e) {
            return new Prepared(null, "the prompt of task \"" + node.id() + "\" cannot be filled: " + e.getMessage(), data);
        }
    }

    /** A template in Flow's {@code ${...}} syntax, filled. */
    static String flow(Step step, RunContext ctx, Node node, Map<String, Object> mapped, String template) {
        return Templates.fill(template, new Evaluator(new RunScope(step, ctx, node.id(), null, mapped)));
    }

    /** The task's input data, as the supervisor collects it (see the class comment). */
    static Map<String, Object> inputData(Step step, RunContext ctx, Node node) {
        var merged = new LinkedHashMap<String, Object>();
        var scope = new RunScope(step, ctx, node.id(), null, null);
        for (Edge e : ctx.graph.incoming(node.id())) {
            String source = e.from().name();
            if (source.equals(Node.START_ID)) {
                merged.putAll(ctx.inputs);
                continue;
            }
            NodeView view = scope.node(source).orElse(null);
            if (view == null || !view.hasRun()) {
                continue;
            }
            Map<String, Object> fields;
            if (e.dataMapping().isEmpty()) {
                fields = new LinkedHashMap<>(view.result());
                ResultFields.RECORD_ONLY.forEach(fields::remove);
            } else {
                fields = Mappings.evaluate(step, ctx, e, step.node(ctx, source));
            }
            fields.forEach((k, v) -> {
                merged.put(source + "." + k, Evaluator.plain(v));
                merged.put(k, Evaluator.plain(v));
            });
        }
        return merged;
    }

    /** The prompt followed by what a supervisor or a participant learns of the conversation ({@link SupervisorContext}). */
    private static String withSupervision(Step step, RunContext ctx, Node node, String prompt) {
        String context = SupervisorContext.of(step, ctx, node);
        if (context == null) {
            return prompt;
        }
        return (prompt == null || prompt.isBlank() ? "" : prompt.stripTrailing() + "\n\n") + context;
    }

    /** The prompt followed by the task's role, context files and inputs, when it has them. */
    private static String withContext(String prompt, NodeSpec.Task task, String kvInputs) {
        if (task.call().role() == null && task.call().contextFiles().isEmpty() && kvInputs == null) {
            return prompt;
        }
        var out = new StringBuilder(prompt == null ? "" : prompt).append("\n\n");
        if (task.call().role() != null) {
            out.append("Role: ").append(task.call().role()).append('\n');
        }
        if (!task.call().contextFiles().isEmpty()) {
            out.append("Context files (from the workflow's folder):\n");
            task.call().contextFiles().forEach(f -> out.append("- ").append(f).append('\n'));
        }
        if (kvInputs != null) {
            out.append(task.call().role() == null && task.call().contextFiles().isEmpty() ? "" : "\n").append(kvInputs).append('\n');
        }
        return out.toString().stripTrailing();
    }
}
