package dev.flow.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A prompt in dialect 1's template syntax ({@link PromptSyntax#FORMAT}), parsed as Python's
 * {@code str.format} parses its format string: literal text, {@code {{} and {@code }}} for braces,
 * and replacement fields {@code {name}}, {@code {name[key]}}, {@code {name.attribute}},
 * {@code {name!r}}, {@code {name:spec}}. The supervisor fills them with keyword arguments only
 * ({@code task_template.format(input=..., **input_data)}), so a field without a name ({@code {}},
 * {@code {0}}) can never be filled; Flow also refuses format specs, which its values do not need.
 * Both are reported as problems, with the offset in the template.
 */
public final class FormatTemplate {

    /** A piece of the template. */
    public sealed interface Part {}

    /** Literal text, braces already unescaped. */
    public record Text(String text) implements Part {}

    /**
     * A replacement field.
     *
     * @param name the key it names
     * @param accessors what follows the name: {@code [key]} items and {@code .name} attributes
     * @param conversion {@code s}, {@code r} or {@code a} after a {@code !}; 0 for none
     * @param offset where the field's {@code {} is in the template
     * @param written the field as written, braces included
     */
    public record Field(String name, List<Accessor> accessors, char conversion, int offset, String written) implements Part {
        public Field {
            accessors = List.copyOf(accessors);
        }
    }

    /** {@code [key]} (an item) or {@code .key} (an attribute). */
    public record Accessor(boolean attribute, String key) {}

    /** What is wrong with a template, and where. */
    public record Problem(int offset, String message) {}

    private final List<Part> parts;
    private final Problem problem;

    private FormatTemplate(List<Part> parts, Problem problem) {
        this.parts = List.copyOf(parts);
        this.problem = problem;
    }

    public List<Part> parts() {
        return parts;
    }

    /** The first problem, when the template cannot be filled as written. */
    public Optional<Problem> problem() {
        return Optional.ofNullable(problem);
    }

    /** The replacement fields, left to right. */
    public List<Field> fields() {
        return parts.stream().filter(Field.class::isInstance).map(Field.class::cast).toList();
    }

    /** Parses {@code template}; never throws. */
    public static FormatTemplate parse(String template) {
        var parts = new ArrayList<Part>();
        var text = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{' && template.startsWith("{{", i)) {
                text.append('{');
                i += 2;
            } else if (c == '}' && template.startsWith("}}", i)) {
                text.append('}');
                i += 2;
            } else if (c == '}') {
                return failed(parts, text, new Problem(i, "a single \"}\" is not closing anything; write \"}}\" for a brace"));
            } else if (c == '{') {
                int close = closing(template, i);
                if (close < 0) {
                    return failed(parts, text, new Problem(i, "\"{\" is never closed; write \"{{\" for a brace"));
                }
                if (!text.isEmpty()) {
                    parts.add(new Text(text.toString()));
                    text.setLength(0);
                }
                var field = field(template.substring(i + 1, close), i, template.substring(i, close + 1));
                if (field instanceof Problem p) {
                    return failed(parts, text, p);
                }
                parts.add((Field) field);
                i = close + 1;
            } else {
                text.append(c);
                i++;
            }
        }
        if (!text.isEmpty()) {
            parts.add(new Text(text.toString()));
        }
        return new FormatTemplate(parts, null);
    }

    private static FormatTemplate failed(List<Part> parts, StringBuilder text, Problem problem) {
        return new FormatTemplate(parts, problem);
    }

    /** The index of the {@code }} closing the field that opens at {@code open} (nested braces count, as in a spec), or -1. */
    private static int closing(String template, int open) {
        int depth = 0;
        for (int j = open; j < template.length(); j++) {
            char c = template.charAt(j);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return j;
            } else if (c == '[' && depth == 1) {
                // an item key may hold any character but "]": skip it, as Python does
                int end = template.indexOf(']', j);
                if (end < 0) {
                    return -1;
                }
                j = end;
            }
        }
        return -1;
    }

    /** A {@link Field}, or the {@link Problem} with it. */
    private static Object field(String inside, int offset, String written) {
        int end = 0;
        while (end < inside.length() && ".[!:".indexOf(inside.charAt(end)) < 0) {
            end++;
        }
        String name = inside.substring(0, end);
        if (name.isEmpty() || name.chars().allMatch(Character::isDigit)) {
            return new Problem(offset, written + " has no name: the template is filled with named keys only, such as {input}");
        }
        var accessors = new ArrayList<Accessor>();
        int i = end;
        while (i < inside.length() && (inside.charAt(i) == '.' || inside.charAt(i) == '[')) {
            if (inside.charAt(i) == '.') {
                int j = i + 1;
                while (j < inside.length() && ".[!:".indexOf(inside.charAt(j)) < 0) {
                    j++;
                }
                if (j == i + 1) {
                    return new Problem(offset, written + " has an empty attribute name after \".\"");
                }
                accessors.add(new Accessor(true, inside.substring(i + 1, j)));
                i = j;
            } else {
                int close = inside.indexOf(']', i);
                if (close < 0 || close == i + 1) {
                    return new Problem(offset, written + " has an unclosed or empty \"[...]\"");
                }
                accessors.add(new Accessor(false, inside.substring(i + 1, close)));
                i = close + 1;
            }
        }
        char conversion = 0;
        if (i < inside.length() && inside.charAt(i) == '!') {
            if (i + 1 >= inside.length() || "sra".indexOf(inside.charAt(i + 1)) < 0
                    || (i + 2 < inside.length() && inside.charAt(i + 2) != ':')) {
                return new Problem(offset, written + " has a conversion other than !s, !r or !a");
            }
            conversion = inside.charAt(i + 1);
            i += 2;
        }
        if (i < inside.length() && inside.charAt(i) == ':') {
            return new Problem(offset, written + " has a format spec (\"" + inside.substring(i) + "\"), which Flow does not apply; write {"
                    + inside.substring(0, i) + "}");
        }
        if (i < inside.length()) {
            return new Problem(offset, written + " is not a field Python's str.format reads (expected \".\", \"[\", \"!\" or \"}\" after "
                    + inside.substring(0, i) + ")");
        }
        return new Field(name, accessors, conversion, offset, written);
    }
}
