package dev.flow.check;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.KvRef;
import dev.flow.model.Interrupt;
import dev.flow.model.Limits;
import dev.flow.model.LoopControl;
import dev.flow.model.Mapping;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.OutputHandler;
import dev.flow.model.RetryPolicy;
import dev.flow.model.SourceRef;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds test workflows that read like the Flow text they stand for. Each declaration is written
 * as one line of a {@link SourceText}, and every element points at its own text there:
 *
 * <pre>{@code
 * TestFlow flow = TestFlow.workflow("demo")
 *         .task("analyze", agent("claude"), outputs("done", "blocked"))
 *         .edge("start -> analyze")
 *         .edge("analyze -> end when done");
 * }</pre>
 *
 * The implicit {@code start} and {@code end} nodes are added without a position, as the language's
 * front end adds them.
 *
 * <p>Not {@code dev.flow.testing.GraphBuilder}'s job: that one builds graphs without positions for
 * the engine and the commands; this one is for the checker's tests, which assert where each
 * diagnostic points, so every element it makes carries the range of its own text.
 */
final class TestFlow {
    private static final Pattern EDGE = Pattern.compile(
            "(?:(\\w+): )?(\\S+(?: -> \\S+)+)( loop max -?\\d+)?( on limit)?(?: when (.*))?");

    private final String id;
    private final SourceText text;
    private final SourceRef source;
    private final List<Input> inputs = new ArrayList<>();
    private final List<StateVariable> state = new ArrayList<>();
    private final List<GateDef> gates = new ArrayList<>();
    private final List<AgentDef> agents = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();
    private final List<Edge> edges = new ArrayList<>();
    private final List<Interrupt> interrupts = new ArrayList<>();
    private final List<Expr> completion = new ArrayList<>();
    private Limits limits;
    private Config config;
    private boolean implicitNodes = true;
    private final dev.flow.model.EdgeIds edgeIds = new dev.flow.model.EdgeIds();

    private TestFlow(String id) {
        this.id = id;
        this.text = new SourceText(id + ".flow");
        this.source = text.newLine().put("workflow " + id + " {");
    }

    static TestFlow workflow(String id) {
        return new TestFlow(id);
    }

    /** The text a range covers, e.g. the name a diagnostic points at. */
    String text(SourceRef ref) {
        return text.at(ref);
    }

    /** The whole line a range starts on: the declaration it belongs to. */
    String line(SourceRef ref) {
        return text.lineOf(ref);
    }

    SourceText source() {
        return text;
    }

    // ------------------------------------------------------------------ declarations

    TestFlow input(String name, String type) {
        return input(name, type, null);
    }

    TestFlow input(String name, String type, String defaultValue) {
        SourceRef at = declaration("input", name, type, defaultValue);
        inputs.add(new Input(name, Type.parse(type), defaultValue == null ? null : parseValue(defaultValue), null, at));
        return this;
    }

    TestFlow state(String name, String type) {
        return state(name, type, null);
    }

    TestFlow state(String name, String type, String initial) {
        SourceRef at = declaration("state", name, type, initial);
        state.add(new StateVariable(name, Type.parse(type), initial == null ? null : parseValue(initial), null, at));
        return this;
    }

    /** {@code KEYWORD NAME: TYPE = VALUE} on a line of its own; the range of all of it. */
    private SourceRef declaration(String keyword, String name, String type, String value) {
        SourceRef start = text.newLine().put(keyword + " ");
        text.append(name + ": " + type + (value == null ? "" : " = " + value));
        return text.since(start);
    }

    /** {@code gate NAME { run ["true"] }}, with optional extras: timeout, after. */
    TestFlow gateDef(String name, Part... parts) {
        SourceRef start = text.newLine().put("gate " + name + " {");
        var draft = new Draft(name);
        draft.command = new Command.Argv(List.of("true"), text.put(" run [\"true\"]"));
        apply(draft, parts);
        text.append(" }");
        gates.add(new GateDef(name, null, draft.command, draft.timeout, Map.of(), false, List.of(), draft.after, null, text.since(start)));
        return this;
    }

