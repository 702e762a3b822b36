package dev.flow.yaml.read;

import dev.flow.diagnostic.Diagnostic;
import java.util.List;
import java.util.Optional;

/**
 * What reading one YAML text gave: the document (absent when the text does not parse, is refused,
 * or holds no data), the problems found while reading, and the comments.
 *
 * @param positions converts offsets in the text into source references
 */
public record YamlRead(Optional<YNode> root, List<Diagnostic> diagnostics, List<YamlComment> comments, TextPositions positions) {

    public YamlRead {
        root = root == null ? Optional.empty() : root;
        diagnostics = diagnostics.stream().sorted(Diagnostic.ORDER).toList();
        comments = List.copyOf(comments);
    }

    /** The positions, inside the text, of each character of a scalar's value (for messages about parts of it). */
    public ScalarPositions positionsOf(YScalar scalar) {
        return new ScalarPositions(scalar, positions);
    }
}
