package dev.flow.engine.step;

import dev.flow.engine.config.UsageException;
import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Values;
import dev.flow.model.Input;
import dev.flow.model.NodeSpec;
import dev.flow.model.PromptSyntax;
import dev.flow.model.Workflow;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The inputs of a run, from {@code --input name=value} text to typed values, with clear refusals.
 *
 * <p>A workflow that declares no inputs and fills a dialect 1 template ({@code prompt format},
 * whose {@code {key}} reads the run's inputs at the entry node, as the supervisor's
 * {@code initial_inputs} do) takes any input, as text: dialect 1 has no way to declare them. A
 * workflow that declares inputs takes only those, typed.
 */
public final class Inputs {
    private Inputs() {}

    public static Map<String, Object> parse(Workflow w, Map<String, String> given) {
        return complete(w, typed(w, given));
    }

    /** The inputs given as text, each converted to its declared type; nothing added (a fork's changes to its source's inputs). */
    public static Map<String, Object> typed(Workflow w, Map<String, String> given) {
        if (takesAnyInput(w)) {
            return new LinkedHashMap<>(given);
        }
        var typed = new LinkedHashMap<String, Object>();
        for (var e : given.entrySet()) {
            Input in = w.input(e.getKey()).orElseThrow(() -> new UsageException("workflow \"" + w.id() + "\" has no input \"" + e.getKey()
                    + "\"" + known(w)));
            try {
                typed.put(in.name(), Values.parse(e.getValue(), in.type()));
            } catch (EvalException ex) {
                throw new UsageException("input \"" + in.name() + "\" (" + in.type().name() + "): " + ex.getMessage());
            }
        }
        return typed;
    }

    /** Checks typed inputs and adds the defaults of those not given. */
    public static Map<String, Object> complete(Workflow w, Map<String, Object> given) {
        if (takesAnyInput(w)) {
            var plain = new LinkedHashMap<String, Object>();
            given.forEach((k, v) -> plain.put(k, Json.normalize(v)));
            return plain;
        }
        var typed = new LinkedHashMap<String, Object>();
        for (var e : given.entrySet()) {
            Input in = w.input(e.getKey()).orElseThrow(() -> new UsageException("workflow \"" + w.id() + "\" has no input \"" + e.getKey()
                    + "\"" + known(w)));
            try {
                typed.put(in.name(), Values.coerce(Json.normalize(e.getValue()), in.type()));
            } catch (EvalException ex) {
                throw new UsageException("input \"" + in.name() + "\": " + ex.getMessage());
            }
        }
        for (Input in : w.inputs()) {
            if (!typed.containsKey(in.name())) {
                if (in.required()) {
                    throw new UsageException("input \"" + in.name() + "\" (" + in.type().name() + ") is required: give it with --input "
                            + in.name() + "=VALUE");
                }
                typed.put(in.name(), Values.normalize(in.defaultValue().toJava()));
            }
        }
        return typed;
    }

    /** Whether {@code w} takes inputs it does not declare (see the class comment). */
    static boolean takesAnyInput(Workflow w) {
        return w.inputs().isEmpty() && w.nodes().stream()
                .anyMatch(n -> n.spec() instanceof NodeSpec.Task t && t.call().syntax() == PromptSyntax.FORMAT);
    }

    private static String known(Workflow w) {
        if (w.inputs().isEmpty()) {
            return ": it takes no inputs";
        }
        return "; its inputs are " + w.inputs().stream().map(i -> i.name() + " (" + i.type().name() + ")").collect(Collectors.joining(", "));
    }
}
