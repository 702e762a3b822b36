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
        assertThat(json).contains("\"max_parallel\" : 3", "\"on_limit_reached\" : true", "\"kind\" : \"merge\"", "\"PT10M\"");
        // Helper methods of the records are not properties.
        assertThat(json).doesNotContain("\"loop\" : true", "\"unknown\"", "\"empty\"");
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
