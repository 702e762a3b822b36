package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The {@code ${...}} placeholders of prompt templates (FLOW407). A placeholder may hold a bare
 * input or state variable name ({@code ${issue}}), a canonical path ({@code ${state.attempts}}) or
 * a node field ({@code ${analyze.summary}}).
 *
 * <p>The model keeps no position for a prompt's text, so a placeholder is reported on the element
 * that holds the prompt (the node, the interrupt); the message quotes the placeholder so that the
 * author finds it, and an editor that has the text can narrow the range.
 */
final class Templates {
    private Templates() {}

    /** A placeholder: the name inside the braces, and where it starts in the template. */
    record Placeholder(String name, int offset) {}

    /** The placeholders of {@code template}, left to right; an unclosed {@code ${} is plain text. */
    static List<Placeholder> placeholders(String template) {
        var found = new ArrayList<Placeholder>();
        int from = 0;
        while (true) {
            int open = template.indexOf("${", from);
            int close = open < 0 ? -1 : template.indexOf('}', open + 2);
            if (close < 0) {
                return found;
            }
            found.add(new Placeholder(template.substring(open + 2, close), open));
            from = close + 1;
        }
    }

    /** Reports every placeholder of {@code template} that names nothing known. */
    static void check(TypeResolver names, String template, Supplier<String> where, SourceRef at, Report out) {
        if (template == null || !template.contains("${")) {
            return;
        }
        for (Placeholder placeholder : placeholders(template)) {
            String name = placeholder.name().strip();
            if (names.stateType(name).isPresent() || names.inputType(name).isPresent()) {
                continue;
            }
            TypeResolver.Resolution resolution = names.resolve(name, null);
            if (resolution.isResolved()) {
                continue;
            }
            List<String> suggestions = name.contains(".") ? resolution.suggestions() : NameSuggester.suggest(name, bareNames(names));
            String why = name.contains(".") ? ": " + resolution.message() : Messages.hint(suggestions);
            if (!name.contains(".") && suggestions.isEmpty()) {
                why = "; use an input or state variable name, or NODE.FIELD";
            }
            out.add(Diagnostic.of(Code.UNKNOWN_TEMPLATE_NAME, "placeholder " + Messages.q("${" + placeholder.name() + "}") + " in " + where.get()
                    + " names nothing known" + why, at).withSuggestions(suggestions));
        }
    }

    private static List<String> bareNames(TypeResolver names) {
        var all = new ArrayList<String>(names.inputNames());
        all.addAll(names.stateNames());
        return all;
    }
}
