package dev.flow.engine;

import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.Interrupt;
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
import dev.flow.model.Severity;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds graph models for tests, the way a front end would: {@code Flows.workflow("w").task(...).edge(...).graph()}. */
final class Flows {
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
    private Limits limits = Limits.NONE;
    private Config config = Config.DEFAULT;

    /** A node under construction. */
    static final class N {
        final String id;
        NodeSpec spec;
        List<String> outputs = List.of();
        RetryPolicy retry;
        Duration timeout;
        List<OutputHandler> handlers = new ArrayList<>();
        WaitMode wait;
        dev.flow.model.Escalation escalation;

        N(String id, NodeSpec spec) {
            this.id = id;
            this.spec = spec;
        }

        Node build() {
            return Node.builder().id(id).spec(spec).outputs(outputs.stream().map(OutputDecl::of).toList()).retry(retry).timeout(timeout)
                    .onOutput(handlers).waitForIncoming(wait).escalation(escalation).build();
        }
    }

    private Flows(String id) {
        this.id = id;
        nodes.put("start", new N("start", new NodeSpec.Start()));
        nodes.put("end", new N("end", new NodeSpec.End()));
    }

    static Flows workflow(String id) {
        return new Flows(id);
    }

    private Flows add(String nodeId, NodeSpec spec) {
        nodes.put(nodeId, new N(nodeId, spec));
        return this;
    }

    Flows sh(String nodeId, String line) {
        return add(nodeId, NodeSpec.Task.builder().command(new Command.Shell(line, null)).build());
    }

    Flows argv(String nodeId, String... args) {
        return add(nodeId, NodeSpec.Task.builder().command(new Command.Argv(List.of(args), null)).build());
    }

    Flows agentTask(String nodeId, String agent, String prompt) {
        return add(nodeId, NodeSpec.Task.builder().call(c -> c.agent(NameRef.of(agent)).prompt(prompt)).build());
    }

    /** A task with only a role (dialect 1's task_config): the role's agent runs it. */
    Flows roleTask(String nodeId, String role, String prompt) {
        return add(nodeId, NodeSpec.Task.builder().call(c -> c.role(role).prompt(prompt)).build());
    }

    /** A task as given. */
    Flows task(String nodeId, NodeSpec.Task spec) {
        return add(nodeId, spec);
    }

    /** An agent that plays {@code roles}. */
    Flows roleAgent(String name, List<String> argv, String... roles) {
        agents.add(new AgentDef(name, null, new Command.Argv(argv, null), AgentDef.PromptVia.STDIN, Map.of(), null, null, List.of(roles)));
        return this;
    }

    /** The scripted agent of examples/agents, defined under {@code name}. */
    Flows scriptedAgent(String name) {
        agents.add(new AgentDef(name, null, new Command.Argv(List.of(TestPaths.scriptedAgent().toString()), null), AgentDef.PromptVia.STDIN,
                Map.of(), null));
        return this;
    }

    /** An agent as given. */
    Flows agent(AgentDef def) {
        agents.add(def);
        return this;
    }

    Flows agentDef(String name, List<String> argv, AgentDef.PromptVia via) {
        agents.add(new AgentDef(name, null, new Command.Argv(argv, null), via, Map.of(), null));
        return this;
    }

    Flows gateDef(String name, String shLine) {
        return gateDef(name, shLine, Severity.ERROR, List.of());
    }

    Flows gateDef(String name, String shLine, Severity severity, List<String> dependsOn) {
        gates.add(new GateDef(name, null, new Command.Shell(shLine, null), null, Map.of(), false, List.of(),
                dependsOn.stream().map(NameRef::of).toList(), severity, null));
        return this;
    }

    Flows gate(String nodeId, String gateName) {
        return add(nodeId, new NodeSpec.Gate(NameRef.of(gateName)));
    }

    Flows branch(String nodeId, Expr condition) {
        return add(nodeId, new NodeSpec.Branch(condition));
    }

    Flows parallel(String nodeId, String... branches) {
        return add(nodeId, new NodeSpec.Parallel(Arrays.stream(branches).map(NameRef::of).toList(), WaitMode.ALL));
    }

    /** A parallel node that goes on with the first of its branches to reach their merge ({@code wait first}). */
    Flows parallelFirst(String nodeId, String... branches) {
        return add(nodeId, new NodeSpec.Parallel(Arrays.stream(branches).map(NameRef::of).toList(), WaitMode.FIRST));
    }

