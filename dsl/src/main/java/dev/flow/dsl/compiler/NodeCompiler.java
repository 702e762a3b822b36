package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.AppendUpdate;
import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.GateNode;
import dev.flow.dsl.flow.Human;
import dev.flow.dsl.flow.KvInput;
import dev.flow.dsl.flow.MappingEntry;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.Parallel;
import dev.flow.dsl.flow.Retry;
import dev.flow.dsl.flow.Subgraph;
import dev.flow.dsl.flow.Supervisor;
import dev.flow.dsl.flow.Task;
import dev.flow.dsl.flow.WaitModeKind;
import dev.flow.model.Isolation;
import dev.flow.model.KvRef;
import dev.flow.model.LoopControl;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.OutputHandler;
import dev.flow.model.PromptSyntax;
import dev.flow.model.RetryPolicy;
import dev.flow.model.SessionMode;
import dev.flow.model.StateUpdate;
import dev.flow.model.Supervision;
import dev.flow.model.WaitMode;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;

/** One node: what its kind does, its outputs, timeout, retries, state updates and metadata. */
final class NodeCompiler {

    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    private final SourceRefs positions;
    private final NameRefs names;
    private final ExpressionCompiler expressions;
    private final DefinitionCompiler definitions;
    private final GrowthCompiler growth;

    NodeCompiler(SourceRefs positions, NameRefs names, ExpressionCompiler expressions, DefinitionCompiler definitions) {
        this.positions = positions;
        this.names = names;
        this.expressions = expressions;
        this.definitions = definitions;
        this.growth = new GrowthCompiler(positions, names);
    }

    /** @param isolation the workflow's {@code isolate}, the default of its tasks */
    Node compile(dev.flow.dsl.flow.Node n, Isolation isolation) {
        var outputs = new ArrayList<OutputDecl>();
        for (var o : n.getOutputs()) {
            outputs.add(new OutputDecl(o.getName(), o.getDescription(), positions.name(o)));
        }
        var handlers = new ArrayList<OutputHandler>();
        for (var h : n.getHandlers()) {
            handlers.add(new OutputHandler(names.of(h, FLOW.getOutputHandler_Output()), updates(h.getUpdates()), positions.of(h)));
        }
        return Node.builder()
                .id(n.getName())
                .label(n.getLabel())
                .description(n.getDescription())
                .spec(spec(n, isolation))
                .outputs(outputs)
                .retry(retry(n.getRetry()))
                .timeout(DefinitionCompiler.duration(n.getTimeout()))
                .onOutput(handlers)
                .waitForIncoming(waitForIncoming(n))
                .metadata(Constants.fields(n.getMeta()))
                .source(positions.name(n))
                .escalation(growth.escalation(n.getEscalate()))
                .build();
    }

    private NodeSpec spec(dev.flow.dsl.flow.Node n, Isolation isolation) {
        if (n instanceof Task t) {
            SessionMode session = DefinitionCompiler.isSet(positions, t, FLOW.getTask_Session())
                    ? SessionMode.valueOf(t.getSession().getName()) : null;
            return NodeSpec.Task.builder()
                    .call(c -> c.agent(names.of(t, FLOW.getTask_Agent())).role(t.getRole()).prompt(t.getPrompt())
                            .promptSyntax(t.isPromptFormat() ? PromptSyntax.FORMAT : PromptSyntax.FLOW).session(session)
                            .contextFiles(t.getContextFiles()).inputs(kvInputs(t)))
                    .command(definitions.command(t.getCommand()))
                    .execution(e -> e.cwd(t.getCwd()).env(DefinitionCompiler.env(t.getEnv())).sandbox(definitions.sandbox(t.getSandbox()))
                            .isolation(Isolations.of(t, () -> isolation, this::written)).gates(names.all(t, FLOW.getTask_Gates())))
                    .steering(s -> s.planner(growth.planner(t)))
                    .build();
        } else if (n instanceof Supervisor s) {
            return supervisor(s);
        } else if (n instanceof GateNode g) {
            return new NodeSpec.Gate(names.of(g, FLOW.getGateNode_Gate()), Isolations.of(g, () -> isolation, this::written));
        } else if (n instanceof Branch b) {
            return new NodeSpec.Branch(expressions.compile(b.getCondition()));
        } else if (n instanceof Parallel p) {
            return new NodeSpec.Parallel(names.all(p, FLOW.getParallel_Branches()), waitMode(p));
        } else if (n instanceof Merge m) {
            MergeStrategy strategy = !DefinitionCompiler.isSet(positions, m, FLOW.getMerge_Strategy()) ? MergeStrategy.UNION
                    : MergeStrategy.valueOf(m.getStrategy().getName());
            return new NodeSpec.Merge(names.all(m, FLOW.getNode_WaitFor()), waitMode(m), strategy,
                    names.of(m, FLOW.getMerge_Agent()), m.getPrompt());
        } else if (n instanceof Subgraph s) {
            return new NodeSpec.Subgraph(names.of(s, FLOW.getSubgraph_Workflow()), mappings(s.getInputs()), mappings(s.getResults()));
        } else if (n instanceof Human h) {
            return new NodeSpec.Human(h.getTitle(), h.getPrompt(), names.of(h, FLOW.getHuman_Default()));
        }
        return new NodeSpec.Checkpoint();
    }

