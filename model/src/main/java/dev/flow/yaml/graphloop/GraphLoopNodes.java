package dev.flow.yaml.graphloop;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Command;
import dev.flow.model.Isolation;
import dev.flow.model.LoopControl;
import dev.flow.model.Expr;
import dev.flow.model.KvRef;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.OutputHandler;
import dev.flow.model.ResultFields;
import dev.flow.model.RetryPolicy;
import dev.flow.model.SourceRef;
import dev.flow.model.StateUpdate;
import dev.flow.model.Supervision;
import dev.flow.model.WaitMode;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.dialect.ReadContext;
import dev.flow.yaml.read.YEntry;
import dev.flow.yaml.read.YMap;
import dev.flow.yaml.read.YNode;
import dev.flow.yaml.read.YScalar;
import dev.flow.yaml.read.YSeq;
import dev.flow.yaml.read.YamlComments;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** Reads the {@code nodes:} map of dialect 2, in the order written. */
final class GraphLoopNodes {
    /** Retries when {@code retry_on_failure} is set without {@code max_retries}. */
    static final int DEFAULT_RETRIES = 3;
    /** The agent whose task runs {@code command} as a shell line. */
    static final String BASH = "bash";
    private static final Map<String, String> DIALECT1_HINTS = Map.of(
            "task_config", "\"task_config\" belongs to dialect 1 (supervisor); in dialect 2 a task has agent, prompt and outputs",
            "id", "in dialect 2 a node's id is its key in the nodes map",
            "label", "\"label\" belongs to dialect 1 (supervisor)");

    /**
     * A node as read.
     *
     * @param branches a parallel node's branches
     * @param waitFor a join's wait_for
     * @param outputsLeftOut whether the node has no {@code outputs} (reported)
     */
    record NodeRead(Node node, List<Located<String>> branches, List<Located<String>> waitFor, boolean outputsLeftOut) {}

    private final ReadContext ctx;
    private final Isolation isolation;

    /** @param isolation the workflow's {@code isolate}: the isolation of tasks that set none */
    GraphLoopNodes(ReadContext ctx, Isolation isolation) {
        this.ctx = ctx;
        this.isolation = isolation;
    }

    List<NodeRead> read(YMap nodes) {
        var out = new ArrayList<NodeRead>();
        for (YEntry entry : nodes.entries()) {
            node(entry).ifPresent(n -> {
                out.add(n);
                ctx.comments().add(YamlComments.Target.node(n.node().id()), entry.span());
            });
        }
        return out;
    }

    private Optional<NodeRead> node(YEntry entry) {
        String id = entry.name();
        SourceRef idSource = entry.key().source();
        int errorsBefore = ctx.problems().errorCount();
        var fields = Fields.of(entry.value(), "node \"" + id + "\"", idSource, ctx.problems());
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        Fields f = fields.get();
        f.recognise(GraphLoopKind.allKeys());
        f.require("type", "one of " + String.join(", ", GraphLoopKind.types()));
        var kind = f.scalar("type", "one of " + String.join(", ", GraphLoopKind.types())).flatMap(s -> {
            var k = GraphLoopKind.byType(s.text());
            if (k.isEmpty()) {
                ctx.problems().invalidValue(s, f.what("type"), GraphLoopKind.types());
            }
            return k;
        });
        if (!f.has("type")) {
            kind = GraphLoopKind.implied(new HashSet<>(f.map().keys()));
        }
        checkKeys(f, kind);
        boolean supervises = kind.filter(k -> k == GraphLoopKind.SUPERVISOR).isPresent();
        if (supervises) {
            f.map().entries().stream().filter(e -> e.name().equals("outputs")).findFirst().ifPresent(e -> ctx.problems().add(Diagnostic.of(
                    Code.YAML_WRONG_KIND_CONFIG, f.owner() + " is a supervisor node but carries \"outputs\": its outputs are its participants,"
                            + " its ask node and finish; remove it", e.key().source())));
        } else {
            f.require("outputs", "list what the node can produce, such as outputs: [done]");
        }
        var outputs = f.texts("outputs").orElse(List.of()).stream().map(o -> new OutputDecl(o.value(), null, o.source())).toList();
        List<Located<String>> branches = List.of();
        List<Located<String>> waitFor = List.of();
        NodeSpec spec = new NodeSpec.Unknown(f.writtenText("type").orElse(null));
        Duration timeout = f.duration("timeout_minutes", Duration.ofMinutes(1), "a number of minutes").map(Located::value).orElse(null);
        RetryPolicy retry = null;
        dev.flow.model.Escalation escalation = null;
        if (kind.isPresent()) {
            switch (kind.get()) {
                case TASK -> {
                    spec = task(f);
                    retry = retry(f, outputs);
                    escalation = escalation(f);
                }
                case DECISION -> spec = decision(f, outputs);
                case PARALLEL -> {
                    f.require("branches", "list the nodes to start, such as branches: [research_a, research_b]");
                    branches = f.texts("branches").orElse(List.of());
                    spec = new NodeSpec.Parallel(branches.stream().map(Located::toNameRef).toList(), WaitMode.ALL);
                }
                case JOIN -> {
                    f.require("wait_for", "list the nodes to wait for, such as wait_for: [research_a, research_b]");
                    waitFor = f.texts("wait_for").orElse(List.of());
                    spec = new NodeSpec.Merge(waitFor.stream().map(Located::toNameRef).toList(), WaitMode.ALL, null,
                            f.text("agent").map(Located::toNameRef).orElse(null), f.text("prompt").map(Located::value).orElse(null));
                }
                case HUMAN -> {
                    f.require("prompt", "write the question to ask");
                    spec = new NodeSpec.Human(null, f.text("prompt").map(Located::value).orElse(null),
                            f.text("default_output").map(Located::toNameRef).orElse(null));
                }
                case CHECKPOINT -> spec = new NodeSpec.Checkpoint();
                case SUPERVISOR -> {
                    spec = supervisor(f);
                    retry = retry(f, outputs);
                }
            }
        }
        var handlers = handlers(f, ResultFields.hasText(spec) ? id + "." + ResultFields.TEXT : null);
        var node = Node.builder().id(id).spec(spec).outputs(outputs).retry(retry).timeout(timeout).onOutput(handlers).source(idSource)
                .escalation(escalation).build();
        if (ctx.problems().errorCount() > errorsBefore) {
            ctx.problems().misread(idSource);
        }
        return Optional.of(new NodeRead(node, branches, waitFor, !supervises && !f.has("outputs")));
    }

