package dev.flow.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which sandbox setting a step's process gets: the task's own, else its agent's, else its workflow's. */
class SandboxTest {
    private static final Sandbox ON = new Sandbox(true, true, List.of(), null);
    private static final Sandbox OFFLINE = new Sandbox(true, false, List.of("~/.cache"), null);
    private static final Sandbox NONE = Sandbox.none(null);

    private static Workflow workflow(Sandbox workflowWide, Sandbox agentOwn, Node... nodes) {
        var all = new ArrayList<Node>();
        all.add(Node.of("start", new NodeSpec.Start(), null));
        all.addAll(List.of(nodes));
        all.add(Node.of("end", new NodeSpec.End(), null));
        var agent = new AgentDef("coder", null, new Command.Argv(List.of("coder"), null), null, Map.of(), agentOwn, null, List.of());
        return Workflow.builder().id("w").agents(List.of(agent)).nodes(all)
                .config(new Config(4, true, workflowWide, dev.flow.model.Isolation.NONE, null, null)).build();
    }

    private static Node agentTask(String id, Sandbox own) {
        return Node.of(id, NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("coder")).prompt("go")).execution(e -> e.sandbox(own)).build(), null);
    }

    private static Node commandTask(String id, Sandbox own) {
        return Node.of(id, NodeSpec.Task.builder().command(new Command.Argv(List.of("make"), null)).execution(e -> e.sandbox(own)).build(), null);
    }

    @Test
    void theNearestSettingCountsWhole() {
        Node plain = agentTask("plain", null);
        Node own = agentTask("own", OFFLINE);
        Node optedOut = agentTask("out", NONE);
        Workflow w = workflow(ON, null, plain, own, optedOut);
        assertThat(Sandbox.of(w, plain)).isEqualTo(ON);
        assertThat(Sandbox.of(w, own)).isEqualTo(OFFLINE);
        assertThat(Sandbox.of(w, optedOut)).isNull();
        assertThat(Sandbox.of(workflow(ON, OFFLINE, plain), plain)).as("the agent's setting before the workflow's").isEqualTo(OFFLINE);
        assertThat(Sandbox.of(workflow(ON, NONE, plain), plain)).as("an agent that says none").isNull();
    }

    @Test
    void commandTasksTakeTheWorkflowsSettingAndGatesNone() {
        Node make = commandTask("make", null);
        Node gate = Node.of("test", new NodeSpec.Gate(NameRef.of("tests")), null);
        Workflow w = workflow(ON, null, make, gate);
        assertThat(Sandbox.of(w, make)).isEqualTo(ON);
        assertThat(Sandbox.of(w, gate)).isNull();
        assertThat(Sandbox.of(workflow(null, null, make), make)).isNull();
    }

    @Test
    void aGraphNeedsASandboxWhenAnyOfItsWorkflowsRunsAStepInOne() {
        Node make = commandTask("make", null);
        assertThat(Sandbox.firstUse(FlowGraph.of(workflow(null, null, make)))).isEmpty();
        var child = workflow(ON, null, make);
        var main = Workflow.builder().id("main").nodes(workflow(null, null).nodes()).build();
        assertThat(Sandbox.firstUse(new FlowGraph(main, List.of(child)))).contains(new Sandbox.Use(child, make, ON));
    }
}