    /**
     * A supervisor: a task that decides between its participants. It never runs in a worktree (it
     * changes no files: its participants do). {@link dev.flow.lowering.SupervisionWiring} wires it.
     */
    private NodeSpec supervisor(Supervisor s) {
        SessionMode session = DefinitionCompiler.isSet(positions, s, FLOW.getSupervisor_Session())
                ? SessionMode.valueOf(s.getSession().getName()) : null;
        LoopControl rounds = DefinitionCompiler.isSet(positions, s, FLOW.getSupervisor_MaxRounds())
                ? new LoopControl(s.getMaxRounds(), positions.of(s, FLOW.getSupervisor_MaxRounds())) : null;
        Supervision.Finish finish = DefinitionCompiler.isSet(positions, s, FLOW.getSupervisor_Finish()) ? Supervision.Finish.NEVER : null;
        var supervision = new Supervision(names.all(s, FLOW.getSupervisor_Participants()), names.of(s, FLOW.getSupervisor_Ask()), rounds, finish);
        return NodeSpec.Task.builder()
                .call(c -> c.agent(names.of(s, FLOW.getSupervisor_Agent())).role(s.getRole()).prompt(s.getPrompt()).session(session)
                        .contextFiles(s.getContextFiles()))
                .execution(e -> e.cwd(s.getCwd()).env(DefinitionCompiler.env(s.getEnv())).sandbox(definitions.sandbox(s.getSandbox()))
                        .isolation(Isolation.NONE))
                .steering(st -> st.supervisor(supervision))
                .build();
    }

    /** {@code inputs { goal = plan["ctx.goal"], run["ctx.decisions"] }}; {@code run} names the run-wide keys. */
    private List<KvRef> kvInputs(Task t) {
        var out = new ArrayList<KvRef>();
        for (KvInput input : t.getInputs()) {
            NameRef node = input.isRun() ? new NameRef(KvRef.RUN, positions.of(input, FLOW.getKvInput_Run()))
                    : names.of(input, FLOW.getKvInput_Node());
            if (node != null && input.getKey() != null) {
                out.add(new KvRef(node, input.getKey(), input.getAlias(), positions.of(input)));
            }
        }
        return out;
    }

    /** {@code wait X}: a merge's or parallel's own mode; ALL when not written. */
    private WaitMode waitMode(dev.flow.dsl.flow.Node n) {
        return DefinitionCompiler.isSet(positions, n, FLOW.getNode_Wait()) ? mode(n.getWait()) : WaitMode.ALL;
    }

    /**
     * How the node waits for its incoming edges: {@code wait incoming X} on any node, or
     * {@code wait X} on a node that is neither a merge nor a parallel; null when not written.
     */
    private WaitMode waitForIncoming(dev.flow.dsl.flow.Node n) {
        if (DefinitionCompiler.isSet(positions, n, FLOW.getNode_Incoming())) {
            return mode(n.getIncoming());
        }
        boolean ownMode = n instanceof Merge || n instanceof Parallel;
        return !ownMode && DefinitionCompiler.isSet(positions, n, FLOW.getNode_Wait()) ? mode(n.getWait()) : null;
    }

    private static WaitMode mode(WaitModeKind kind) {
        return WaitMode.valueOf(kind.getName());
    }

    private RetryPolicy retry(Retry r) {
        if (r == null) {
            return null;
        }
        var initial = r.getInitialBackoff() == null ? RetryPolicy.DEFAULT_INITIAL_BACKOFF : DefinitionCompiler.duration(r.getInitialBackoff());
        var max = r.getMaxBackoff() == null ? RetryPolicy.DEFAULT_MAX_BACKOFF : DefinitionCompiler.duration(r.getMaxBackoff());
        double factor = DefinitionCompiler.isSet(positions, r, FLOW.getRetry_Factor()) ? r.getFactor() : RetryPolicy.DEFAULT_MULTIPLIER;
        return new RetryPolicy(r.getCount(), initial, factor, max, !r.isNoJitter(), names.all(r, FLOW.getRetry_RetryOn()), positions.of(r));
    }

    private List<StateUpdate> updates(List<dev.flow.dsl.flow.StateUpdate> written) {
        var out = new ArrayList<StateUpdate>();
        for (var u : written) {
            var op = u instanceof AppendUpdate ? StateUpdate.Op.APPEND : StateUpdate.Op.SET;
            var variable = names.of(u, FLOW.getStateUpdate_Variable());
            var value = expressions.compile(u.getValue());
            if (variable != null && value != null) {
                out.add(new StateUpdate(variable, op, value, positions.of(u)));
            }
        }
        return out;
    }

    List<Mapping> mappings(List<MappingEntry> entries) {
        var out = new ArrayList<Mapping>();
        for (MappingEntry entry : entries) {
            var value = expressions.compile(entry.getValue());
            if (entry.getKey() != null && value != null) {
                out.add(new Mapping(entry.getKey(), value, positions.of(entry)));
            }
        }
        return out;
    }

    /** Whether the node's text sets a feature (an enum's default value looks unset to EMF). */
    private boolean written(EObject owner, EAttribute feature) {
        return !positions.nodes(owner, feature).isEmpty();
    }
}