    /**
     * A node whose {@code outputs} were left out (FLOW606) declares the outputs its handlers and the
     * conditions of its edges name, so that each of those is not also an unknown output (FLOW206).
     */
    static List<NodeRead> outputsFromUse(List<NodeRead> nodes, List<dev.flow.yaml.graph.EdgeDraft> edges) {
        var out = new ArrayList<NodeRead>(nodes.size());
        for (NodeRead read : nodes) {
            Node n = read.node();
            if (!read.outputsLeftOut()) {
                out.add(read);
                continue;
            }
            var named = new LinkedHashMap<String, OutputDecl>();
            n.onOutput().forEach(h -> named.putIfAbsent(h.output().name(), new OutputDecl(h.output().name(), null, h.output().source())));
            for (var edge : edges) {
                if (edge.from().name().equals(n.id()) && edge.condition() != null) {
                    outputTests(edge.condition(), ref -> named.putIfAbsent(ref.name(), new OutputDecl(ref.name(), null, ref.source())));
                }
            }
            Node declared = n.toBuilder().outputs(List.copyOf(named.values()))
                    .escalation(null) // as before builders: this copy has always dropped the escalation
                    .build();
            out.add(new NodeRead(declared, read.branches(), read.waitFor(), true));
        }
        return out;
    }

    private static void outputTests(Expr e, Consumer<NameRef> each) {
        if (e instanceof Expr.OutputTest t) {
            t.outputs().forEach(each);
        } else if (e instanceof Expr.Unary u) {
            outputTests(u.operand(), each);
        } else if (e instanceof Expr.Binary b) {
            outputTests(b.left(), each);
            outputTests(b.right(), each);
        }
    }

    /** FLOW605 for keys of other node types, FLOW602 for keys of none. */
    private void checkKeys(Fields f, Optional<GraphLoopKind> kind) {
        var allowed = kind.map(GraphLoopKind::allowed).orElse(new ArrayList<>(GraphLoopKind.allKeys()));
        for (YEntry e : f.map().entries()) {
            if (allowed.contains(e.name())) {
                continue;
            }
            var owners = GraphLoopKind.typesTaking(e.name());
            if (owners.isEmpty()) {
                ctx.problems().unknownKey(e, f.owner(), allowed, DIALECT1_HINTS.get(e.name()));
            } else {
                ctx.problems().add(Diagnostic.of(Code.YAML_WRONG_KIND_CONFIG, f.owner() + " is a " + kind.orElseThrow().type + " node but carries \""
                        + e.name() + "\", which belongs to " + String.join(" and ", owners) + " nodes; remove it, or change the type", e.key().source()));
            }
        }
    }

