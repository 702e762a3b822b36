package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.Completion;
import dev.flow.dsl.flow.ContinueOnFailure;
import dev.flow.dsl.flow.Description;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.FailFast;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Isolate;
import dev.flow.dsl.flow.MaxCost;
import dev.flow.dsl.flow.MaxExecutions;
import dev.flow.dsl.flow.MaxParallel;
import dev.flow.dsl.flow.MaxTime;
import dev.flow.dsl.flow.Member;
import dev.flow.dsl.flow.Repository;
import dev.flow.dsl.flow.Version;
import dev.flow.dsl.scoping.BuiltinLibrary;
import dev.flow.dsl.scoping.SyntaxTree;
import dev.flow.model.AgentDef;
import dev.flow.model.Config;
import dev.flow.model.Expr;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.Interrupt;
import dev.flow.model.Isolation;
import dev.flow.model.Limits;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.StateVariable;
import dev.flow.lowering.SupervisionWiring;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EObject;

/**
 * One workflow of the syntax tree as a model {@link Workflow}. Besides the workflow's own
 * declarations it collects the top-level and imported gate and agent definitions its nodes use
 * (built-in agents are never copied), and the workflows its subgraphs call.
 */
final class WorkflowCompiler {

    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    private final SourceRefs positions;
    private final NameRefs names;
    private final ExpressionCompiler expressions;
    private final DefinitionCompiler definitions;
    private final NodeCompiler nodes;
    private final GrowthCompiler growthCompiler;
    private final List<GateDef> registryGates;

    /** @param registryGates the gates of the registries the workflow sees, first registry first */
    WorkflowCompiler(SourceRefs positions, NameRefs names, List<GateDef> registryGates) {
        this.positions = positions;
        this.names = names;
        this.expressions = new ExpressionCompiler(positions, names);
        this.definitions = new DefinitionCompiler(positions, names);
        this.nodes = new NodeCompiler(positions, names, expressions, definitions);
        this.growthCompiler = new GrowthCompiler(positions, names);
        this.registryGates = List.copyOf(registryGates);
    }

    /** The workflows that {@code workflow}'s subgraph nodes call and that resolved. */
    static List<dev.flow.dsl.flow.Workflow> called(dev.flow.dsl.flow.Workflow workflow) {
        var out = new ArrayList<dev.flow.dsl.flow.Workflow>();
        for (var subgraph : SyntaxTree.members(workflow, dev.flow.dsl.flow.Subgraph.class)) {
            var target = subgraph.getWorkflow();
            if (target != null && !target.eIsProxy()) {
                out.add(target);
            }
        }
        return out;
    }