    TestFlow agentDef(String name) {
        SourceRef start = text.newLine().put("agent " + name + " {");
        var command = new Command.Argv(List.of("./" + name + ".sh"), text.put(" run [\"./" + name + ".sh\"]"));
        text.append(" }");
        agents.add(new AgentDef(name, null, command, null, Map.of(), text.since(start)));
        return this;
    }

    /** {@code agent NAME { permissions LEVEL }}: a built-in's command line with a permissions level, at its position. */
    TestFlow agentPermissions(String name, String level) {
        SourceRef start = text.newLine().put("agent " + name + " {");
        text.put(" permissions ");
        SourceRef at = text.put(level);
        text.append(" }");
        agents.add(new AgentDef(name, null, null, null, Map.of(), null, text.since(start), List.of(),
                new dev.flow.model.AgentPermissions(level, List.of(), at)));
        return this;
    }

    TestFlow task(String id, Part... parts) {
        return node(NodeKind.TASK, "task " + id, id, parts);
    }

    /** {@code gate ID uses GATE}. */
    TestFlow gate(String id, String uses, Part... parts) {
        return node(NodeKind.GATE, "gate " + id, id, prepend(named((d, t) -> d.gate = new NameRef(uses, withSpace(t, "uses ", uses))), parts));
    }

    /** {@code branch ID { if CONDITION }}. */
    TestFlow branch(String id, String condition, Part... parts) {
        return node(NodeKind.BRANCH, "branch " + id, id, prepend(named((d, t) -> {
            if (condition != null) {
                t.append(" if ");
                d.condition = TestExpressions.parse(condition, t);
            }
        }), parts));
    }

    TestFlow parallel(String id, Part... parts) {
        return node(NodeKind.PARALLEL, "parallel " + id, id, parts);
    }

    TestFlow merge(String id, Part... parts) {
        return node(NodeKind.MERGE, "merge " + id, id, parts);
    }

    /** {@code subgraph ID runs WORKFLOW}. */
    TestFlow subgraph(String id, String workflow, Part... parts) {
        return node(NodeKind.SUBGRAPH, "subgraph " + id, id,
                prepend(named((d, t) -> d.workflow = new NameRef(workflow, withSpace(t, "runs ", workflow))), parts));
    }

    TestFlow human(String id, Part... parts) {
        return node(NodeKind.HUMAN, "human " + id, id, parts);
    }

    TestFlow checkpoint(String id, Part... parts) {
        return node(NodeKind.CHECKPOINT, "checkpoint " + id, id, parts);
    }

    /** A node of the implicit kinds written out, for tests of front ends that get them wrong. */
    TestFlow node(NodeKind kind, String id, Part... parts) {
        return node(kind, kind.keyword() + " " + id, id, parts);
    }

    private TestFlow node(NodeKind kind, String head, String nodeId, Part... parts) {
        SourceRef start = text.newLine().put(head);
        var draft = new Draft(nodeId);
        if (parts.length > 0) {
            text.append(" {");
            apply(draft, parts);
            text.append(" }");
        }
        nodes.add(Node.builder().id(nodeId).spec(draft.spec(kind)).outputs(draft.outputs).retry(draft.retry).timeout(draft.timeout)
                .onOutput(draft.handlers).source(text.since(start)).escalation(draft.escalation).build());
        return this;
    }

