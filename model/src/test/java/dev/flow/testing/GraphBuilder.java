package dev.flow.testing;

import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.Escalation;
import dev.flow.model.Expr;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Growth;
import dev.flow.model.Input;
import dev.flow.model.Interrupt;
import dev.flow.model.Isolation;
import dev.flow.model.Limits;
import dev.flow.model.LoopControl;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.OutputHandler;
import dev.flow.model.RetryPolicy;
import dev.flow.model.Sandbox;
import dev.flow.model.SessionMode;
import dev.flow.model.Severity;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds graph models for tests, the way a front end would, without positions:
 *
 * <pre>{@code
 * FlowGraph g = GraphBuilder.workflow("w").sh("build", "make").gateDef("tests", "make test").gate("test", "tests")
 *         .chain("start", "build", "test").edge("test", "end", ref("test.passed")).graph();
 * }</pre>
 *
 * The implicit {@code start} and {@code end} nodes are there from the first call; edge ids are
 * {@code FROM->TO}. Every module's tests build their graphs here (runtime, CLI, studio, benchmarks);
 * the checker's tests, which need every element to point at its text, use {@code check.TestFlow}.
 */
public final class GraphBuilder {
    private final String id;
    private final Map<String, N> nodes = new LinkedHashMap<>();
    private final List<Edge> edges = new ArrayList<>();
    private final List<GateDef> gates = new ArrayList<>();
    private final List<AgentDef> agents = new ArrayList<>();
    private final List<Input> inputs = new ArrayList<>();
    private final List<StateVariable> state = new ArrayList<>();
    private final List<Interrupt> interrupts = new ArrayList<>();
    private final List<Expr> completion = new ArrayList<>();
    private final List<Workflow> subs = new ArrayList<>();
    private String name;
    private Limits limits = Limits.NONE;
    private Config config = Config.DEFAULT;

    /** A node under construction: tasks are refined after they are added ({@link #isolate}, {@link #gates}, ...). */
    private static final class N {
        final String id;
        NodeSpec spec;
        List<String> outputs = List.of();
        RetryPolicy retry;
        Duration timeout;
        List<OutputHandler> handlers = new ArrayList<>();
        WaitMode wait;
        Escalation escalation;

        N(String id, NodeSpec spec) {
            this.id = id;
            this.spec = spec;
        }

        Node build() {
            return Node.builder().id(id).spec(spec).outputs(outputs.stream().map(OutputDecl::of).toList()).retry(retry).timeout(timeout)
                    .onOutput(handlers).waitForIncoming(wait).escalation(escalation).build();
        }
    }

    private GraphBuilder(String id) {
        this.id = id;
        nodes.put("start", new N("start", new NodeSpec.Start()));
        nodes.put("end", new N("end", new NodeSpec.End()));
    }

    /** A workflow {@code id} with only its start and end nodes. */
    public static GraphBuilder workflow(String id) {
        return new GraphBuilder(id);
    }

    /** The workflow's display name. */
    public GraphBuilder name(String displayName) {
        name = displayName;
        return this;
    }

    private GraphBuilder add(String nodeId, NodeSpec spec) {
        nodes.put(nodeId, new N(nodeId, spec));
        return this;
    }

    /** A task that runs a shell line. */
    public GraphBuilder sh(String nodeId, String line) {
        return add(nodeId, NodeSpec.Task.builder().command(new Command.Shell(line, null)).build());
    }

    /** A task that runs a program with its arguments, no shell. */
    public GraphBuilder argv(String nodeId, String... args) {
        return add(nodeId, NodeSpec.Task.builder().command(new Command.Argv(List.of(args), null)).build());
    }

    /** A task that sends {@code prompt} to {@code agent}. */
    public GraphBuilder agentTask(String nodeId, String agent, String prompt) {
        return add(nodeId, NodeSpec.Task.builder().call(c -> c.agent(NameRef.of(agent)).prompt(prompt)).build());
    }

    /** A task with only a role (dialect 1's task_config): the role's agent runs it. */
    public GraphBuilder roleTask(String nodeId, String role, String prompt) {
        return add(nodeId, NodeSpec.Task.builder().call(c -> c.role(role).prompt(prompt)).build());
    }

    /** A task as given. */
    public GraphBuilder task(String nodeId, NodeSpec.Task spec) {
        return add(nodeId, spec);
    }