    Workflow compile(dev.flow.dsl.flow.Workflow w) {
        var start = positions.name(w);
        var modelNodes = new ArrayList<Node>();
        modelNodes.add(Node.of(Node.START_ID, new NodeSpec.Start(), start));
        var edges = new EdgeCompiler(positions, names, expressions, nodes);
        var inputs = new ArrayList<Input>();
        var state = new ArrayList<StateVariable>();
        var interrupts = new ArrayList<Interrupt>();
        var completion = new ArrayList<Expr>();
        var settings = new Settings();
        Isolation isolation = Isolations.workflowDefault(w);
        for (Member m : w.getMembers()) {
            if (m instanceof dev.flow.dsl.flow.Node n) {
                modelNodes.add(nodes.compile(n, isolation));
                if (n instanceof Branch b) {
                    edges.add(b);
                }
            } else if (m instanceof EdgeStatement e) {
                edges.add(e);
            } else if (m instanceof dev.flow.dsl.flow.Input i) {
                inputs.add(new Input(i.getName(), Constants.type(i.getType()), Constants.value(i.getDefault()),
                        i.getDescription(), positions.name(i)));
            } else if (m instanceof dev.flow.dsl.flow.StateBlock block) {
                for (var v : block.getVariables()) {
                    state.add(new StateVariable(v.getName(), Constants.type(v.getType()), Constants.value(v.getInitial()),
                            v.getDescription(), positions.name(v)));
                }
            } else if (m instanceof dev.flow.dsl.flow.Interrupt i) {
                var timing = i.getTiming() == dev.flow.dsl.flow.InterruptTiming.AFTER ? Interrupt.Timing.AFTER : Interrupt.Timing.BEFORE;
                var node = names.of(i, FLOW.getInterrupt_Node());
                if (node != null) {
                    interrupts.add(new Interrupt(timing, node, expressions.compile(i.getCondition()), i.getPrompt(),
                            !i.isOptional(), positions.of(i)));
                }
            } else if (m instanceof Completion c) {
                for (var condition : c.getConditions()) {
                    completion.add(expressions.compile(condition));
                }
            } else {
                settings.read(m);
            }
        }
        modelNodes.add(Node.of(Node.END_ID, new NodeSpec.End(), start));
        return SupervisionWiring.wire(Workflow.builder()
                .id(w.getName())
                .name(w.getTitle())
                .version(settings.version)
                .description(settings.description)
                .inputs(inputs)
                .state(state)
                .gates(gates(w))
                .agents(agents(w))
                .nodes(modelNodes)
                .edges(edges.edges())
                .limits(settings.limits())
                .interrupts(interrupts)
                .completion(completion)
                .config(settings.config(isolation, Isolations.repository(w)))
                .source(start)
                .build());
    }

    /** Run-wide settings; when one is written twice the last counts (the validator reports it: FLOW005). */
    private final class Settings {
        String version;
        String description;
        Long maxExecutions;
        Duration maxTime;
        Double maxCost;
        EObject firstLimit;
        Integer maxParallel;
        Boolean failFast;
        dev.flow.model.Sandbox sandbox;
        EObject sandboxAt;
        EObject configAt;
        EObject failureAt;
        dev.flow.model.Growth growth;
        dev.flow.model.Escalation escalation;

        void read(Member m) {
            if (m instanceof Description d) {
                description = d.getText();
            } else if (m instanceof Version v) {
                version = v.getText();
            } else if (m instanceof MaxParallel p) {
                maxParallel = p.getValue();
                configAt = m;
            } else if (m instanceof FailFast) {
                failFast = true;
                failureAt = m;
            } else if (m instanceof ContinueOnFailure) {
                failFast = false;
                failureAt = m;
            } else if (m instanceof MaxExecutions e) {
                maxExecutions = e.getValue();
                firstLimit = firstLimit == null ? m : firstLimit;
            } else if (m instanceof MaxTime t) {
                maxTime = DefinitionCompiler.duration(t.getValue());
                firstLimit = firstLimit == null ? m : firstLimit;
            } else if (m instanceof dev.flow.dsl.flow.Sandbox s) {
                sandbox = definitions.sandbox(s);
                sandboxAt = m;
            } else if (m instanceof MaxCost c) {
                maxCost = c.getValue();
                firstLimit = firstLimit == null ? m : firstLimit;
            } else if (m instanceof Isolate || m instanceof Repository) {
                configAt = configAt != null ? configAt : m;
            } else if (m instanceof dev.flow.dsl.flow.Grows g) {
                growth = growthCompiler.growth(g);
                configAt = configAt != null ? configAt : m;
            } else if (m instanceof dev.flow.dsl.flow.Escalate e) {
                escalation = growthCompiler.escalation(e);
                configAt = configAt != null ? configAt : m;
            }
        }

        Limits limits() {
            return firstLimit == null ? Limits.NONE : new Limits(maxExecutions, maxTime, maxCost, positions.of(firstLimit));
        }