    private NodeSpec task(Fields f) {
        f.require("agent", "one of self, codex, gemini, bash");
        var agent = f.text("agent");
        var command = f.scalar("command", "a shell command line").map(s -> new Command.Shell(s.text(), s.source()));
        boolean bash = agent.map(a -> a.value().equals(BASH)).orElse(false);
        if (bash) {
            f.require("command", "a bash task runs a command, such as command: \"npm test\"");
        } else if (agent.isPresent()) {
            f.require("prompt", "an agent task needs the prompt to send it");
        }
        // read in the order the keys have always been read, so that problems are reported in it too
        NameRef who = bash ? null : agent.map(Located::toNameRef).orElse(null);
        String prompt = f.text("prompt").map(Located::value).orElse(null);
        String cwd = f.text("cwd").map(Located::value).orElse(null);
        List<String> contextFiles = f.texts("context_files").orElse(List.of()).stream().map(Located::value).toList();
        Isolation where = GraphLoopSettings.isolation(f).orElse(isolation);
        List<KvRef> inputs = kvInputs(f);
        dev.flow.model.Growth planner = planner(f);
        return NodeSpec.Task.builder()
                .call(c -> c.agent(who).prompt(prompt).contextFiles(contextFiles).inputs(inputs))
                .command(command.orElse(null))
                .execution(e -> e.cwd(cwd).isolation(where))
                .steering(s -> s.planner(planner))
                .build();
    }

