package dev.flow.yaml.supervisor;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Expr;
import dev.flow.model.Isolation;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.PromptSyntax;
import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.read.Problems;
import dev.flow.yaml.read.YEntry;
import dev.flow.yaml.read.YNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Reads the {@code nodes:} list of dialect 1: one {@link NodeDraft} per node that has an id. */
final class SupervisorNodes {
    static final List<String> NODE_KEYS = List.of("id", "type", "label", "description", "task_config", "gate_config", "branch_config",
            "merge_config", "parallel_config", "subgraph_config", "human_config", "ui_metadata", "wait_for_incoming");
    private static final Map<String, String> DIALECT2_HINTS = Map.of(
            "agent", "\"agent\" belongs to dialect 2 (graph-loop); in dialect 1 a task names its role in task_config.role",
            "prompt", "\"prompt\" belongs to dialect 2 (graph-loop); in dialect 1 a task's prompt is task_config.task_template",
            "outputs", "\"outputs\" belongs to dialect 2 (graph-loop); dialect 1 nodes produce the outputs of their type",
            "command", "\"command\" belongs to dialect 2 (graph-loop) and to gate registries; in dialect 1 a gate node names its gate in gate_config.gate_type");

    /** {@code TaskNodeConfig.task_template}'s default in the supervisor's schema. */
    static final String DEFAULT_TEMPLATE = "{input}";

    private final Problems problems;

    SupervisorNodes(Problems problems) {
        this.problems = problems;
    }

    List<NodeDraft> read(List<YNode> items) {
        return Fields.eachItem(items, this::node);
    }

    private Optional<NodeDraft> node(YNode item, int index) {
        int errorsBefore = problems.errorCount();
        var fields = Fields.item(item, index, "node", "id", problems);
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        Fields f = fields.get();
        f.allowOnly(NODE_KEYS, this::hint);
        var idField = f.text("id");
        String owner = f.owner();
        SourceRef anchor = f.anchor();
        f.require("id", "every node needs an id that edges can name");
        f.require("type", "one of " + String.join(", ", SupervisorKind.types()));
        Optional<SupervisorKind> kind = type(f);
        reportForeignConfigs(f, kind);
        NodeSpec spec = new NodeSpec.Unknown(f.writtenText("type").orElse(null));
        Optional<NodeDraft.Branch> branch = Optional.empty();
        Duration timeout = null;
        var metadata = new LinkedHashMap<String, Value>();
        f.mapping("ui_metadata", "a mapping of keys to values").ifPresent(m -> {
            if (Fields.toValue(m) instanceof Value.Obj obj) {
                metadata.putAll(obj.fields());
            }
        });
        if (kind.isPresent()) {
            SupervisorKind k = kind.get();
            if (k.configRequired) {
                f.require(k.configKey, hintFor(k));
            }
            var config = f.has(k.configKey)
                    ? f.child(k.configKey, "the " + k.configKey + " of " + owner)
                    : Optional.<Fields>empty();
            config.ifPresent(c -> c.allowOnly(k.configKeys));
            switch (k) {
                case TASK -> {
                    spec = task(config, metadata);
                    timeout = config.flatMap(c -> c.duration("timeout", Duration.ofSeconds(1), "a number of seconds")).map(Located::value).orElse(null);
                }
                case GATE -> spec = gate(config, metadata, anchor);
                case BRANCH -> {
                    branch = config.map(c -> branch(c, owner));
                    spec = new NodeSpec.Branch(null);
                }
                case MERGE -> spec = merge(config);
                case PARALLEL -> spec = parallel(config);
                case SUBGRAPH -> spec = subgraph(config, anchor);
                case HUMAN -> spec = human(config);
            }
        }
        WaitMode wait = f.choice("wait_for_incoming", List.of("all", "any")).map(w -> waitMode(w.value())).orElse(null);
        if (idField.isEmpty()) {
            return Optional.empty();
        }
        String label = f.text("label").map(Located::value).orElse(null);
        String description = f.text("description").map(Located::value).orElse(null);
        var node = new Node(idField.get().value(), label, description, spec, List.of(), null, timeout, List.of(), wait, metadata, idField.get().source());
        if (problems.errorCount() > errorsBefore) {
            problems.misread(node.source());
        }
        return Optional.of(new NodeDraft(node, item.source(), branch));
    }

