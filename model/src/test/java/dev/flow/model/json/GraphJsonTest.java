package dev.flow.model.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.Escalation;
import dev.flow.model.FlowGraph;
import dev.flow.model.Growth;
import dev.flow.model.Isolation;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Provenance;
import dev.flow.testing.SampleGraphs;
import dev.flow.model.SourceRef;
import dev.flow.model.Supervision;
import dev.flow.lowering.SupervisionWiring;
import dev.flow.model.Value;
import dev.flow.model.Workflow;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GraphJsonTest {

    @Test
    void everyElementSurvivesARoundTrip() throws Exception {
        FlowGraph graph = SampleGraphs.everything();
        String json = GraphJson.write(graph);
        assertThat(GraphJson.read(json)).usingRecursiveComparison().isEqualTo(graph);
        assertThat(GraphJson.read(json)).isEqualTo(graph);
        // Writing what was read gives the same text: the format is stable.
        assertThat(GraphJson.write(GraphJson.read(json))).isEqualTo(json);
    }

    @Test
    void isolationSurvivesARoundTripAndNoneIsLeftOut() throws Exception {
        var isolated = NodeSpec.Task.builder().command(new Command.Shell("make fix", null)).execution(e -> e.isolation(Isolation.WORKTREE)).build();
        var plain = NodeSpec.Task.builder().command(new Command.Shell("ls", null)).build();
        var gate = new NodeSpec.Gate(NameRef.of("tests"), Isolation.WORKTREE);
        var w = Workflow.builder().id("w")
                .nodes(List.of(Node.of("fix", isolated, null), Node.of("look", plain, null), Node.of("check", gate, null)))
                .config(new Config(4, true, null, Isolation.WORKTREE, "../app", null)).build();
        String json = GraphJson.write(FlowGraph.of(w));
        assertThat(GraphJson.read(json)).isEqualTo(FlowGraph.of(w));
        assertThat(json).contains("\"isolation\" : \"worktree\"", "\"repository\" : \"../app\"")
                .doesNotContain("\"none\"");
        var tree = new ObjectMapper().readTree(json).get("workflow").get("nodes");
        assertThat(tree.get(1).get("spec").has("isolation")).as("none is the default, left out").isFalse();
        assertThat(GraphJson.read(json).main().node("fix").orElseThrow().effectiveOutputs()).containsExactly("done", "conflict");
    }

    @Test
    void plannersEscalationsAndGrowthLimitsSurviveARoundTrip() throws Exception {
        var src = SourceRef.of("w.flow", 40, 7, 3, 5);
        var plan = NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("claude")).prompt("plan it"))
                .steering(s -> s.planner(new Growth(5, 20, src))).build();
        var bare = NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("claude")).prompt("plan more"))
                .steering(s -> s.planner(Growth.DEFAULTS)).build();
        var to = new Escalation(Escalation.Mode.TO, NameRef.of("triage"), null, 2, src);
        var auto = new Escalation(Escalation.Mode.AUTO, null, NameRef.of("claude"), null, null);
        var planNode = Node.of("plan", plan, null);
        var escalating = Node.builder().id("more").spec(bare)
                .metadata(Map.of("flow", new Value.Obj(Map.of("grown_by", new Value.Str("plan"))))).escalation(to).build();
        var config = new Config(4, true, null, null, null, null, new Growth(null, 50, src), auto);
        var w = Workflow.builder().id("w").nodes(List.of(planNode, escalating)).config(config).build();
        String json = GraphJson.write(FlowGraph.of(w));
        assertThat(GraphJson.read(json)).isEqualTo(FlowGraph.of(w));
        assertThat(json).contains("\"planner\" : {", "\"max_per_answer\" : 5", "\"max_total\" : 20", "\"escalation\" : {",
                "\"mode\" : \"to\"", "\"target\" : {", "\"mode\" : \"auto\"", "\"growth\" : {");
        assertThat(GraphJson.write(GraphJson.read(json))).isEqualTo(json);
        assertThat(Provenance.grownBy(GraphJson.read(json).main().node("more").orElseThrow())).contains("plan");
    }

    @Test
    void aSupervisorAndItsWiringSurviveARoundTrip() throws Exception {
        var supervision = new Supervision(List.of(NameRef.of("venue"), NameRef.of("budget")),
                NameRef.of("person"), new LoopControl(12, null), Supervision.Finish.NEVER);
        var lead = NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("claude")).prompt("Plan"))
                .steering(s -> s.supervisor(supervision)).build();
        var venue = NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("claude")).prompt("Find a venue")).build();
        var w = Workflow.builder().id("w")
                .nodes(List.of(Node.of("lead", lead, null), Node.of("venue", venue, null), Node.of("budget", venue, null))).build();
        FlowGraph wired = FlowGraph.of(SupervisionWiring.wire(w));
        String json = GraphJson.write(wired);
        assertThat(GraphJson.read(json)).isEqualTo(wired);
        assertThat(GraphJson.write(GraphJson.read(json))).isEqualTo(json);
        var spec = new ObjectMapper().readTree(GraphJson.writeWithoutSources(wired)).get("workflow").get("nodes").get(0).get("spec");
        assertThat(spec.get("supervisor").toString()).isEqualTo("{\"participants\":[{\"name\":\"venue\"},{\"name\":\"budget\"}],"
                + "\"ask\":{\"name\":\"person\"},\"rounds\":{\"max_iterations\":12},\"finish\":\"never\"}");
        var plain = new ObjectMapper().readTree(GraphJson.writeWithoutSources(FlowGraph.of(w))).get("workflow").get("nodes").get(1).get("spec");
        assertThat(plain.has("supervisor")).as("a task that leads nobody has no supervisor key").isFalse();
    }

    @Test
    void aTaskSpecWithAnUnknownKeyIsRefusedNamingTheKeysOfATask() {
        var node = new ObjectMapper().createObjectNode().put("id", "x");
        node.putObject("spec").put("kind", "task").put("promt", "hi");
        // the keys of a task, whichever group of its settings holds them; not those of the node around it
        assertThatThrownBy(() -> GraphJson.readNode(node)).isInstanceOf(GraphFormatException.class)
                .hasMessageStartingWith("unknown key \"promt\" at spec; the keys there are ")
                .hasMessageContainingAll("agent", "context_files", "cwd", "gates", "isolation", " prompt,", "session", "supervisor", "planner")
                .hasMessageNotContaining("escalation");
    }

    @Test
    void aNodeOfUnknownTypeReadsBackWithTheTypeAsWritten() throws Exception {
        var node = Node.of("poll", new NodeSpec.Unknown("loop"), SourceRef.of("w.yaml", 30, 4, 3, 11));
        var workflow = Workflow.builder().id("w").nodes(List.of(node)).build();
        FlowGraph graph = FlowGraph.of(workflow);
        String json = GraphJson.write(graph);
        assertThat(json).contains("\"kind\" : \"unknown\"", "\"type\" : \"loop\"");
        assertThat(GraphJson.read(json)).isEqualTo(graph);
    }

    @Test
    void compiledGraphCarriesTheFormatTagAndSnakeCaseKeys() throws Exception {
        String json = GraphJson.write(SampleGraphs.everything());
        var tree = new ObjectMapper().readTree(json);
        assertThat(tree.get("format").asText()).isEqualTo("flow-graph/1");
        assertThat(json).contains("\"max_parallel\" : 3", "\"on_limit_reached\" : true", "\"kind\" : \"merge\"", "\"PT10M\"",
                "\"session\" : \"continue\"", "\"on\" : [ {");
        // Helper methods of the records are not properties.
        assertThat(json).doesNotContain("\"loop\" : true", "\"unknown\"", "\"empty\"");
    }

    @Test
    void sandboxSettingsAreObjectsOnTheTaskTheAgentAndTheConfig() throws Exception {
        var tree = new ObjectMapper().readTree(GraphJson.writeWithoutSources(SampleGraphs.everything()));
        var workflow = tree.get("workflow");
        assertThat(workflow.at("/config/sandbox").toString()).isEqualTo("{\"enabled\":true,\"network\":true}");
        assertThat(workflow.at("/agents/0/sandbox").toString()).isEqualTo("{\"enabled\":true,\"network\":false,\"writes\":[\"~/.fake\"]}");
        assertThat(workflow.at("/nodes/2/spec/sandbox").toString()).isEqualTo("{\"enabled\":false,\"network\":true}");
    }

    @Test
    void aTasksKvInputsAreItsNodeKeyAndName() throws Exception {
        var tree = new ObjectMapper().readTree(GraphJson.writeWithoutSources(SampleGraphs.everything()));
        assertThat(tree.at("/workflow/nodes/1/spec/inputs").toString()).isEqualTo(
                "[{\"node\":{\"name\":\"plan\"},\"key\":\"ctx.goal\",\"as\":\"goal\"},{\"node\":{\"name\":\"run\"},\"key\":\"ctx.decisions\"}]");
        assertThat(tree.at("/workflow/nodes/2/spec").has("inputs")).as("none is left out").isFalse();
    }

    @Test
    void withoutSourcesLeavesNoPositionBehind() {
        String json = GraphJson.writeWithoutSources(SampleGraphs.everything());
        assertThat(json).doesNotContain("\"source\"", "sample.flow").contains("\"analyze\"");
    }

    @Test
    void floatsStayFloatsAndIntsStayInts() throws Exception {
        FlowGraph graph = SampleGraphs.everything();
        FlowGraph back = GraphJson.read(GraphJson.write(graph));
        assertThat(back.main().input("budget").orElseThrow().defaultValue()).isEqualTo(Value.of(2.5));
        assertThat(back.main().variable("attempts").orElseThrow().initial()).isEqualTo(Value.of(0L));
    }

    @Test
    void anEdgeWithoutOnLimitReachedIsRefusedNamingTheKeyNotJacksonsSetting() throws Exception {
        // a planner's "grow" edge without it got "Cannot map `null` into type `boolean` (set DeserializationConfig...)"
        var edge = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"id\": \"e\", \"from\": {\"name\": \"a\"}, \"to\": {\"name\": \"b\"}}");
        assertThatThrownBy(() -> GraphJson.readEdge(edge)).isInstanceOf(GraphFormatException.class)
                .hasMessage("\"on_limit_reached\" is missing (or null): give it as true or false");
    }

    @Test
    void refusesAnotherFormat() {
        assertThatThrownBy(() -> GraphJson.read("{\"format\":\"flow-graph/9\",\"workflow\":{}}"))
                .isInstanceOf(GraphFormatException.class)
                .hasMessageContaining("unsupported format \"flow-graph/9\"");
    }

    @Test
    void refusesTextThatIsNotJsonWithAPosition() {
        assertThatThrownBy(() -> GraphJson.read("{\n  \"format\": \"flow-graph/1\",\n  oops\n}"))
                .isInstanceOfSatisfying(GraphFormatException.class, e -> assertThat(e.line()).isEqualTo(3));
    }

    @Test
    void refusesUnknownKeys() {
        assertThatThrownBy(() -> GraphJson.read("{\"format\":\"flow-graph/1\",\"workflow\":{\"id\":\"x\",\"nodez\":[]}}"))
                .isInstanceOf(GraphFormatException.class)
                .hasMessageContaining("nodez");
    }
}
