package dev.flow.yaml.dialect;

import dev.flow.yaml.condition.ConditionParser;
import dev.flow.yaml.gates.GateEntry;
import dev.flow.yaml.read.CommentAttacher;
import dev.flow.yaml.read.Problems;
import dev.flow.yaml.read.YScalar;
import dev.flow.yaml.read.YamlRead;
import java.util.List;

/**
 * What a dialect reader works with: the document as read, the sink for its problems, the comment
 * attacher for the elements it creates, and the gates of the registries the workflow was read with,
 * combined.
 */
public record ReadContext(YamlRead read, Problems problems, CommentAttacher comments, List<GateEntry> registryGates) {

    public ReadContext {
        registryGates = List.copyOf(registryGates);
    }

    /** Parses a condition written as a YAML scalar, reporting a syntax error at its place inside the scalar. */
    public ConditionParser.Result parseCondition(YScalar scalar) {
        var result = ConditionParser.parse(scalar.text(), read.positionsOf(scalar));
        result.error().ifPresent(problems::add);
        return result;
    }

    /** The display name of the file being read. */
    public String file() {
        return read.positions().file();
    }
}