    /** The type, or when it is missing or wrong, the type of the one configuration the node carries. */
    private Optional<SupervisorKind> type(Fields f) {
        var written = f.scalar("type", "one of " + String.join(", ", SupervisorKind.types()));
        if (written.isPresent()) {
            var kind = SupervisorKind.byType(written.get().text());
            if (kind.isEmpty()) {
                problems.invalidValue(written.get(), f.what("type"), SupervisorKind.types());
            }
            return kind;
        }
        var configs = f.map().keys().stream().flatMap(key -> SupervisorKind.byConfigKey(key).stream()).toList();
        return configs.size() == 1 ? Optional.of(configs.get(0)) : Optional.empty();
    }

    /** FLOW605 for each configuration of another type: {@code type: gate} with {@code task_config}. */
    private void reportForeignConfigs(Fields f, Optional<SupervisorKind> kind) {
        if (kind.isEmpty() || !f.map().has("type")) {
            return;
        }
        for (YEntry e : f.map().entries()) {
            SupervisorKind.byConfigKey(e.name()).filter(other -> other != kind.get()).ifPresent(other -> problems.add(Diagnostic.of(
                    Code.YAML_WRONG_KIND_CONFIG,
                    f.owner() + " is a " + kind.get().type + " node but carries \"" + e.name() + "\", which configures " + other.type
                            + " nodes; use \"" + kind.get().configKey + "\", or change its type to \"" + other.type + "\"",
                    e.key().source())));
        }
    }

    private NodeSpec task(Optional<Fields> config, Map<String, Value> metadata) {
        if (config.isEmpty()) {
            return new NodeSpec.Task(null, null, null, null, null, List.of(), Map.of(), List.of());
        }
        Fields c = config.get();
        c.require("role", "name the role that does the task, such as role: implementer");
        String role = c.text("role").map(Located::value).orElse(null);
        // The supervisor's template syntax (str.format), with its default: the task's whole input.
        String prompt = c.text("task_template").map(Located::value).orElse(DEFAULT_TEMPLATE);
        List<NameRef> gates = c.texts("gates").orElse(List.of()).stream().map(Located::toNameRef).toList();
        // A worktree_id asks for isolation; each step gets its own worktree, so the id itself is only kept as metadata.
        var worktree = c.text("worktree_id");
        worktree.ifPresent(w -> metadata.putIfAbsent("worktree_id", Value.of(w.value())));
        return new NodeSpec.Task(null, role, prompt, null, null, List.of(), Map.of(), gates, null, null,
                worktree.isPresent() ? Isolation.WORKTREE : Isolation.NONE, PromptSyntax.FORMAT);
    }

    private NodeSpec gate(Optional<Fields> config, Map<String, Value> metadata, SourceRef anchor) {
        var gateType = config.flatMap(c -> {
            c.require("gate_type", "name a gate of the registry, such as gate_type: test");
            c.bool("auto_approve").ifPresent(b -> metadata.putIfAbsent("auto_approve", Value.of(b.value())));
            return c.text("gate_type");
        });
        // Only an explicit true isolates: a workflow outside a git repository must still run its gates.
        boolean isolated = config.flatMap(c -> c.bool("requires_worktree")).map(Located::value).orElse(false);
        // A gate node without a gate still gets one, named "", so that the graph keeps the node.
        return new NodeSpec.Gate(gateType.map(Located::toNameRef).orElse(new NameRef("", anchor)), isolated ? Isolation.WORKTREE : Isolation.NONE);
    }

    private NodeDraft.Branch branch(Fields c, String owner) {
        c.require("condition", "a condition such as {field: test_status, operator: \"==\", value: passed}");
        c.require("on_true", "name the node that follows when the condition holds");
        c.require("on_false", "name the node that follows when it does not");
        var conditionFields = c.child("condition", "the branch condition of " + owner);
        Optional<Located<Long>> max = conditionFields.flatMap(cf -> cf.whole("max_iterations", "a whole number"));
        var condition = conditionFields.flatMap(cf -> {
            cf.allowOnly(FieldConditions.BRANCH_KEYS);
            return FieldConditions.read(cf, FieldConditions.BRANCH_OPERATORS, problems);
        });
        return new NodeDraft.Branch(condition, outcome(c, "on_true"), outcome(c, "on_false"), max);
    }