    /**
     * One line of edges, as the language writes them: {@code a -> b -> c}, optionally with an id
     * ({@code e1: a -> b}), {@code loop max N}, {@code on limit} and {@code when CONDITION} (these
     * belong to the last step).
     */
    TestFlow edge(String line, EdgePart... parts) {
        Matcher m = EDGE.matcher(line);
        if (!m.matches()) {
            throw new IllegalArgumentException("not an edge line: " + line);
        }
        text.newLine();
        String explicitId = m.group(1);
        if (explicitId != null) {
            text.append(explicitId + ": ");
            edgeIds.reserve(explicitId);
        }
        List<String> ends = Arrays.asList(m.group(2).split(" -> "));
        NameRef from = new NameRef(ends.get(0), text.put(ends.get(0)));
        for (int i = 1; i < ends.size(); i++) {
            SourceRef start = from.source();
            text.append(" -> ");
            NameRef to = new NameRef(ends.get(i), text.put(ends.get(i)));
            boolean last = i == ends.size() - 1;
            LoopControl loop = null;
            Expr condition = null;
            var draft = new EdgeDraft();
            if (last) {
                if (m.group(3) != null) {
                    SourceRef at = text.put(m.group(3));
                    loop = new LoopControl(Integer.parseInt(m.group(3).replace(" loop max ", "")),
                            SourceRef.of(at.file(), at.offset() + 1, at.length() - 1, at.line(), at.column() + 1));
                }
                if (m.group(4) != null) {
                    text.append(m.group(4));
                }
                if (m.group(5) != null) {
                    text.append(" when ");
                    condition = TestExpressions.parse(m.group(5), text);
                }
                for (EdgePart part : parts) {
                    part.apply(draft, text);
                }
            }
            String edgeId = explicitId != null && last ? explicitId : edgeIds.next(from.name(), to.name());
            edges.add(new Edge(edgeId, from, to, condition, loop, last && m.group(4) != null, draft.mappings, text.since(start)));
            from = to;
        }
        return this;
    }

    TestFlow interrupt(String timing, String node, String condition, String prompt) {
        SourceRef start = text.newLine().put("interrupt " + timing + " ");
        NameRef target = new NameRef(node, text.put(node));
        Expr when = null;
        if (condition != null) {
            text.append(" when ");
            when = TestExpressions.parse(condition, text);
        }
        if (prompt != null) {
            text.append(" prompt \"" + prompt + "\"");
        }
        interrupts.add(new Interrupt(Interrupt.Timing.valueOf(timing.toUpperCase(Locale.ROOT)), target, when, prompt, true, text.since(start)));
        return this;
    }

    TestFlow complete(String condition) {
        text.newLine().append("complete when ");
        completion.add(TestExpressions.parse(condition, text));
        return this;
    }

    TestFlow limits(Long executions, Duration time, Double cost) {
        SourceRef start = text.newLine().put("limits");
        text.append((executions == null ? "" : " max executions " + executions) + (time == null ? "" : " max time " + time)
                + (cost == null ? "" : " max cost " + cost));
        limits = new Limits(executions, time, cost, text.since(start));
        return this;
    }

    TestFlow maxParallel(int n) {
        config = new Config(n, true, text.newLine().put("max parallel " + n));
        return this;
    }

