package dev.flow.engine.eval;

import dev.flow.model.FormatTemplate;
import java.util.List;
import java.util.Map;

/**
 * Fills a dialect 1 prompt ({@code prompt format}) as the supervisor does:
 * {@code task_template.format(input=json.dumps(input_data, indent=2), **input_data)}. {@code {input}}
 * is the task's input data as indented JSON, {@code {key}} the value of a key of it, written as
 * Python's {@code str()} writes it. What Python would refuse (a key the data lacks, an item that
 * is not there, an attribute of plain data, a data key {@code input} that clashes with
 * {@code {input}}) is an {@link EvalException} that says so.
 */
public final class FormatPrompts {
    /** The name the JSON of the whole input data goes by. */
    public static final String INPUT = "input";

    private FormatPrompts() {}

    public static String fill(String template, Map<String, Object> data) {
        FormatTemplate parsed = FormatTemplate.parse(template);
        if (parsed.problem().isPresent()) {
            var p = parsed.problem().get();
            throw new EvalException(p.message() + " (at character " + (p.offset() + 1) + ")");
        }
        if (data.containsKey(INPUT)) {
            throw new EvalException("the task's input has a key \"input\", which clashes with {input} (the whole input as JSON): "
                    + "rename it with a data_mapping, or give the run another input name");
        }
        var out = new StringBuilder(template.length() + 256);
        for (FormatTemplate.Part part : parsed.parts()) {
            if (part instanceof FormatTemplate.Text t) {
                out.append(t.text());
            } else {
                out.append(field((FormatTemplate.Field) part, data));
            }
        }
        return out.toString();
    }

    private static String field(FormatTemplate.Field f, Map<String, Object> data) {
        Object value;
        if (f.name().equals(INPUT)) {
            value = PythonText.jsonDump(data);
        } else if (data.containsKey(f.name())) {
            value = data.get(f.name());
        } else {
            throw new EvalException(f.written() + " names no key of the task's input; its keys are " + keys(data));
        }
        for (FormatTemplate.Accessor a : f.accessors()) {
            value = access(value, a, f);
        }
        return switch (f.conversion()) {
            case 'r' -> PythonText.repr(value);
            case 'a' -> PythonText.ascii(value);
            default -> PythonText.str(value);
        };
    }

    private static Object access(Object value, FormatTemplate.Accessor a, FormatTemplate.Field f) {
        if (!a.attribute() && value instanceof Map<?, ?> map) {
            if (!map.containsKey(a.key())) {
                throw new EvalException(f.written() + ": the value has no key \"" + a.key() + "\"");
            }
            return map.get(a.key());
        }
        if (!a.attribute() && (value instanceof List<?> || value instanceof String) && a.key().chars().allMatch(Character::isDigit)) {
            int index = Integer.parseInt(a.key());
            int size = value instanceof List<?> list ? list.size() : ((String) value).length();
            if (index >= size) {
                throw new EvalException(f.written() + ": index " + index + " is out of range (the value has " + size + ")");
            }
            return value instanceof List<?> list ? list.get(index) : String.valueOf(((String) value).charAt(index));
        }
        throw new EvalException(f.written() + ": " + (a.attribute() ? "the value has no attribute \"" + a.key() + "\" (Python's str.format reads "
                + "." + a.key() + " as an attribute; write [" + a.key() + "] for a key)" : "the value cannot be indexed with [" + a.key() + "]"));
    }

    private static String keys(Map<String, Object> data) {
        if (data.isEmpty()) {
            return "none (use {input})";
        }
        List<String> plain = data.keySet().stream().filter(k -> !k.contains(".")).toList();
        return String.join(", ", plain.isEmpty() ? data.keySet() : plain) + ", and {input} for all of it";
    }
}
