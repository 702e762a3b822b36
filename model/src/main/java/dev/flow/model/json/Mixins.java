package dev.flow.model.json;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.flow.model.Command;
import dev.flow.model.Expr;
import dev.flow.model.NodeSpec;

/** Jackson annotations for the model's sealed types, kept out of the model itself. */
final class Mixins {
    private Mixins() {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = NodeSpec.Task.class, name = "task"),
        @JsonSubTypes.Type(value = NodeSpec.Gate.class, name = "gate"),
        @JsonSubTypes.Type(value = NodeSpec.Branch.class, name = "branch"),
        @JsonSubTypes.Type(value = NodeSpec.Parallel.class, name = "parallel"),
        @JsonSubTypes.Type(value = NodeSpec.Merge.class, name = "merge"),
        @JsonSubTypes.Type(value = NodeSpec.Subgraph.class, name = "subgraph"),
        @JsonSubTypes.Type(value = NodeSpec.Human.class, name = "human"),
        @JsonSubTypes.Type(value = NodeSpec.Checkpoint.class, name = "checkpoint"),
        @JsonSubTypes.Type(value = NodeSpec.Start.class, name = "start"),
        @JsonSubTypes.Type(value = NodeSpec.End.class, name = "end"),
        @JsonSubTypes.Type(value = NodeSpec.Unknown.class, name = "unknown")
    })
    interface NodeSpecMixin {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "expr")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Expr.Literal.class, name = "literal"),
        @JsonSubTypes.Type(value = Expr.Ref.class, name = "ref"),
        @JsonSubTypes.Type(value = Expr.Unary.class, name = "unary"),
        @JsonSubTypes.Type(value = Expr.Binary.class, name = "binary"),
        @JsonSubTypes.Type(value = Expr.OutputTest.class, name = "output_test")
    })
    interface ExprMixin {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Command.Argv.class, name = "argv"),
        @JsonSubTypes.Type(value = Command.Shell.class, name = "shell")
    })
    interface CommandMixin {}
}