    /** The workflow's own line {@code on failure escalate to TARGET}. */
    TestFlow escalateTo(String target) {
        SourceRef start = text.newLine().put("on failure escalate to ");
        var ref = new NameRef(target, text.put(target));
        Config c = config == null ? Config.DEFAULT : config;
        config = new Config(c.maxParallel(), c.failFast(), null, null, null, c.source(), c.growth(),
                new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.TO, ref, null, null, text.since(start)));
        return this;
    }

    /** The workflow's line {@code grows max N nodes, max M in all} (either may be null). */
    TestFlow grows(Integer perAnswer, Integer total) {
        String line = "grows max " + (perAnswer == null ? "" : perAnswer + " nodes") + (perAnswer != null && total != null ? ", max " : "")
                + (total == null ? "" : total + " in all");
        SourceRef at = text.newLine().put(line);
        Config c = config == null ? Config.DEFAULT : config;
        config = new Config(c.maxParallel(), c.failFast(), null, null, null, c.source(), new dev.flow.model.Growth(perAnswer, total, at),
                c.escalation());
        return this;
    }

    /** Leaves out the implicit {@code start} and {@code end}, as a broken front end might. */
    TestFlow withoutImplicitNodes() {
        implicitNodes = false;
        return this;
    }

    // ------------------------------------------------------------------ results

    Workflow build() {
        var all = new ArrayList<Node>();
        if (implicitNodes) {
            all.add(Node.of(Node.START_ID, new NodeSpec.Start(), SourceRef.NONE));
        }
        all.addAll(nodes);
        if (implicitNodes) {
            all.add(Node.of(Node.END_ID, new NodeSpec.End(), SourceRef.NONE));
        }
        return Workflow.builder().id(id).inputs(inputs).state(state).gates(gates).agents(agents).nodes(all).edges(edges).limits(limits)
                .interrupts(interrupts).completion(completion).config(config).source(source).build();
    }

    FlowGraph graph(TestFlow... called) {
        return new FlowGraph(build(), Arrays.stream(called).map(TestFlow::build).toList());
    }

    List<Diagnostic> check(TestFlow... called) {
        return Checker.check(graph(called));
    }

    // ------------------------------------------------------------------ node parts

    /** Something a node declaration says, written onto its line. */
    interface Part {
        void apply(Draft draft, SourceText text);
    }

    /** Something an edge says after its condition. */
    interface EdgePart {
        void apply(EdgeDraft draft, SourceText text);
    }

    static Part agent(String name) {
        return (d, t) -> d.agent = new NameRef(name, withSpace(t, "agent ", name));
    }

    static Part command(String... args) {
        return (d, t) -> d.command = new Command.Argv(List.of(args), t.append(" ").put("run " + Arrays.toString(args)));
    }

    static Part prompt(String prompt) {
        return (d, t) -> {
            t.append(" prompt \"" + prompt + "\"");
            d.prompt = prompt;
        };
    }

    /** A prompt in dialect 1's template syntax ({@code prompt format "..."}). */
    static Part formatPrompt(String prompt) {
        return (d, t) -> {
            t.append(" prompt format \"" + prompt + "\"");
            d.prompt = prompt;
            d.format = true;
        };
    }

    static Part title(String title) {
        return (d, t) -> {
            t.append(" title \"" + title + "\"");
            d.title = title;
        };
    }

    static Part outputs(String... names) {
        return (d, t) -> {
            t.append(" outputs ");
            for (int i = 0; i < names.length; i++) {
                d.outputs.add(new OutputDecl(names[i], null, t.put(names[i])));
                if (i < names.length - 1) {
                    t.append(", ");
                }
            }
        };
    }

    /** {@code on failure escalate to TARGET} (with {@code max N} when max is not null). */
    static Part escalateTo(String target, Integer max) {
        return (d, t) -> {
            SourceRef start = t.append(" ").put("on failure escalate to ");
            var ref = new NameRef(target, t.put(target));
            if (max != null) {
                t.append(" max " + max);
            }
            d.escalation = new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.TO, ref, null, max, t.since(start));
        };
    }

    /** {@code planner grows max N nodes, max M in all}; both null for a bare {@code planner}. */
    static Part planner(Integer perAnswer, Integer total) {
        return (d, t) -> {
            String words = "planner" + (perAnswer == null && total == null ? "" : " grows max " + (perAnswer == null ? total + " in all"
                    : perAnswer + " nodes" + (total == null ? "" : ", max " + total + " in all")));
            d.planner = new dev.flow.model.Growth(perAnswer, total, t.append(" ").put(words));
        };
    }

    /** {@code isolate worktree} on a task. */
    static Part isolated() {
        return (d, t) -> {
            t.append(" isolate worktree");
            d.isolation = dev.flow.model.Isolation.WORKTREE;
        };
    }

    static Part gates(String... names) {
        return (d, t) -> d.gates.addAll(names(t, "gates", names));
    }

    static Part branches(String... names) {
        return (d, t) -> d.branches.addAll(names(t, "branches", names));
    }

    static Part waitFor(String... names) {
        return (d, t) -> d.waitFor.addAll(names(t, "wait all of", names));
    }

    /** For gate definitions: {@code after a, b}. */
    static Part after(String... names) {
        return (d, t) -> d.after.addAll(names(t, "after", names));
    }

    static Part defaultOutput(String name) {
        return (d, t) -> d.defaultOutput = new NameRef(name, withSpace(t, "default ", name));
    }

    static Part timeout(Duration timeout) {
        return (d, t) -> {
            t.append(" timeout " + timeout);
            d.timeout = timeout;
        };
    }

    static Part retry(int count, Duration initial, double factor, Duration max) {
        return (d, t) -> d.retry = new RetryPolicy(count, initial, factor, max, true,
                t.append(" ").put("retry " + count + " backoff " + initial + " factor " + factor + " max backoff " + max));
    }

    /** {@code retry N on OUTPUT, ...} with the default backoff. */
    static Part retryOn(int count, String... outputs) {
        return (d, t) -> {
            SourceRef start = t.append(" ").put("retry " + count + " on");
            var on = new ArrayList<NameRef>();
            for (int i = 0; i < outputs.length; i++) {
                t.append(i == 0 ? " " : ", ");
                on.add(new NameRef(outputs[i], t.put(outputs[i])));
            }
            d.retry = RetryPolicy.times(count, t.since(start)).on(on);
        };
    }

    /** {@code on OUTPUT set VAR = EXPR} or {@code on OUTPUT append EXPR to VAR}, one update. */
    static Part on(String output, String update) {
        return (d, t) -> {
            SourceRef start = t.append(" ").put("on ");
            NameRef out = new NameRef(output, t.put(output));
            t.append(" ");
            d.handlers.add(new OutputHandler(out, List.of(update(update, t)), t.since(start)));
        };
    }

    private static StateUpdate update(String update, SourceText t) {
        Matcher set = Pattern.compile("set (\\w+) = (.*)").matcher(update);
        Matcher append = Pattern.compile("append (.*) to (\\w+)").matcher(update);
        SourceRef start = t.here();
        if (set.matches()) {
            t.append("set ");
            NameRef variable = new NameRef(set.group(1), t.put(set.group(1)));
            t.append(" = ");
            Expr value = TestExpressions.parse(set.group(2), t);
            return new StateUpdate(variable, StateUpdate.Op.SET, value, t.since(start));
        }
        if (!append.matches()) {
            throw new IllegalArgumentException("not an update: " + update);
        }
        t.append("append ");
        Expr value = TestExpressions.parse(append.group(1), t);
        t.append(" to ");
        NameRef variable = new NameRef(append.group(2), t.put(append.group(2)));
        return new StateUpdate(variable, StateUpdate.Op.APPEND, value, t.since(start));
    }

    /** A task's input from the key-value store: {@code inputs { AS = NODE["KEY"] }}, AS left out when null. */
    static Part reads(String as, String node, String key) {
        return (d, t) -> {
            t.append(" inputs { ");
            SourceRef start = t.here();
            if (as != null) {
                t.append(as + " = ");
            }
            NameRef ref = new NameRef(node, t.put(node));
            t.append("[\"" + key + "\"]");
            d.kvInputs.add(new KvRef(ref, key, as, t.since(start)));
            t.append(" }");
        };
    }

    /** A subgraph input: {@code with { KEY = EXPR }}. */
    static Part with(String key, String value) {
        return (d, t) -> d.inputs.add(mapping(key, value, t, " with { ", " }"));
    }

    /** A subgraph's returned value: {@code returns { KEY = EXPR }}. */
    static Part returns(String key, String value) {
        return (d, t) -> d.returns.add(mapping(key, value, t, " returns { ", " }"));
    }

    /** A data mapping on an edge: {@code with { KEY = EXPR }}. */
    static EdgePart mapping(String key, String value) {
        return (d, t) -> d.mappings.add(mapping(key, value, t, " with { ", " }"));
    }

    private static Mapping mapping(String key, String value, SourceText t, String open, String close) {
        t.append(open);
        SourceRef start = t.put(key);
        t.append(" = ");
        Expr expr = TestExpressions.parse(value, t);
        Mapping mapping = new Mapping(key, expr, t.since(start));
        t.append(close);
        return mapping;
    }

    private static List<NameRef> names(SourceText t, String keyword, String... names) {
        t.append(" " + keyword + " ");
        var refs = new ArrayList<NameRef>();
        for (int i = 0; i < names.length; i++) {
            refs.add(new NameRef(names[i], t.put(names[i])));
            if (i < names.length - 1) {
                t.append(", ");
            }
        }
        return refs;
    }

    private static SourceRef withSpace(SourceText t, String keyword, String name) {
        t.append(" " + keyword);
        return t.put(name);
    }

    private static Part named(BiConsumer<Draft, SourceText> action) {
        return action::accept;
    }

    static Part[] prepend(Part first, Part... rest) {
        var all = new Part[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    private void apply(Draft draft, Part... parts) {
        for (Part part : parts) {
            part.apply(draft, text);
        }
    }

    private static Value parseValue(String text) {
        var scratch = new SourceText("value");
        scratch.newLine();
        Expr expr = TestExpressions.parse(text, scratch);
        if (expr instanceof Expr.Unary negative && negative.operand() instanceof Expr.Literal literal) {
            return literal.value() instanceof Value.Int i ? Value.of(-i.value()) : Value.of(-((Value.Real) literal.value()).value());
        }
        if (expr instanceof Expr.OutputTest word) {
            return word.outputs().get(0).name().equals("null") ? Value.Null.INSTANCE : Value.of(word.outputs().get(0).name());
        }
        return ((Expr.Literal) expr).value();
    }

    /** What a node declaration has said so far. */
    static final class Draft {
        final String id;
        NameRef agent;
        Command command;
        String prompt;
        boolean format;
        String title;
        NameRef gate;
        NameRef workflow;
        NameRef defaultOutput;
        Expr condition;
        Duration timeout;
        RetryPolicy retry;
        dev.flow.model.Escalation escalation;
        dev.flow.model.Growth planner;
        dev.flow.model.Isolation isolation;
        final List<OutputDecl> outputs = new ArrayList<>();
        final List<OutputHandler> handlers = new ArrayList<>();
        final List<NameRef> gates = new ArrayList<>();
        final List<NameRef> branches = new ArrayList<>();
        final List<NameRef> waitFor = new ArrayList<>();
        final List<NameRef> after = new ArrayList<>();
        final List<Mapping> inputs = new ArrayList<>();
        final List<Mapping> returns = new ArrayList<>();
        final List<KvRef> kvInputs = new ArrayList<>();

        Draft(String id) {
            this.id = id;
        }

        NodeSpec spec(NodeKind kind) {
            return switch (kind) {
                case TASK -> NodeSpec.Task.builder()
                        .call(c -> c.agent(agent).prompt(prompt).promptSyntax(format ? dev.flow.model.PromptSyntax.FORMAT : null).inputs(kvInputs))
                        .command(command)
                        .execution(e -> e.gates(gates).isolation(isolation))
                        .steering(s -> s.planner(planner))
                        .build();
                case GATE -> new NodeSpec.Gate(gate);
                case BRANCH -> new NodeSpec.Branch(condition);
                case PARALLEL -> new NodeSpec.Parallel(branches, null);
                case MERGE -> new NodeSpec.Merge(waitFor, null, null, agent, prompt);
                case SUBGRAPH -> new NodeSpec.Subgraph(workflow, inputs, returns);
                case HUMAN -> new NodeSpec.Human(title, prompt, defaultOutput);
                case CHECKPOINT -> new NodeSpec.Checkpoint();
                case START -> new NodeSpec.Start();
                case END -> new NodeSpec.End();
                case UNKNOWN -> new NodeSpec.Unknown(null);
            };
        }
    }

    /** What an edge says beyond its ends, loop and condition. */
    static final class EdgeDraft {
        final List<Mapping> mappings = new ArrayList<>();
    }
}
