package dev.flow.model.json;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import dev.flow.model.Command;
import dev.flow.model.Expr;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import java.util.Arrays;

/** Jackson annotations (and the subtypes of node specs) for the model's sealed types, kept out of the model itself. */
final class Mixins {
    private Mixins() {}

    /** The kinds themselves are registered from the sealed interface ({@link #nodeKinds()}), so a new kind needs no line here. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    interface NodeSpecMixin {}

    /**
     * Each kind of node under its keyword ({@code "kind": "task"}): the record {@code NodeSpec.Task}
     * is the kind {@link NodeKind#TASK}, and so on for every record the sealed {@link NodeSpec}
     * permits. A record without a kind of the same name fails here, when the first graph is read or
     * written.
     */
    static NamedType[] nodeKinds() {
        return Arrays.stream(NodeSpec.class.getPermittedSubclasses())
                .map(kind -> new NamedType(kind, NodeKind.fromKeyword(kind.getSimpleName()).keyword()))
                .toArray(NamedType[]::new);
    }

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
