package dev.flow.model.json;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.EnumFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.flow.model.Command;
import dev.flow.model.Expr;
import dev.flow.model.FlowGraph;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link FlowGraph} as JSON under the format tag {@code flow-graph/1} and reads it back to
 * an equal graph. The layout is documented in {@code docs/graph-format.md}: snake_case keys, enums
 * in lower case, durations as ISO-8601 ({@code PT10M}), positions as {@code [file, offset, length,
 * line, column, end_line, end_column]}, and absent or empty components left out.
 */
public final class GraphJson {

    private static final ObjectMapper MAPPER = createMapper();

    private GraphJson() {}

    /** The graph as pretty-printed JSON, ending with a newline. */
    public static String write(FlowGraph graph) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toTree(graph)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a graph model could not be written as JSON", e);
        }
    }

    /**
     * The graph as JSON without any {@code source} position: two graphs compiled from different
     * texts (a YAML file and the {@code .flow} file imported from it) mean the same thing exactly
     * when these strings are equal.
     */
    public static String writeWithoutSources(FlowGraph graph) {
        ObjectNode tree = toTree(graph);
        stripSources(tree);
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a graph model could not be written as JSON", e);
        }
    }

    private static void stripSources(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove("source");
            object.forEach(GraphJson::stripSources);
        } else if (node.isArray()) {
            node.forEach(GraphJson::stripSources);
        }
    }

    public static void write(FlowGraph graph, Writer out) throws IOException {
        out.write(write(graph));
    }

    /**
     * Reads a compiled graph.
     *
     * @throws GraphFormatException when the text is not JSON, carries another format tag, or does
     *     not describe a graph; the message says where
     */
    public static FlowGraph read(String json) throws GraphFormatException {
        try {
            return fromTree(MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            throw GraphFormatException.from(e);
        }
    }

    public static FlowGraph read(Reader in) throws IOException, GraphFormatException {
        try {
            return fromTree(MAPPER.readTree(in));
        } catch (JsonProcessingException e) {
            throw GraphFormatException.from(e);
        }
    }

    /**
     * One node in the form a compiled graph holds it (a planner's answer may add nodes so written).
     *
     * @throws GraphFormatException when it is not a node: an unknown key, a missing id or spec, a value of the wrong type
     */
    public static dev.flow.model.Node readNode(JsonNode json) throws GraphFormatException {
        return readPart(json, dev.flow.model.Node.class);
    }

    /** One edge in the form a compiled graph holds it. */
    public static dev.flow.model.Edge readEdge(JsonNode json) throws GraphFormatException {
        return readPart(json, dev.flow.model.Edge.class);
    }

    private static <T> T readPart(JsonNode json, Class<T> type) throws GraphFormatException {
        try {
            return MAPPER.treeToValue(json, type);
        } catch (com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException e) {
            throw new GraphFormatException("unknown key \"" + e.getPropertyName() + "\"" + where(e, 1) + "; the keys there are "
                    + String.join(", ", e.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList()));
        } catch (com.fasterxml.jackson.databind.exc.MismatchedInputException e) {
            if (e.getTargetType() != null && e.getTargetType().isPrimitive() && e.getOriginalMessage().startsWith("Cannot map `null`")
                    && !e.getPath().isEmpty()
                    && e.getPath().get(e.getPath().size() - 1).getFieldName() != null) {
                // a key of a plain value (a flag, a number) left out: Jackson's text names its own setting, not the key
                String key = e.getPath().get(e.getPath().size() - 1).getFieldName();
                throw new GraphFormatException("\"" + key + "\" is missing" + where(e, 1) + " (or null): give it as "
                        + (e.getTargetType() == boolean.class ? "true or false" : "a number"));
            }
            throw mapping(e);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            throw mapping(e);
        } catch (JsonProcessingException e) {
            throw GraphFormatException.from(e);
        } catch (IllegalArgumentException | NullPointerException e) {
            // a record's constructor refused what it was given (a missing id)
            throw new GraphFormatException(e.getMessage() == null ? "a required key is missing" : e.getMessage());
        }
    }

    /** A mapping problem in Jackson's words, its class names shortened, with where it is. */
    private static GraphFormatException mapping(com.fasterxml.jackson.databind.JsonMappingException e) {
        String what = GraphFormatException.from(e).getMessage();
        return new GraphFormatException(what.replaceAll(" \\(class [^)]*\\)", "").replaceAll("`[a-z.]+\\.([A-Za-z$]+)`", "$1") + where(e, 0));
    }

    /** {@code " at spec.agent"}: where in the part a mapping problem is, as a dotted path of keys and indices. */
    private static String where(com.fasterxml.jackson.databind.JsonMappingException e, int dropLast) {
        var parts = new ArrayList<String>();
        var path = e.getPath();
        for (var ref : path.subList(0, Math.max(0, path.size() - dropLast))) {
            parts.add(ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]");
        }
        return parts.isEmpty() ? "" : " at " + String.join(".", parts).replace(".[", "[");
    }

    /** Whether the text looks like a compiled graph (a JSON object carrying a format tag). */
    public static boolean looksLikeGraph(String text) {
        String t = text.stripLeading();
        return t.startsWith("{") && t.contains("\"format\"");
    }

    private static ObjectNode toTree(FlowGraph graph) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FlowGraph.FORMAT);
        root.set("workflow", MAPPER.valueToTree(graph.main()));
        if (!graph.subworkflows().isEmpty()) {
            root.set("subworkflows", MAPPER.valueToTree(graph.subworkflows()));
        }
        return root;
    }

    private static FlowGraph fromTree(JsonNode root) throws GraphFormatException, JsonProcessingException {
        if (root == null || !root.isObject()) {
            throw new GraphFormatException("a compiled graph is a JSON object with \"format\": \"" + FlowGraph.FORMAT + "\"");
        }
        JsonNode format = root.get("format");
        if (format == null || !format.isTextual()) {
            throw new GraphFormatException("missing \"format\": this is not a compiled Flow graph (expected \"" + FlowGraph.FORMAT + "\")");
        }
        if (!FlowGraph.FORMAT.equals(format.asText())) {
            throw new GraphFormatException("unsupported format \"" + format.asText() + "\": this version of Flow reads \"" + FlowGraph.FORMAT + "\"");
        }
        JsonNode workflow = root.get("workflow");
        if (workflow == null || !workflow.isObject()) {
            throw new GraphFormatException("missing \"workflow\" object");
        }
        var main = MAPPER.treeToValue(workflow, dev.flow.model.Workflow.class);
        List<dev.flow.model.Workflow> subs = List.of();
        JsonNode subNode = root.get("subworkflows");
        if (subNode != null && !subNode.isNull()) {
            subs = List.of(MAPPER.treeToValue(subNode, dev.flow.model.Workflow[].class));
        }
        return new FlowGraph(main, subs);
    }

    private static ObjectMapper createMapper() {
        var module = new com.fasterxml.jackson.databind.module.SimpleModule("flow-graph");
        module.setMixInAnnotation(NodeSpec.class, Mixins.NodeSpecMixin.class);
        module.registerSubtypes(Mixins.nodeKinds());
        module.setMixInAnnotation(Expr.class, Mixins.ExprMixin.class);
        module.setMixInAnnotation(Command.class, Mixins.CommandMixin.class);
        module.addSerializer(Value.class, new Codecs.ValueSerializer());
        module.addDeserializer(Value.class, new Codecs.ValueDeserializer());
        module.addSerializer(Type.class, new Codecs.TypeSerializer());
        module.addDeserializer(Type.class, new Codecs.TypeDeserializer());
        module.addSerializer(NodeSpec.Task.class, new TaskCodec.Serializer());
        module.addDeserializer(NodeSpec.Task.class, new TaskCodec.Deserializer());
        module.addSerializer(SourceRef.class, new Codecs.SourceRefSerializer());
        module.addDeserializer(SourceRef.class, new Codecs.SourceRefDeserializer());

        JsonMapper mapper = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .addModule(module)
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                // Records are read and written through their components only: helper methods such
                // as Edge.isLoop() must not become properties.
                .visibility(PropertyAccessor.GETTER, JsonAutoDetect.Visibility.NONE)
                .visibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
                .visibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
                .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
                .configure(EnumFeature.WRITE_ENUMS_TO_LOWERCASE, true)
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .build();
        mapper.configOverride(List.class).setInclude(JsonInclude.Value.construct(JsonInclude.Include.NON_EMPTY, JsonInclude.Include.NON_NULL));
        mapper.configOverride(Map.class).setInclude(JsonInclude.Value.construct(JsonInclude.Include.NON_EMPTY, JsonInclude.Include.NON_NULL));
        mapper.configOverride(dev.flow.model.Isolation.class).setInclude(
                JsonInclude.Value.construct(JsonInclude.Include.CUSTOM, JsonInclude.Include.NON_NULL, Codecs.IsolationNone.class, null));
        // Compiled graphs of 100,000 nodes are tens of megabytes: lift the default string limit
        // only as far as a very large workflow needs.
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(2_000)
                .maxStringLength(64 * 1024 * 1024)
                .build());
        return mapper;
    }
}
