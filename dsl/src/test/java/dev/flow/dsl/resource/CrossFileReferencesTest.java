package dev.flow.dsl.resource;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.flow.FlowPackage;
import org.junit.jupiter.api.Test;

/** The index's walk goes into what can refer to another file's gates, agents and workflows, and skips the rest. */
class CrossFileReferencesTest {

    @Test
    void theWalkGoesDownToEveryElementThatNamesAGateAnAgentOrAWorkflow() {
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.FLOW_FILE)).isTrue();
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.WORKFLOW)).isTrue();
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.TASK)).isTrue();
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.GATE_NODE)).isTrue();
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.SUBGRAPH)).isTrue();
    }

    @Test
    void itSkipsWhatHoldsOnlyNamesOfItsOwnFile() {
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.EDGE_STATEMENT)).isFalse();
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.BINARY_EXPR)).isFalse();
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.INPUT)).isFalse();
        // every node may hold one: "on failure escalate" names an agent
        assertThat(CrossFileReferences.mayHold(FlowPackage.Literals.CHECKPOINT)).isTrue();
    }

    @Test
    void onlyReferencesToGatesAgentsAndWorkflowsCrossFiles() {
        assertThat(CrossFileReferences.crosses(FlowPackage.Literals.GATE_NODE__GATE)).isTrue();
        assertThat(CrossFileReferences.crosses(FlowPackage.Literals.SUBGRAPH__WORKFLOW)).isTrue();
        assertThat(CrossFileReferences.crosses(FlowPackage.Literals.NODE_END__NODE)).isFalse();
    }
}
