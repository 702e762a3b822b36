package dev.flow.render;

import dev.flow.model.Workflow;
import java.util.Locale;
import java.util.Optional;

/** Turns a workflow into the source of a picture. */
public interface GraphRenderer {

    /** The format's name as {@code flow graph --format} takes it. */
    String format();

    /** The picture source, ending with a newline. */
    String render(Workflow workflow);

    /** The renderers Flow ships, by format name. */
    static Optional<GraphRenderer> forFormat(String format) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "mermaid" -> Optional.of(new MermaidRenderer());
            case "dot" -> Optional.of(new DotRenderer());
            default -> Optional.empty();
        };
    }
}
