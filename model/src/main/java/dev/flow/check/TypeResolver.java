package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.model.Input;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.ResultFields;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the names of one workflow mean: resolves the canonical reference paths of {@link
 * dev.flow.model.Expr.Ref} ({@code state.NAME}, {@code input.NAME}, {@code NODE.FIELD},
 * {@code output}) to their types, and says precisely what is wrong with a path that does not
 * resolve. The checker types conditions with it; editors complete and hover with it.
 *
 * <p>A node's fields are those of {@link ResultFields}, followed by its outputs as {@code bool}s
 * ({@code test.failed} holds when {@code test} produced {@code failed}); a field of type
 * {@code any} may be read further ({@code analyze.data.verdict}). Merges and subgraphs may carry
 * fields beyond the table, so any field of theirs is {@code any}. Lookups are O(1) after an O(n)
 * construction.
 */
public final class TypeResolver {

    private static final Pattern DOTTED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");

    private final Map<String, Node> nodes;
    private final Map<String, StateVariable> state;
    private final Map<String, Input> inputs;

    private TypeResolver(Map<String, Node> nodes, Map<String, StateVariable> state, Map<String, Input> inputs) {
        this.nodes = nodes;
        this.state = state;
        this.inputs = inputs;
    }

    /** The names of {@code workflow}; where a name is declared twice, the first declaration counts. */
    public static TypeResolver of(Workflow workflow) {
        var nodes = new LinkedHashMap<String, Node>();
        for (Node node : workflow.nodes()) {
            Node seen = nodes.get(node.id());
            // The implicit start and end win over a node that misuses their names (FLOW104).
            if (seen == null || (!isImplicit(seen) && isImplicit(node))) {
                nodes.put(node.id(), node);
            }
        }
        var state = new LinkedHashMap<String, StateVariable>();
        workflow.state().forEach(v -> state.putIfAbsent(v.name(), v));
        var inputs = new LinkedHashMap<String, Input>();
        workflow.inputs().forEach(i -> inputs.putIfAbsent(i.name(), i));
        return new TypeResolver(Collections.unmodifiableMap(nodes), Collections.unmodifiableMap(state),
                Collections.unmodifiableMap(inputs));
    }

    private static boolean isImplicit(Node node) {
        return (node.kind() == NodeKind.START && Node.START_ID.equals(node.id()))
                || (node.kind() == NodeKind.END && Node.END_ID.equals(node.id()));
    }

    /** Whether {@code path} is identifiers joined by single dots, the only form a reference may take. */
    public static boolean isDottedIdentifier(String path) {
        return DOTTED.matcher(path).matches();
    }

    /** The node with this id (the first, if several share it). */
    public Optional<Node> node(String id) {
        return Optional.ofNullable(nodes.get(id));
    }

    /** Node ids, in declaration order. */
    public Collection<String> nodeIds() {
        return nodes.keySet();
    }

    /** State variable names, in declaration order. */
    public Collection<String> stateNames() {
        return state.keySet();
    }

    /** Input names, in declaration order. */
    public Collection<String> inputNames() {
        return inputs.keySet();
    }

    /** The type of a state variable, if it exists. */
    public Optional<Type> stateType(String name) {
        return Optional.ofNullable(state.get(name)).map(StateVariable::type);
    }

    /** The type of an input, if it exists. */
    public Optional<Type> inputType(String name) {
        return Optional.ofNullable(inputs.get(name)).map(Input::type);
    }

    /** What {@code NODE.FIELD} may name for this node, with types: result fields, then outputs as bools. */
    public static Map<String, Type> fieldsOf(Node node) {
        var fields = new LinkedHashMap<>(ResultFields.of(node));
        for (String output : node.effectiveOutputs()) {
            fields.putIfAbsent(output, Type.BOOL);
        }
        return fields;
    }

    /**
     * Resolves a reference path.
     *
     * @param outputOf the node whose output {@code output} names here (the node of an on-output
     *     handler, the source of an edge); null where nothing is being handled
     */
    public Resolution resolve(String path, Node outputOf) {
        if (!isDottedIdentifier(path)) {
            return Resolution.problem(Code.UNSAFE_FIELD, Messages.q(path)
                    + " is not a dotted name; a reference is state.NAME, input.NAME, NODE.FIELD or output", List.of());
        }
        List<String> segments = Arrays.asList(path.split("\\."));
        String head = segments.get(0);
        List<String> rest = segments.subList(1, segments.size());
        switch (head) {
            case "state" -> {
                return variable(path, "state variable", "state", rest, state.keySet(), state.containsKey(first(rest)) ? state.get(first(rest)).type() : null);
            }
            case "input" -> {
                return variable(path, "input", "input", rest, inputs.keySet(), inputs.containsKey(first(rest)) ? inputs.get(first(rest)).type() : null);
            }
            case "output" -> {
                if (outputOf == null) {
                    return Resolution.problem(Code.UNKNOWN_VARIABLE, "\"output\" names the output of the node being handled, and no node is handled here;"
                            + " read NODE.output instead", List.of());
                }
                return descend(Type.enumOf(outputOf.effectiveOutputs()), "output", rest, null);
            }
            default -> {
                Node node = nodes.get(head);
                return node == null ? unknownHead(path, head, rest) : field(node, rest);
            }
        }
    }

