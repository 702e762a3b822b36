package dev.flow.engine.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine reads a node's incoming edges from its index once a step: the same list as the workflow's scan. */
class RunGraphIncomingTest {
    private static Edge edge(String from, String to, LoopControl loop) {
        return new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, loop, false, List.of(), null);
    }

    @Test
    void theIndexListsWhatTheWorkflowsScanLists() {
        var nodes = List.of(Node.of("start", new NodeSpec.Start(), null), Node.of("a", new NodeSpec.Checkpoint(), null),
                Node.of("b", new NodeSpec.Checkpoint(), null), Node.of("end", new NodeSpec.End(), null));
        var edges = List.of(edge("start", "a"), edge("a", "b"), edge("b", "a", new LoopControl(3, null)), edge("ghost", "b", null),
                edge("b", "end", null));
        Workflow w = Workflow.builder().id("w").nodes(nodes).edges(edges).config(new Config(1, true, null)).build();
        var graph = new RunGraph(FlowGraph.of(w), w);
        for (String id : List.of("start", "a", "b", "end", "ghost")) {
            assertThat(graph.incoming(id)).as(id).isEqualTo(w.edgesTo(id));
        }
        assertThat(graph.incoming("a")).hasSize(2);
    }

    private static Edge edge(String from, String to) {
        return edge(from, to, null);
    }
}
