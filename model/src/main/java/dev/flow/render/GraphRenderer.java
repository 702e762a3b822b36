package dev.flow.render;

import dev.flow.model.Workflow;

/** Turns a workflow into the source of a picture. */
public interface GraphRenderer {

    /** The format's name as {@code flow graph --format} takes it. */
    String format();

    /** The picture source, ending with a newline. */
    String render(Workflow workflow);

    /** The renderers Flow ships, by format name. */
    static java.util.Optional<GraphRenderer> forFormat(String format) {
        return switch (format.toLowerCase(java.util.Locale.ROOT)) {
            case "mermaid" -> java.util.Optional.of(new MermaidRenderer());
            case "dot" -> java.util.Optional.of(new DotRenderer());
            default -> java.util.Optional.empty();
        };
    }
}