    /**
     * {@code planner: true} (a Flow extension): the task's agent may add nodes, at most {@code
     * max_added_nodes} in one answer when given ({@code planner grows max N nodes}).
     */
    private static dev.flow.model.Growth planner(Fields f) {
        var planner = f.bool("planner");
        var max = f.whole("max_added_nodes", "a whole number");
        if (planner.isEmpty() || !planner.get().value()) {
            return null;
        }
        Integer perAnswer = max.map(m -> (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, m.value()))).orElse(null);
        return new dev.flow.model.Growth(perAnswer, null, max.map(Located::source).orElse(planner.get().source()));
    }

    /** {@code escalate: NODE}, {@code auto} or {@code none} (a Flow extension): {@code on failure escalate ...}. */
    private static dev.flow.model.Escalation escalation(Fields f) {
        return f.text("escalate").map(e -> switch (e.value()) {
            case "auto" -> new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.AUTO, null, null, null, e.source());
            case "none" -> new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.NONE, null, null, null, e.source());
            default -> new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.TO, e.toNameRef(), null, null, e.source());
        }).orElse(null);
    }

    /** {@code inputs: [{node: plan, key: ctx.goal, as: goal}]}: values of the key-value store the task reads; {@code node: run} is the run's. */
    private List<KvRef> kvInputs(Fields f) {
        var items = f.list("inputs", "a list of keys to read, such as - {node: plan, key: out.summary, as: plan}").map(YSeq::items).orElse(List.of());
        return Fields.eachItem(items, (item, i) -> Fields.of(item, "input #" + (i + 1) + " of " + f.owner(), item.source(), ctx.problems())
                .flatMap(in -> {
                    in.allowOnly(List.of("node", "key", "as"));
                    in.require("node", "the node whose key to read, or run for the run-wide keys");
                    in.require("key", "the key to read, such as out.summary");
                    var node = in.text("node");
                    var key = in.text("key");
                    if (node.isEmpty() || key.isEmpty()) {
                        return Optional.empty();
                    }
                    return Optional.of(new KvRef(node.get().toNameRef(), key.get().value(), in.text("as").map(Located::value).orElse(null),
                            item.source()));
                }));
    }

    /**
     * A supervisor (a Flow extension): an agent task with {@code participants}, {@code ask} and
     * {@code max_rounds}, wired by {@link dev.flow.lowering.SupervisionWiring} once the workflow is
     * read. Like the language's, it never runs in a worktree. A missing {@code participants} or
     * {@code max_rounds} is the checker's to report (FLOW105, FLOW706), once.
     */
    private NodeSpec supervisor(Fields f) {
        f.require("agent", "the agent that decides, such as claude");
        f.require("prompt", "what the supervisor is to achieve");
        var rounds = f.whole("max_rounds", "a whole number of rounds, such as 12")
                .map(r -> new LoopControl((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, r.value())), r.source())).orElse(null);
        var supervision = new Supervision(f.texts("participants").orElse(List.of()).stream().map(Located::toNameRef).toList(),
                f.text("ask").map(Located::toNameRef).orElse(null), rounds, null);
        NameRef who = f.text("agent").map(Located::toNameRef).orElse(null);
        String prompt = f.text("prompt").map(Located::value).orElse(null);
        String cwd = f.text("cwd").map(Located::value).orElse(null);
        List<String> contextFiles = f.texts("context_files").orElse(List.of()).stream().map(Located::value).toList();
        return NodeSpec.Task.builder()
                .call(c -> c.agent(who).prompt(prompt).contextFiles(contextFiles))
                .execution(e -> e.cwd(cwd).isolation(Isolation.NONE))
                .steering(s -> s.supervisor(supervision))
                .build();
    }

    /**
     * {@code retry_on_failure: true} retries {@code max_retries} times (3 when not written);
     * {@code max_retries} alone retries that often; {@code retry_on_failure: false} never retries.
     * A declared {@code failure} (or {@code fail}) output is the dialect's failure: it is retried
     * too, and routed once the retries are spent ({@code retry N on failure}), as the seed's
     * {@code outputs: [success, failure]} example means.
     */
    private static RetryPolicy retry(Fields f, List<OutputDecl> outputs) {
        var on = f.bool("retry_on_failure");
        var times = f.whole("max_retries", "a whole number");
        if (on.isPresent() && !on.get().value()) {
            return null;
        }
        RetryPolicy policy;
        if (times.isPresent()) {
            int n = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, times.get().value()));
            policy = RetryPolicy.times(n, times.get().source());
        } else if (on.isPresent()) {
            policy = RetryPolicy.times(DEFAULT_RETRIES, on.get().source());
        } else {
            return null;
        }
        return policy.on(outputs.stream().filter(o -> o.name().equals("fail") || o.name().equals("failure"))
                .map(o -> new NameRef(o.name(), o.source())).toList());
    }

    /** A decision takes its first declared output when its condition holds, its second otherwise. */
    private NodeSpec decision(Fields f, List<OutputDecl> outputs) {
        f.require("condition", "an expression such as condition: \"state.score >= 8\"");
        if (!outputs.isEmpty() && outputs.size() != 2) {
            ctx.problems().add(Diagnostic.of(Code.YAML_INVALID_VALUE, f.what("outputs") + " lists " + outputs.size()
                    + " outputs; a decision takes its first output when the condition holds and its second otherwise: declare two, such as [pass, fail]",
                    f.node("outputs").orElseThrow().source()));
        }
        Expr condition = f.scalar("condition", "a condition string such as \"state.score >= 8\"")
                .flatMap(s -> ctx.parseCondition(s).expr())
                .map(ConditionTranslator::value)
                .orElse(null);
        return new NodeSpec.Branch(condition);
    }

    /**
     * {@code on_output: {out: {set: {k: v}, append: {k: v}}}}.
     *
     * @param text the path of the node's text result, which the word {@code output} stands for; null
     *     for a node that has none (a decision, a checkpoint), where it is the output's name
     */
    private List<OutputHandler> handlers(Fields f, String text) {
        var out = new ArrayList<OutputHandler>();
        f.mapping("on_output", "a mapping of outputs to state updates").ifPresent(m -> {
            for (YEntry byOutput : m.entries()) {
                var actions = Fields.of(byOutput.value(), "the on_output \"" + byOutput.name() + "\" of " + f.owner(), byOutput.key().source(), ctx.problems());
                if (actions.isEmpty()) {
                    continue;
                }
                actions.get().allowOnly(List.of("set", "append"));
                var updates = new ArrayList<StateUpdate>();
                updates.addAll(updates(actions.get(), "set", StateUpdate.Op.SET, text));
                updates.addAll(updates(actions.get(), "append", StateUpdate.Op.APPEND, text));
                out.add(new OutputHandler(new NameRef(byOutput.name(), byOutput.key().source()), updates, byOutput.span()));
            }
        });
        return out;
    }

    private List<StateUpdate> updates(Fields actions, String key, StateUpdate.Op op, String text) {
        var out = new ArrayList<StateUpdate>();
        actions.mapping(key, "a mapping of state variables to values").ifPresent(m -> {
            for (YEntry e : m.entries()) {
                out.add(new StateUpdate(new NameRef(e.name(), e.key().source()), op, updateValue(e.value(), text), e.span()));
            }
        });
        return out;
    }

    /**
     * The unquoted word {@code output} is what the node produced: its text result ({@code NODE.text},
     * seed 001: "agent output assigned directly", {@code total_lines: output} after {@code wc -l}),
     * or the output's name for a node without text; any other value is a constant.
     */
    static Expr updateValue(YNode value, String text) {
        if (value instanceof YScalar s && s.style() == YScalar.Style.PLAIN && s.text().equals("output")) {
            return new Expr.Ref(text == null ? "output" : text, s.source());
        }
        return new Expr.Literal(Fields.toValue(value), value.source());
    }
}
