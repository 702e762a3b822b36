package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Edge;
import dev.flow.model.FormatTemplate;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.ResultFields;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * FLOW408: the fields of a dialect 1 template ({@code prompt format}, the supervisor's
 * {@code task_template}) that cannot be filled. The task's input data holds the run's inputs at the
 * entry node and the result fields of the nodes whose edges enter it (or the keys of an edge's data
 * mapping); {@code {input}} is all of it. A template Python's {@code str.format} would refuse, or
 * Flow cannot apply (a format spec), is reported too. When the keys cannot be known (a workflow that
 * declares no inputs takes any at its entry node, as dialect 1's do; a merge or subgraph result
 * carries what it joined), the names are left for the run, which fails the task with the same
 * message.
 *
 * <p>As for FLOW407, the model keeps no position for a prompt's text: the diagnostic is on the node
 * and quotes the field.
 */
final class FormatFields {
    private FormatFields() {}

    static void check(WorkflowIndex w, Node node, NodeSpec.Task task, Report out) {
        if (task.prompt() == null) {
            return;
        }
        var template = FormatTemplate.parse(task.prompt());
        if (template.problem().isPresent()) {
            out.add(Code.FORMAT_PLACEHOLDER, node.source(), "the prompt of " + Messages.q(node.id()) + " cannot be filled: "
                    + template.problem().get().message());
            return;
        }
        Optional<Set<String>> keys = keys(w, node);
        if (keys.isEmpty()) {
            return;
        }
        for (FormatTemplate.Field field : template.fields()) {
            if (field.name().equals("input") || keys.get().contains(field.name())) {
                continue;
            }
            List<String> suggestions = NameSuggester.suggest(field.name(), keys.get());
            String known = keys.get().isEmpty() ? "it has none; {input} is the whole input" : "its keys are " + String.join(", ", keys.get());
            out.add(Diagnostic.of(Code.FORMAT_PLACEHOLDER, field.written() + " in the prompt of " + Messages.q(node.id())
                    + " names no key of the task's input" + (suggestions.isEmpty() ? "; " + known : Messages.hint(suggestions)), node.source())
                    .withSuggestions(suggestions));
        }
    }

    /** The keys the task's input data can have, when they can be known. */
    private static Optional<Set<String>> keys(WorkflowIndex w, Node node) {
        var keys = new LinkedHashSet<String>();
        for (Edge e : w.edgesTo(node.id())) {
            String source = e.from().name();
            if (source.equals(Node.START_ID)) {
                if (w.workflow().inputs().isEmpty()) {
                    return Optional.empty();
                }
                w.workflow().inputs().forEach(i -> keys.add(i.name()));
            } else if (!e.dataMapping().isEmpty()) {
                e.dataMapping().forEach(m -> keys.add(m.key()));
            } else {
                Optional<Node> from = w.node(source);
                if (from.isEmpty() || ResultFields.isOpen(from.get().kind())) {
                    return Optional.empty();
                }
                ResultFields.of(from.get()).keySet().stream().filter(k -> !k.equals("stdout") && !k.equals("stderr")).forEach(keys::add);
            }
        }
        return Optional.of(keys);
    }
}