    Flows merge(String nodeId, WaitMode mode, MergeStrategy strategy) {
        return add(nodeId, new NodeSpec.Merge(List.of(), mode, strategy, null, null));
    }

    Flows checkpoint(String nodeId) {
        return add(nodeId, new NodeSpec.Checkpoint());
    }

    Flows human(String nodeId, String prompt, String defaultOutput, String... outputs) {
        add(nodeId, new NodeSpec.Human("Decide", prompt, defaultOutput == null ? null : NameRef.of(defaultOutput)));
        return outputs(nodeId, outputs);
    }

    Flows subgraph(String nodeId, String workflow, Map<String, Expr> in, Map<String, Expr> out) {
        return add(nodeId, new NodeSpec.Subgraph(NameRef.of(workflow), mappings(in), mappings(out)));
    }

    Flows sub(Workflow w) {
        subs.add(w);
        return this;
    }

    /** The node (a task or a gate node) runs in a worktree of its own. */
    Flows isolate(String nodeId) {
        N n = nodes.get(nodeId);
        if (n.spec instanceof NodeSpec.Task t) {
            n.spec = t.toBuilder().execution(e -> e.isolation(dev.flow.model.Isolation.WORKTREE)).build();
        } else {
            n.spec = new NodeSpec.Gate(((NodeSpec.Gate) n.spec).gate(), dev.flow.model.Isolation.WORKTREE);
        }
        return this;
    }

