package dev.flow.engine.eval;

import java.util.Optional;

/**
 * Fills {@code ${name}} placeholders in prompt templates with typed values: bare names (inputs,
 * state variables, mapped values), canonical paths ({@code state.x}, {@code input.x}) and node
 * fields ({@code analyze.summary}). Text is inserted as is, numbers plainly, lists and objects as
 * JSON. {@code $${} writes a literal {@code ${}; a placeholder that names nothing is left as written,
 * so the agent (and the person reading the prompt artifact) sees what was not filled.
 */
public final class Templates {
    private Templates() {}

    public static String fill(String template, Evaluator evaluator) {
        if (template == null || template.indexOf('$') < 0) {
            return template == null ? "" : template;
        }
        var out = new StringBuilder(template.length() + 64);
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '$' && template.startsWith("$${", i)) {
                out.append("${");
                i += 3;
            } else if (c == '$' && template.startsWith("${", i)) {
                int close = template.indexOf('}', i + 2);
                if (close < 0) {
                    out.append(template, i, template.length());
                    break;
                }
                String name = template.substring(i + 2, close).strip();
                Optional<Object> value = name.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*") ? evaluator.lookup(name) : Optional.empty();
                if (value.isPresent()) {
                    out.append(Values.format(Evaluator.plain(value.get())));
                } else {
                    out.append(template, i, close + 1);
                }
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
