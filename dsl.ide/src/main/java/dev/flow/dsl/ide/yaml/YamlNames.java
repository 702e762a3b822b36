package dev.flow.dsl.ide.yaml;

import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import dev.flow.model.GateDef;
import dev.flow.model.Node;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import dev.flow.yaml.gates.GateRegistryReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;

/**
 * The names a YAML workflow defines and uses, for the editor: its nodes, the gates it can use
 * (its registry's, or a registry's own), and the nodes' output fields ({@code review.clean}).
 * Hover says what a name is, completion offers every name, and definition goes to where a
 * name is defined, in the workflow or in its {@code gates.yaml}.
 */
public final class YamlNames {
    private final YamlFile file;
    private final List<Node> nodes;
    private final List<GateDef> gates;

    public YamlNames(YamlFile file) {
        this.file = file;
        Optional<Workflow> workflow = file.compilation().flatMap(c -> c.graph()).map(g -> g.main());
        this.nodes = workflow.map(Workflow::nodes).orElse(List.of());
        // A registry has no graph: its gates are read from its own text.
        this.gates = workflow.isPresent() ? workflow.get().gates()
                : file.isFlows() ? GateRegistryReader.read(file.text(), file.displayName()).gates() : List.of();
    }

    /** What the name at {@code offset} is, or empty when it names nothing of the workflow. */
    public Optional<Hover> hover(int offset) {
        return WordAt.of(file.text(), offset).flatMap(word -> describe(word).map(text -> {
            var hover = new Hover(new MarkupContent(MarkupKind.MARKDOWN, text));
            hover.setRange(word.range(file.text()));
            return hover;
        }));
    }

    /** Where the name at {@code offset} is defined; empty when it names nothing of the workflow. */
    public List<Location> definition(int offset) {
        Optional<SourceRef> at = WordAt.of(file.text(), offset).flatMap(word -> {
            if (word.owner() != null) {
                return node(word.owner()).flatMap(n -> n.outputs().stream().filter(o -> o.name().equals(word.name())).findFirst())
                        .map(o -> o.source());
            }
            return gate(word.name()).map(GateDef::source).or(() -> node(word.name()).map(Node::source));
        });
        return at.filter(ref -> !ref.isUnknown())
                .map(ref -> List.of(new Location(file.uriOf(ref.file()), LspDiagnostics.range(ref))))
                .orElse(List.of());
    }

    /**
     * The names that fit at {@code offset}: after {@code NODE.}, that node's fields; elsewhere every
     * node, gate and field. Each label once, so that nothing is offered twice.
     */
    public List<CompletionItem> complete(int offset) {
        Map<String, CompletionItem> items = new LinkedHashMap<>();
        Optional<String> owner = WordAt.ownerBefore(file.text(), offset);
        if (owner.isPresent()) {
            node(owner.get()).ifPresent(n -> n.effectiveOutputs().forEach(field -> items.putIfAbsent(field,
                    item(field, CompletionItemKind.Field, "output of " + n.kind().keyword() + " " + n.id()))));
            return new ArrayList<>(items.values());
        }
        nodes.forEach(n -> items.putIfAbsent(n.id(), item(n.id(), CompletionItemKind.Class, n.kind().keyword() + " node")));
        gates.forEach(g -> items.putIfAbsent(g.name(), item(g.name(), CompletionItemKind.Function, "gate: " + g.command().display())));
        for (Node n : nodes) {
            n.effectiveOutputs().forEach(field -> items.putIfAbsent(n.id() + "." + field,
                    item(n.id() + "." + field, CompletionItemKind.Field, "output of " + n.kind().keyword() + " " + n.id())));
        }
        return new ArrayList<>(items.values());
    }

    private static CompletionItem item(String label, CompletionItemKind kind, String detail) {
        var item = new CompletionItem(label);
        item.setKind(kind);
        item.setDetail(detail);
        return item;
    }

    private Optional<String> describe(WordAt word) {
        if (word.owner() != null) {
            return node(word.owner()).filter(n -> n.effectiveOutputs().contains(word.name()))
                    .map(n -> "**field** `" + word.owner() + "." + word.name() + "`: an output of " + n.kind().keyword() + " `" + n.id() + "`");
        }
        Optional<GateDef> gate = gate(word.name());
        if (gate.isPresent()) {
            GateDef g = gate.get();
            var text = new StringBuilder("**gate** `").append(g.name()).append('`');
            if (g.description() != null && !g.description().isBlank()) {
                text.append(": ").append(g.description());
            }
            text.append("\n\n```\n").append(g.command().display()).append("\n```");
            if (!g.source().isUnknown() && !g.source().file().equals(file.displayName())) {
                text.append("\n\nfrom ").append(file.uriOf(g.source().file()).replaceFirst(".*/", ""));
            }
            return Optional.of(text.toString());
        }
        return node(word.name()).map(n -> {
            var text = new StringBuilder("**").append(n.kind().keyword()).append("** `").append(n.id()).append('`');
            if (n.label() != null && !n.label().isBlank() && !n.label().equals(n.id())) {
                text.append(": ").append(n.label());
            }
            if (n.description() != null && !n.description().isBlank()) {
                text.append("\n\n").append(n.description());
            }
            if (!n.effectiveOutputs().isEmpty()) {
                text.append("\n\noutputs: ").append(String.join(", ", n.effectiveOutputs().stream().map(o -> "`" + o + "`").toList()));
            }
            return text.toString();
        });
    }

    private Optional<Node> node(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    private Optional<GateDef> gate(String name) {
        return gates.stream().filter(g -> g.name().equals(name)).findFirst();
    }
}