    /** The gates a task runs after its work. */
    Flows gates(String nodeId, String... gateNames) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().execution(e -> e.gates(Arrays.stream(gateNames).map(NameRef::of).toList())).build();
        return this;
    }

    /** Run-wide settings with isolated steps applied to {@code repository} (null: the workflow folder's repository). */
    Flows config(int maxParallel, boolean failFast, String repository) {
        config = new Config(maxParallel, failFast, null, dev.flow.model.Isolation.NONE, repository, null);
        return this;
    }

    Flows outputs(String nodeId, String... outputs) {
        nodes.get(nodeId).outputs = List.of(outputs);
        return this;
    }

    Flows retry(String nodeId, int retries, Duration initial) {
        nodes.get(nodeId).retry = new RetryPolicy(retries, initial, 2.0, Duration.ofSeconds(10), false, null);
        return this;
    }

    /** {@code retry N on OUTPUT...}: the outputs are tried again while attempts remain. */
    Flows retryOn(String nodeId, int retries, Duration initial, String... outputs) {
        nodes.get(nodeId).retry = new RetryPolicy(retries, initial, 2.0, Duration.ofSeconds(10), false,
                Arrays.stream(outputs).map(NameRef::of).toList(), null);
        return this;
    }

    /** {@code session continue} on an agent task. */
    Flows continueSession(String nodeId) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().call(c -> c.session(dev.flow.model.SessionMode.CONTINUE)).build();
        return this;
    }

    /** The task is a planner with these limits (null: the workflow's). */
    Flows planner(String nodeId, Integer perAnswer, Integer total) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().steering(s -> s.planner(new dev.flow.model.Growth(perAnswer, total, null))).build();
        return this;
    }

    /** {@code on failure escalate to TARGET} on a node. */
    Flows escalateTo(String nodeId, String target) {
        nodes.get(nodeId).escalation = new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.TO, NameRef.of(target), null, null, null);
        return this;
    }

    /** {@code on failure escalate auto} on a node, run by {@code agent} (null: the planner role's). */
    Flows escalateAuto(String nodeId, String agent) {
        nodes.get(nodeId).escalation = new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.AUTO, null,
                agent == null ? null : NameRef.of(agent), null, null);
        return this;
    }

    /** The workflow's growth limits. */
    Flows grows(Integer perAnswer, Integer total) {
        config = new Config(config.maxParallel(), config.failFast(), config.sandbox(), config.isolation(), config.repository(), null,
                new dev.flow.model.Growth(perAnswer, total, null), config.escalation());
        return this;
    }

    Flows timeout(String nodeId, Duration d) {
        nodes.get(nodeId).timeout = d;
        return this;
    }

    Flows wait(String nodeId, WaitMode mode) {
        nodes.get(nodeId).wait = mode;
        return this;
    }

    Flows on(String nodeId, String output, String variable, Expr value) {
        nodes.get(nodeId).handlers.add(new OutputHandler(NameRef.of(output),
                List.of(new StateUpdate(NameRef.of(variable), StateUpdate.Op.SET, value, null)), null));
        return this;
    }

    Flows append(String nodeId, String output, String variable, Expr value) {
        nodes.get(nodeId).handlers.add(new OutputHandler(NameRef.of(output),
                List.of(new StateUpdate(NameRef.of(variable), StateUpdate.Op.APPEND, value, null)), null));
        return this;
    }

    Flows edge(String from, String to) {
        return edge(from, to, null);
    }

    Flows edge(String from, String to, Expr when) {
        edges.add(new Edge(from + "->" + to + (edges.stream().anyMatch(e -> e.id().startsWith(from + "->" + to)) ? "#" + edges.size() : ""),
                NameRef.of(from), NameRef.of(to), when, null, false, List.of(), null));
        return this;
    }

    /** A chain of edges through the given nodes. */
    Flows chain(String... ids) {
        for (int i = 0; i + 1 < ids.length; i++) {
            edge(ids[i], ids[i + 1]);
        }
        return this;
    }

    Flows edgeWith(String from, String to, Map<String, Expr> mapping) {
        edges.add(new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, null, false, mappings(mapping), null));
        return this;
    }

    Flows loop(String from, String to, int max, Expr when) {
        edges.add(new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), when, new LoopControl(max, null), false, List.of(), null));
        return this;
    }

    Flows onLimit(String from, String to) {
        edges.add(new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, null, true, List.of(), null));
        return this;
    }

    Flows input(String name, Type type, Value defaultValue) {
        inputs.add(new Input(name, type, defaultValue, null, null));
        return this;
    }

    Flows state(String name, Type type, Value initial) {
        state.add(new StateVariable(name, type, initial, null, null));
        return this;
    }

    Flows interrupt(Interrupt.Timing timing, String nodeId, boolean required) {
        interrupts.add(new Interrupt(timing, NameRef.of(nodeId), null, "Go on with " + nodeId + "?", required, null));
        return this;
    }

    Flows completeWhen(Expr e) {
        completion.add(e);
        return this;
    }

    Flows limits(Long executions, Duration time, Double cost) {
        limits = new Limits(executions, time, cost, null);
        return this;
    }

    Flows config(int maxParallel, boolean failFast) {
        config = new Config(maxParallel, failFast, config.sandbox(), dev.flow.model.Isolation.NONE, null, null);
        return this;
    }

    /** The workflow-wide sandbox setting. */
    Flows sandbox(Sandbox s) {
        config = new Config(config.maxParallel(), config.failFast(), s, dev.flow.model.Isolation.NONE, null, null);
        return this;
    }

    /** A task's own sandbox setting. */
    Flows sandbox(String nodeId, Sandbox s) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().execution(e -> e.sandbox(s)).build();
        return this;
    }

    /** A task's working directory and environment. */
    Flows cwdAndEnv(String nodeId, String cwd, Map<String, String> env) {
        var t = (NodeSpec.Task) nodes.get(nodeId).spec;
        nodes.get(nodeId).spec = t.toBuilder().execution(e -> e.cwd(cwd).env(env)).build();
        return this;
    }

    /** An agent defined by {@code argv} with its own sandbox setting. */
    Flows agentDef(String name, List<String> argv, Sandbox s) {
        agents.add(new AgentDef(name, null, new Command.Argv(argv, null), AgentDef.PromptVia.STDIN, Map.of(), s, null, List.of()));
        return this;
    }

    Workflow build() {
        return Workflow.builder().id(id).inputs(inputs).state(state).gates(gates).agents(agents).nodes(nodes.values().stream().map(N::build).toList())
                .edges(edges).limits(limits).interrupts(interrupts).completion(completion).config(config).build();
    }

    FlowGraph graph() {
        return new FlowGraph(build(), subs);
    }

    private static List<Mapping> mappings(Map<String, Expr> m) {
        return m.entrySet().stream().map(e -> new Mapping(e.getKey(), e.getValue(), null)).toList();
    }

    // ---- expressions

    static Expr ref(String path) {
        return new Expr.Ref(path, null);
    }

    static Expr lit(Object v) {
        return new Expr.Literal(Value.fromJava(v), null);
    }

    static Expr not(Expr e) {
        return new Expr.Unary(Expr.UnaryOp.NOT, e, null);
    }

    static Expr bin(Expr.BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r, null);
    }

    static Expr any(String... outputs) {
        return new Expr.OutputTest(Expr.Quantifier.ANY, Arrays.stream(outputs).map(NameRef::of).toList(), null);
    }

    static Expr all(String... outputs) {
        return new Expr.OutputTest(Expr.Quantifier.ALL, Arrays.stream(outputs).map(NameRef::of).toList(), null);
    }

    static Path unused() {
        return null;
    }
}