    private static String first(List<String> rest) {
        return rest.isEmpty() ? "" : rest.get(0);
    }

    private Resolution variable(String path, String kind, String prefix, List<String> rest, Collection<String> names, Type type) {
        if (rest.isEmpty()) {
            return Resolution.problem(Code.UNKNOWN_VARIABLE, Messages.q(path) + " names no " + kind + "; write " + prefix + ".NAME", List.of());
        }
        String name = rest.get(0);
        if (type == null) {
            var suggestions = qualify(prefix + ".", rest.subList(1, rest.size()), NameSuggester.suggest(name, names));
            String fix = names.isEmpty() ? "; declare it" : "; declare it or use one of " + Messages.list(names);
            return Resolution.problem(Code.UNKNOWN_VARIABLE, "unknown " + kind + " " + Messages.q(name)
                    + (suggestions.isEmpty() ? fix : Messages.hint(suggestions)), suggestions);
        }
        return descend(type, prefix + "." + name, rest.subList(1, rest.size()), null);
    }

    private Resolution unknownHead(String path, String head, List<String> rest) {
        if (rest.isEmpty()) {
            // A bare name: most likely a variable written without its state. or input. prefix.
            var bare = new ArrayList<String>(state.keySet());
            bare.addAll(inputs.keySet());
            var suggestions = new ArrayList<String>();
            for (String name : NameSuggester.suggest(head, bare)) {
                suggestions.add(state.containsKey(name) ? "state." + name : "input." + name);
            }
            if (state.containsKey(head) || inputs.containsKey(head)) {
                suggestions.add(0, state.containsKey(head) ? "state." + head : "input." + head);
            }
            var distinct = suggestions.stream().distinct().limit(NameSuggester.MAX_SUGGESTIONS).toList();
            return Resolution.problem(Code.UNKNOWN_VARIABLE, "unknown variable " + Messages.q(head)
                    + (distinct.isEmpty() ? "; read state.NAME, input.NAME or NODE.FIELD" : Messages.hint(distinct)), distinct);
        }
        var candidates = new ArrayList<String>(nodes.keySet());
        candidates.add("state");
        candidates.add("input");
        var suggestions = qualify("", rest, NameSuggester.suggest(head, candidates));
        return Resolution.problem(Code.UNKNOWN_NODE, "unknown node " + Messages.q(head) + " in " + Messages.q(path)
                + (suggestions.isEmpty() ? "; read a field of one of the workflow's nodes" : Messages.hint(suggestions)), suggestions);
    }

    private Resolution field(Node node, List<String> rest) {
        Map<String, Type> fields = fieldsOf(node);
        if (rest.isEmpty()) {
            var suggestions = List.of(node.id() + ".output");
            return Resolution.problem(Code.UNKNOWN_FIELD, Messages.q(node.id()) + " is a node, not a value; read one of its fields, such as "
                    + Messages.q(node.id() + ".output"), suggestions);
        }
        String name = rest.get(0);
        Type type = fields.get(name);
        if (type == null && ResultFields.isOpen(node.kind())) {
            type = Type.ANY;
        }
        if (type == null) {
            var suggestions = qualify(node.id() + ".", rest.subList(1, rest.size()), NameSuggester.suggest(name, fields.keySet()));
            return Resolution.problem(Code.UNKNOWN_FIELD, Messages.q(node.id()) + " (a " + node.kind().keyword() + ") has no field " + Messages.q(name)
                    + (suggestions.isEmpty() ? "; its fields are " + Messages.list(fields.keySet()) : Messages.hint(suggestions)), suggestions);
        }
        return descend(type, node.id() + "." + name, rest.subList(1, rest.size()), node.id());
    }

    private static Resolution descend(Type type, String prefix, List<String> rest, String node) {
        if (rest.isEmpty() || Type.ANY.equals(type)) {
            return Resolution.ok(type, node);
        }
        return Resolution.problem(Code.UNKNOWN_FIELD, Messages.q(prefix) + " is " + Messages.a(type) + " and has no field "
                + Messages.q(rest.get(0)), List.of(prefix));
    }

    /** {@code prefix + name + .rest} for each suggested name, so that a suggestion replaces the whole path. */
    private static List<String> qualify(String prefix, List<String> rest, List<String> names) {
        String tail = rest.isEmpty() ? "" : "." + String.join(".", rest);
        return names.stream().map(n -> prefix + n + tail).toList();
    }

    /**
     * What a path resolved to: its type and the node it reads, or the problem that kept it from
     * resolving (a diagnostic code, a message and the paths the author probably meant).
     *
     * @param type null when the path does not resolve
     * @param node the node whose result the path reads; null for state, inputs and {@code output}
     */
    public record Resolution(Type type, String node, Code problem, String message, List<String> suggestions) {
        public Resolution {
            suggestions = suggestions == null ? List.of() : List.copyOf(suggestions);
        }

        static Resolution ok(Type type, String node) {
            return new Resolution(type, node, null, null, List.of());
        }

        static Resolution problem(Code code, String message, List<String> suggestions) {
            return new Resolution(null, null, code, message, suggestions);
        }

        public boolean isResolved() {
            return problem == null;
        }
    }
}
