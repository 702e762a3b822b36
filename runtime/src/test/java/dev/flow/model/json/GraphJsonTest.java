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
