package dev.flow.model.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.model.FlowGraph;
import dev.flow.model.SampleGraphs;
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
        var isolated = new dev.flow.model.NodeSpec.Task(null, null, null, new dev.flow.model.Command.Shell("make fix", null), null,
                java.util.List.of(), java.util.Map.of(), java.util.List.of(), null, null, dev.flow.model.Isolation.WORKTREE, null);
        var plain = new dev.flow.model.NodeSpec.Task(null, null, null, new dev.flow.model.Command.Shell("ls", null), null,
                java.util.List.of(), java.util.Map.of(), java.util.List.of());
        var gate = new dev.flow.model.NodeSpec.Gate(dev.flow.model.NameRef.of("tests"), dev.flow.model.Isolation.WORKTREE);
        var w = new dev.flow.model.Workflow("w", null, null, null, null, null, null, null, java.util.List.of(
                dev.flow.model.Node.of("fix", isolated, null), dev.flow.model.Node.of("look", plain, null), dev.flow.model.Node.of("check", gate, null)),
                null, null, null, null, new dev.flow.model.Config(4, true, null, dev.flow.model.Isolation.WORKTREE, "../app", null), null);
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
        var src = dev.flow.model.SourceRef.of("w.flow", 40, 7, 3, 5);
        var plan = new dev.flow.model.NodeSpec.Task(dev.flow.model.NameRef.of("claude"), null, "plan it", null, null, java.util.List.of(),
                java.util.Map.of(), java.util.List.of()).asPlanner(new dev.flow.model.Growth(5, 20, src));
        var bare = new dev.flow.model.NodeSpec.Task(dev.flow.model.NameRef.of("claude"), null, "plan more", null, null, java.util.List.of(),
                java.util.Map.of(), java.util.List.of()).asPlanner(dev.flow.model.Growth.DEFAULTS);
        var to = new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.TO, dev.flow.model.NameRef.of("triage"), null, 2, src);
        var auto = new dev.flow.model.Escalation(dev.flow.model.Escalation.Mode.AUTO, null, dev.flow.model.NameRef.of("claude"), null, null);
        var planNode = dev.flow.model.Node.of("plan", plan, null);
        var escalating = new dev.flow.model.Node("more", null, null, bare, null, null, null, null, null,
                java.util.Map.of("flow", new dev.flow.model.Value.Obj(java.util.Map.of("grown_by", new dev.flow.model.Value.Str("plan")))), null, to);
        var config = new dev.flow.model.Config(4, true, null, null, null, null, new dev.flow.model.Growth(null, 50, src), auto);
        var w = new dev.flow.model.Workflow("w", null, null, null, null, null, null, null, java.util.List.of(planNode, escalating), null, null,
                null, null, config, null);
        String json = GraphJson.write(FlowGraph.of(w));
        assertThat(GraphJson.read(json)).isEqualTo(FlowGraph.of(w));
        assertThat(json).contains("\"planner\" : {", "\"max_per_answer\" : 5", "\"max_total\" : 20", "\"escalation\" : {",
                "\"mode\" : \"to\"", "\"target\" : {", "\"mode\" : \"auto\"", "\"growth\" : {");
        assertThat(GraphJson.write(GraphJson.read(json))).isEqualTo(json);
        assertThat(dev.flow.model.Provenance.grownBy(GraphJson.read(json).main().node("more").orElseThrow())).contains("plan");
    }

    @Test
    void aNodeOfUnknownTypeReadsBackWithTheTypeAsWritten() throws Exception {
        var node = dev.flow.model.Node.of("poll", new dev.flow.model.NodeSpec.Unknown("loop"), dev.flow.model.SourceRef.of("w.yaml", 30, 4, 3, 11));
        var workflow = new dev.flow.model.Workflow("w", null, null, null, null, null, null, null, java.util.List.of(node), null, null, null, null,
                null, null);
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
    void withoutSourcesLeavesNoPositionBehind() {
        String json = GraphJson.writeWithoutSources(SampleGraphs.everything());
        assertThat(json).doesNotContain("\"source\"", "sample.flow").contains("\"analyze\"");
    }

    @Test
    void floatsStayFloatsAndIntsStayInts() throws Exception {
        FlowGraph graph = SampleGraphs.everything();
        FlowGraph back = GraphJson.read(GraphJson.write(graph));
        assertThat(back.main().input("budget").orElseThrow().defaultValue()).isEqualTo(dev.flow.model.Value.of(2.5));
        assertThat(back.main().variable("attempts").orElseThrow().initial()).isEqualTo(dev.flow.model.Value.of(0L));
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