    /** An agent that plays {@code roles}. */
    public GraphBuilder roleAgent(String name, List<String> argv, String... roles) {
        agents.add(new AgentDef(name, null, new Command.Argv(argv, null), AgentDef.PromptVia.STDIN, Map.of(), null, null, List.of(roles)));
        return this;
    }

    /** An agent as given. */
    public GraphBuilder agent(AgentDef def) {
        agents.add(def);
        return this;
    }

    /** An agent run as {@code argv}, the prompt given {@code via} stdin or a file. */
    public GraphBuilder agentDef(String name, List<String> argv, AgentDef.PromptVia via) {
        agents.add(new AgentDef(name, null, new Command.Argv(argv, null), via, Map.of(), null));
        return this;
    }

    /** A gate definition that runs a shell line, an error when it fails. */
    public GraphBuilder gateDef(String name, String shLine) {
        return gateDef(name, shLine, Severity.ERROR, List.of());
    }

    /** A gate definition with its severity and the gates it runs after. */
    public GraphBuilder gateDef(String name, String shLine, Severity severity, List<String> dependsOn) {
        gates.add(new GateDef(name, null, new Command.Shell(shLine, null), null, Map.of(), false, List.of(),
                dependsOn.stream().map(NameRef::of).toList(), severity, null));
        return this;
    }

    /** A gate node that runs the gate {@code gateName}. */
    public GraphBuilder gate(String nodeId, String gateName) {
        return add(nodeId, new NodeSpec.Gate(NameRef.of(gateName)));
    }

    /** A branch node: {@code on_true} or {@code on_false} by {@code condition}. */
    public GraphBuilder branch(String nodeId, Expr condition) {
        return add(nodeId, new NodeSpec.Branch(condition));
    }

    /** A parallel node that waits for all its branches (none named: its edges). */
    public GraphBuilder parallel(String nodeId, String... branches) {
        return add(nodeId, new NodeSpec.Parallel(Arrays.stream(branches).map(NameRef::of).toList(), WaitMode.ALL));
    }

    /** A parallel node that goes on with the first of its branches to reach their merge ({@code wait first}). */
    public GraphBuilder parallelFirst(String nodeId, String... branches) {
        return add(nodeId, new NodeSpec.Parallel(Arrays.stream(branches).map(NameRef::of).toList(), WaitMode.FIRST));
    }

    /** A merge node. */
    public GraphBuilder merge(String nodeId, WaitMode mode, MergeStrategy strategy) {
        return add(nodeId, new NodeSpec.Merge(List.of(), mode, strategy, null, null));
    }

    /** A checkpoint node. */
    public GraphBuilder checkpoint(String nodeId) {
        return add(nodeId, new NodeSpec.Checkpoint());
    }

    /** A question for a person, answered with one of {@code outputs} ({@code defaultOutput} on timeout, may be null). */
    public GraphBuilder human(String nodeId, String prompt, String defaultOutput, String... outputs) {
        add(nodeId, new NodeSpec.Human("Decide", prompt, defaultOutput == null ? null : NameRef.of(defaultOutput)));
        return outputs(nodeId, outputs);
    }

    /** A subgraph node that runs {@code workflow} with the input and output mappings given. */
    public GraphBuilder subgraph(String nodeId, String workflow, Map<String, Expr> in, Map<String, Expr> out) {
        return add(nodeId, new NodeSpec.Subgraph(NameRef.of(workflow), mappings(in), mappings(out)));
    }

    /** A workflow the subgraph nodes can run. */
    public GraphBuilder sub(Workflow w) {
        subs.add(w);
        return this;
    }

    /** The node (a task or a gate node) runs in a worktree of its own. */
    public GraphBuilder isolate(String nodeId) {
        N n = nodes.get(nodeId);
        if (n.spec instanceof NodeSpec.Task t) {
            n.spec = t.toBuilder().execution(e -> e.isolation(Isolation.WORKTREE)).build();
        } else {
            n.spec = new NodeSpec.Gate(((NodeSpec.Gate) n.spec).gate(), Isolation.WORKTREE);
        }
        return this;
    }