    private static Optional<NodeDraft.Outcome> outcome(Fields c, String key) {
        var entry = c.entry(key);
        return c.text(key).map(target -> new NodeDraft.Outcome(
                new Located<>(key, entry.orElseThrow().key().source()), target, entry.orElseThrow().span()));
    }

    private NodeSpec merge(Optional<Fields> config) {
        WaitMode mode = config.flatMap(c -> c.choice("wait_for", List.of("all", "any"))).map(w -> waitMode(w.value())).orElse(WaitMode.ALL);
        MergeStrategy strategy = config.flatMap(c -> c.choice("merge_strategy", List.of("union", "intersection", "first")))
                .map(s -> MergeStrategy.valueOf(s.value().toUpperCase(Locale.ROOT)))
                .orElse(MergeStrategy.UNION);
        return new NodeSpec.Merge(List.of(), mode, strategy, null, null);
    }

    private NodeSpec parallel(Optional<Fields> config) {
        config.ifPresent(c -> c.require("branches", "list the nodes to start, such as branches: [lint, test]"));
        List<NameRef> branches = config.flatMap(c -> c.texts("branches")).orElse(List.of()).stream().map(Located::toNameRef).toList();
        WaitMode wait = config.flatMap(c -> c.choice("wait_for", List.of("all", "any", "first"))).map(w -> waitMode(w.value())).orElse(WaitMode.ALL);
        return new NodeSpec.Parallel(branches, wait);
    }

    private NodeSpec subgraph(Optional<Fields> config, SourceRef anchor) {
        config.ifPresent(c -> c.require("workflow_name", "name the workflow to run, such as workflow_name: review"));
        NameRef workflow = config.flatMap(c -> c.text("workflow_name")).map(Located::toNameRef).orElse(new NameRef("", anchor));
        List<Mapping> inputs = config.map(c -> mappings(c, "input_mapping")).orElse(List.of());
        List<Mapping> outputs = config.map(c -> mappings(c, "output_mapping")).orElse(List.of());
        return new NodeSpec.Subgraph(workflow, inputs, outputs);
    }

    /** {@code {key: path}}: each value is a reference written as a Flow path. */
    private List<Mapping> mappings(Fields c, String key) {
        var out = new ArrayList<Mapping>();
        c.mapping(key, "a mapping of names to names").ifPresent(m -> {
            for (YEntry e : m.entries()) {
                if (e.value() instanceof dev.flow.yaml.read.YScalar s && !s.isNull()) {
                    out.add(new Mapping(e.name(), new Expr.Ref(s.text(), s.source()), e.span()));
                } else {
                    problems.wrongType(e.value(), "\"" + e.name() + "\" in " + c.what(key), "a name");
                }
            }
        });
        return out;
    }

    private NodeSpec human(Optional<Fields> config) {
        config.ifPresent(c -> c.require("title", "give the heading shown to the person, such as title: \"Approve changes\""));
        String title = config.flatMap(c -> c.text("title")).map(Located::value).orElse(null);
        String prompt = config.flatMap(c -> c.text("description")).map(Located::value).orElse(null);
        return new NodeSpec.Human(title, prompt, null);
    }

    private String hint(String key) {
        if (DIALECT2_HINTS.containsKey(key)) {
            return DIALECT2_HINTS.get(key);
        }
        return SupervisorKind.owningConfigKey(key)
                .map(k -> "\"" + key + "\" belongs inside " + k.configKey + " (of " + k.type + " nodes)")
                .orElse(null);
    }

    private static String hintFor(SupervisorKind k) {
        return switch (k) {
            case TASK -> "add task_config with at least a role";
            case GATE -> "add gate_config with a gate_type";
            case BRANCH -> "add branch_config with a condition, on_true and on_false";
            case PARALLEL -> "add parallel_config with the branches to start";
            case SUBGRAPH -> "add subgraph_config with a workflow_name";
            case HUMAN -> "add human_config with a title";
            case MERGE -> null;
        };
    }

    static WaitMode waitMode(String written) {
        return WaitMode.valueOf(written.toUpperCase(Locale.ROOT));
    }
}
