package dev.flow.engine;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Values;
import dev.flow.model.Input;
import dev.flow.model.Workflow;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The inputs of a run, from {@code --input name=value} text to typed values, with clear refusals. */
final class Inputs {
    private Inputs() {}

    static Map<String, Object> parse(Workflow w, Map<String, String> given) {
        var typed = new LinkedHashMap<String, Object>();
        for (var e : given.entrySet()) {
            Input in = w.input(e.getKey()).orElseThrow(() -> new UsageException("workflow '" + w.id() + "' has no input '" + e.getKey()
                    + "'" + known(w)));
            try {
                typed.put(in.name(), Values.parse(e.getValue(), in.type()));
            } catch (EvalException ex) {
                throw new UsageException("input '" + in.name() + "': " + ex.getMessage());
            }
        }
        return complete(w, typed);
    }

    /** Checks typed inputs and adds the defaults of those not given. */
    static Map<String, Object> complete(Workflow w, Map<String, Object> given) {
        var typed = new LinkedHashMap<String, Object>();
        for (var e : given.entrySet()) {
            Input in = w.input(e.getKey()).orElseThrow(() -> new UsageException("workflow '" + w.id() + "' has no input '" + e.getKey()
                    + "'" + known(w)));
            try {
                typed.put(in.name(), Values.coerce(Json.normalize(e.getValue()), in.type()));
            } catch (EvalException ex) {
                throw new UsageException("input '" + in.name() + "': " + ex.getMessage());
            }
        }
        for (Input in : w.inputs()) {
            if (!typed.containsKey(in.name())) {
                if (in.required()) {
                    throw new UsageException("input '" + in.name() + "' (" + in.type().name() + ") is required: give it with --input "
                            + in.name() + "=VALUE");
                }
                typed.put(in.name(), Values.normalize(in.defaultValue().toJava()));
            }
        }
        return typed;
    }

    private static String known(Workflow w) {
        if (w.inputs().isEmpty()) {
            return ": it takes no inputs";
        }
        return "; its inputs are " + w.inputs().stream().map(i -> i.name() + " (" + i.type().name() + ")").collect(Collectors.joining(", "));
    }
}