    /** The gates a task runs after its work. */
    public GraphBuilder gates(String nodeId, String... gateNames) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().execution(e -> e.gates(Arrays.stream(gateNames).map(NameRef::of).toList())).build();
        return this;
    }

    /** Run-wide settings with isolated steps applied to {@code repository} (null: the workflow folder's repository). */
    public GraphBuilder config(int maxParallel, boolean failFast, String repository) {
        config = new Config(maxParallel, failFast, null, Isolation.NONE, repository, null);
        return this;
    }

    /** The outputs a node declares. */
    public GraphBuilder outputs(String nodeId, String... outputs) {
        nodes.get(nodeId).outputs = List.of(outputs);
        return this;
    }

    /** {@code retry N} with exponential backoff from {@code initial}. */
    public GraphBuilder retry(String nodeId, int retries, Duration initial) {
        nodes.get(nodeId).retry = new RetryPolicy(retries, initial, 2.0, Duration.ofSeconds(10), false, null);
        return this;
    }

    /** {@code retry N on OUTPUT...}: the outputs are tried again while attempts remain. */
    public GraphBuilder retryOn(String nodeId, int retries, Duration initial, String... outputs) {
        nodes.get(nodeId).retry = new RetryPolicy(retries, initial, 2.0, Duration.ofSeconds(10), false,
                Arrays.stream(outputs).map(NameRef::of).toList(), null);
        return this;
    }

    /** {@code session continue} on an agent task. */
    public GraphBuilder continueSession(String nodeId) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().call(c -> c.session(SessionMode.CONTINUE)).build();
        return this;
    }

    /** The task is a planner with these limits (null: the workflow's). */
    public GraphBuilder planner(String nodeId, Integer perAnswer, Integer total) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().steering(s -> s.planner(new Growth(perAnswer, total, null))).build();
        return this;
    }

    /** {@code on failure escalate to TARGET} on a node. */
    public GraphBuilder escalateTo(String nodeId, String target) {
        nodes.get(nodeId).escalation = new Escalation(Escalation.Mode.TO, NameRef.of(target), null, null, null);
        return this;
    }

    /** {@code on failure escalate auto} on a node, run by {@code agent} (null: the planner role's). */
    public GraphBuilder escalateAuto(String nodeId, String agent) {
        nodes.get(nodeId).escalation = new Escalation(Escalation.Mode.AUTO, null,
                agent == null ? null : NameRef.of(agent), null, null);
        return this;
    }

    /** The workflow's growth limits. */
    public GraphBuilder grows(Integer perAnswer, Integer total) {
        config = new Config(config.maxParallel(), config.failFast(), config.sandbox(), config.isolation(), config.repository(), null,
                new Growth(perAnswer, total, null), config.escalation());
        return this;
    }

    /** A node's timeout. */
    public GraphBuilder timeout(String nodeId, Duration d) {
        nodes.get(nodeId).timeout = d;
        return this;
    }

    /** How a node waits for its incoming edges. */
    public GraphBuilder wait(String nodeId, WaitMode mode) {
        nodes.get(nodeId).wait = mode;
        return this;
    }

    /** {@code on OUTPUT set VARIABLE = VALUE}. */
    public GraphBuilder on(String nodeId, String output, String variable, Expr value) {
        nodes.get(nodeId).handlers.add(new OutputHandler(NameRef.of(output),
                List.of(new StateUpdate(NameRef.of(variable), StateUpdate.Op.SET, value, null)), null));
        return this;
    }

    /** {@code on OUTPUT append VALUE to VARIABLE}. */
    public GraphBuilder append(String nodeId, String output, String variable, Expr value) {
        nodes.get(nodeId).handlers.add(new OutputHandler(NameRef.of(output),
                List.of(new StateUpdate(NameRef.of(variable), StateUpdate.Op.APPEND, value, null)), null));
        return this;
    }

    /** An edge always taken. */
    public GraphBuilder edge(String from, String to) {
        return edge(from, to, null);
    }

    /** An edge taken when {@code when} holds (null: always); a second edge between the same nodes gets an id of its own. */
    public GraphBuilder edge(String from, String to, Expr when) {
        edges.add(new Edge(from + "->" + to + (edges.stream().anyMatch(e -> e.id().startsWith(from + "->" + to)) ? "#" + edges.size() : ""),
                NameRef.of(from), NameRef.of(to), when, null, false, List.of(), null));
        return this;
    }

    /** A chain of edges through the given nodes. */
    public GraphBuilder chain(String... ids) {
        for (int i = 0; i + 1 < ids.length; i++) {
            edge(ids[i], ids[i + 1]);
        }
        return this;
    }

    /** An edge that maps values into its target. */
    public GraphBuilder edgeWith(String from, String to, Map<String, Expr> mapping) {
        edges.add(new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, null, false, mappings(mapping), null));
        return this;
    }

    /** A loop edge taken at most {@code max} times while {@code when} holds. */
    public GraphBuilder loop(String from, String to, int max, Expr when) {
        edges.add(new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), when, new LoopControl(max, null), false, List.of(), null));
        return this;
    }

    /** The edge taken when its source's loop ran out ({@code on limit}). */
    public GraphBuilder onLimit(String from, String to) {
        edges.add(new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, null, true, List.of(), null));
        return this;
    }

    /** A typed input with its default (may be null). */
    public GraphBuilder input(String name, Type type, Value defaultValue) {
        inputs.add(new Input(name, type, defaultValue, null, null));
        return this;
    }

    /** A state variable with its initial value. */
    public GraphBuilder state(String name, Type type, Value initial) {
        state.add(new StateVariable(name, type, initial, null, null));
        return this;
    }

    /** A question to a person before or after a node. */
    public GraphBuilder interrupt(Interrupt.Timing timing, String nodeId, boolean required) {
        interrupts.add(new Interrupt(timing, NameRef.of(nodeId), null, "Go on with " + nodeId + "?", required, null));
        return this;
    }

    /** A completion condition. */
    public GraphBuilder completeWhen(Expr e) {
        completion.add(e);
        return this;
    }

    /** The run's limits: executions, time, cost (each may be null). */
    public GraphBuilder limits(Long executions, Duration time, Double cost) {
        limits = new Limits(executions, time, cost, null);
        return this;
    }

    /** Run-wide settings. */
    public GraphBuilder config(int maxParallel, boolean failFast) {
        config = new Config(maxParallel, failFast, config.sandbox(), Isolation.NONE, null, null);
        return this;
    }

    /** The workflow-wide sandbox setting. */
    public GraphBuilder sandbox(Sandbox s) {
        config = new Config(config.maxParallel(), config.failFast(), s, Isolation.NONE, null, null);
        return this;
    }

    /** A task's own sandbox setting. */
    public GraphBuilder sandbox(String nodeId, Sandbox s) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().execution(e -> e.sandbox(s)).build();
        return this;
    }

    /** A task's working directory and environment. */
    public GraphBuilder cwdAndEnv(String nodeId, String cwd, Map<String, String> env) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().execution(e -> e.cwd(cwd).env(env)).build();
        return this;
    }

    /** An agent defined by {@code argv} with its own sandbox setting. */
    public GraphBuilder agentDef(String name, List<String> argv, Sandbox s) {
        agents.add(new AgentDef(name, null, new Command.Argv(argv, null), AgentDef.PromptVia.STDIN, Map.of(), s, null, List.of()));
        return this;
    }

    /** The main workflow. */
    public Workflow build() {
        return Workflow.builder().id(id).name(name).inputs(inputs).state(state).gates(gates).agents(agents).nodes(nodes.values().stream().map(N::build).toList())
                .edges(edges).limits(limits).interrupts(interrupts).completion(completion).config(config).build();
    }

    /** The main workflow with the workflows added by {@link #sub}. */
    public FlowGraph graph() {
        return new FlowGraph(build(), subs);
    }

    private static List<Mapping> mappings(Map<String, Expr> m) {
        return m.entrySet().stream().map(e -> new Mapping(e.getKey(), e.getValue(), null)).toList();
    }

    // ---- expressions

    /** A reference: {@code state.x}, {@code node.output}, an input. */
    public static Expr ref(String path) {
        return new Expr.Ref(path, null);
    }

    /** A literal of a Java value (String, Long, Double, Boolean, List, Map). */
    public static Expr lit(Object v) {
        return new Expr.Literal(Value.fromJava(v), null);
    }

    /** A literal. */
    public static Expr lit(Value v) {
        return new Expr.Literal(v, null);
    }

    /** {@code -e}. */
    public static Expr neg(Expr e) {
        return new Expr.Unary(Expr.UnaryOp.NEGATE, e, null);
    }

    /** {@code !e}. */
    public static Expr not(Expr e) {
        return new Expr.Unary(Expr.UnaryOp.NOT, e, null);
    }

    /** A binary expression. */
    public static Expr bin(Expr.BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r, null);
    }

    /** {@code any(OUTPUT...)}: the node produced one of these. */
    public static Expr any(String... outputs) {
        return new Expr.OutputTest(Expr.Quantifier.ANY, Arrays.stream(outputs).map(NameRef::of).toList(), null);
    }

    /** {@code all(OUTPUT...)}. */
    public static Expr all(String... outputs) {
        return new Expr.OutputTest(Expr.Quantifier.ALL, Arrays.stream(outputs).map(NameRef::of).toList(), null);
    }

}
