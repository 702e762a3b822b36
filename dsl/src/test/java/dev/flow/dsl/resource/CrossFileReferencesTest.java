package dev.flow.dsl.resource;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.flow.FlowPackage.Literals;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The index's walk goes into what can refer to another file's gates, agents and workflows, and skips the rest. */
class CrossFileReferencesTest {

    @Test
    void theWalkGoesDownToEveryElementThatNamesAGateAnAgentOrAWorkflow() {
        // every node may hold one: "on failure escalate" names an agent
        assertThat(List.of(Literals.FLOW_FILE, Literals.WORKFLOW, Literals.TASK, Literals.GATE_NODE, Literals.SUBGRAPH, Literals.CHECKPOINT))
                .allMatch(CrossFileReferences::mayHold);
    }

    @Test
    void itSkipsWhatHoldsOnlyNamesOfItsOwnFile() {
        assertThat(List.of(Literals.EDGE_STATEMENT, Literals.BINARY_EXPR, Literals.INPUT)).noneMatch(CrossFileReferences::mayHold);
    }

    @Test
    void onlyReferencesToGatesAgentsAndWorkflowsCrossFiles() {
        assertThat(List.of(Literals.GATE_NODE__GATE, Literals.SUBGRAPH__WORKFLOW)).allMatch(CrossFileReferences::crosses);
        assertThat(CrossFileReferences.crosses(Literals.NODE_END__NODE)).isFalse();
    }
}