        Config config(Isolation isolation, String repository) {
            if (maxParallel == null && failFast == null && sandbox == null && isolation == Isolation.NONE && repository == null && growth == null
                    && escalation == null) {
                return Config.DEFAULT;
            }
            EObject at = configAt != null ? configAt : failureAt != null ? failureAt : sandboxAt;
            return new Config(maxParallel == null ? Config.DEFAULT_MAX_PARALLEL : maxParallel,
                    failFast == null ? Config.DEFAULT.failFast() : failFast, sandbox, isolation, repository, positions.of(at), growth, escalation);
        }
    }

    /**
     * The workflow's own gates, then the ones it uses from the file's top level and imported
     * libraries (with the gates those depend on) in the order first used, then every gate of the
     * registries it can see ({@code import "gates.yaml"}, {@code --gates}) that no earlier gate
     * names. A registry is the project's set of gates, as for a YAML workflow read with it: all of
     * them belong to the workflow, so that a misspelt gate gets the nearest registered name.
     */
    private List<GateDef> gates(dev.flow.dsl.flow.Workflow w) {
        var out = new LinkedHashMap<dev.flow.dsl.flow.GateDef, GateDef>();
        var queue = new ArrayList<dev.flow.dsl.flow.GateDef>(SyntaxTree.gates(w));
        for (var n : SyntaxTree.nodes(w)) {
            if (n instanceof dev.flow.dsl.flow.GateNode g) {
                useGate(g.getGate(), queue);
            } else if (n instanceof dev.flow.dsl.flow.Task t) {
                t.getGates().forEach(used -> useGate(used, queue));
            }
        }
        return withDependenciesAndRegistries(queue);
    }

    /**
     * The gate definitions at the top of a file that holds no workflow (a gate library), with the
     * gates they depend on and those of the registries it sees: what the checker's definition
     * rules need to check a library on its own.
     */
    List<GateDef> libraryGates(dev.flow.dsl.flow.FlowFile file) {
        return withDependenciesAndRegistries(new ArrayList<>(SyntaxTree.topLevel(file, dev.flow.dsl.flow.GateDef.class)));
    }

    /** {@code queue} compiled, with every gate it depends on, then the registries' gates no earlier gate names. */
    private List<GateDef> withDependenciesAndRegistries(List<dev.flow.dsl.flow.GateDef> queue) {
        var out = new LinkedHashMap<dev.flow.dsl.flow.GateDef, GateDef>();
        for (int i = 0; i < queue.size(); i++) {
            var g = queue.get(i);
            out.putIfAbsent(g, definitions.gate(g));
            g.getDependsOn().forEach(used -> useGate(used, queue));
        }
        var all = new ArrayList<>(out.values());
        var names = new HashSet<String>();
        all.forEach(g -> names.add(g.name()));
        registryGates.stream().filter(g -> names.add(g.name())).forEach(all::add);
        return List.copyOf(all);
    }

    private static void useGate(dev.flow.dsl.flow.GateDef target, List<dev.flow.dsl.flow.GateDef> queue) {
        if (target != null && !target.eIsProxy() && !queue.contains(target)) {
            queue.add(target);
        }
    }

    /** The workflow's own agents, then the non-built-in ones it uses from elsewhere. */
    private List<AgentDef> agents(dev.flow.dsl.flow.Workflow w) {
        Map<dev.flow.dsl.flow.AgentDef, AgentDef> out = new LinkedHashMap<>();
        for (var a : SyntaxTree.agents(w)) {
            out.put(a, definitions.agent(a));
        }
        for (var n : SyntaxTree.nodes(w)) {
            dev.flow.dsl.flow.AgentDef used = n instanceof dev.flow.dsl.flow.Task t ? t.getAgent()
                    : n instanceof dev.flow.dsl.flow.Supervisor s ? s.getAgent()
                    : n instanceof dev.flow.dsl.flow.Merge m ? m.getAgent() : null;
            if (used != null && !used.eIsProxy() && !BuiltinLibrary.isBuiltin(used.eResource())) {
                out.computeIfAbsent(used, definitions::agent);
            }
        }
        return List.copyOf(out.values());
    }
}
