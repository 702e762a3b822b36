package dev.flow.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WorkflowFilesTest {

    @Test
    void flowSourceIsADotFlowFileThatIsNeitherAFolderOfRunsNorAFacebookFlowDeclaration() {
        assertThat(WorkflowFiles.isFlowSource("review.flow")).isTrue();
        assertThat(WorkflowFiles.isFlowSource("Review.FLOW")).isTrue();
        assertThat(WorkflowFiles.isFlowSource("release.v2.flow")).isTrue();
        assertThat(WorkflowFiles.isFlowSource(".flow")).isFalse();
        assertThat(WorkflowFiles.isFlowSource(".draft.flow")).isTrue();
        assertThat(WorkflowFiles.isFlowSource("api.js.flow")).isFalse();
        assertThat(WorkflowFiles.isFlowSource("View.JSX.flow")).isFalse();
        assertThat(WorkflowFiles.isFlowSource("index.mjs.flow")).isFalse();
        assertThat(WorkflowFiles.isFlowSource("gates.yaml")).isFalse();
    }

    @Test
    void yamlIsFlowsByATopLevelNodesOrGatesKey() {
        assertThat(WorkflowFiles.isYamlName("flow.YML")).isTrue();
        assertThat(WorkflowFiles.isYamlName("review.yaml")).isTrue();
        assertThat(WorkflowFiles.isYamlName("review.flow")).isFalse();
        assertThat(WorkflowFiles.isFlowYaml("id: x\nnodes:\n  - id: a\n")).isTrue();
        assertThat(WorkflowFiles.isFlowYaml("workflow: w\nnodes :\n  a: {type: task}\n")).isTrue();
        assertThat(WorkflowFiles.isFlowYaml("# a registry\ngates:\n  tests: {command: [make]}\n")).isTrue();
        assertThat(WorkflowFiles.isFlowYaml("services:\n  web:\n    nodes: 3\n")).as("an indented key").isFalse();
        assertThat(WorkflowFiles.isFlowYaml("on: push\njobs:\n  build: {runs-on: ubuntu-latest}\n")).isFalse();
    }

    @Test
    void hiddenFoldersDependenciesAndBuildOutputAreNotSearchedBelowTheRoot() {
        Path root = Path.of("/home/me/.projects/app");
        assertThat(WorkflowFiles.isInSearchedFolder(root, root.resolve("flows/review.flow"))).isTrue();
        assertThat(WorkflowFiles.isInSearchedFolder(root, root.resolve("review.flow"))).isTrue();
        assertThat(WorkflowFiles.isInSearchedFolder(root, root.resolve(".draft.flow"))).isTrue();
        assertThat(WorkflowFiles.isInSearchedFolder(root, root.resolve(".flow/state.db"))).isFalse();
        assertThat(WorkflowFiles.isInSearchedFolder(root, root.resolve("web/node_modules/lib/x.flow"))).isFalse();
        assertThat(WorkflowFiles.isInSearchedFolder(root, root.resolve("target/classes/x.flow"))).isFalse();
        assertThat(WorkflowFiles.isInSearchedFolder(root, Path.of("/elsewhere/x.flow"))).isFalse();
        assertThat(WorkflowFiles.isSearchedFolder(".flow")).isFalse();
        assertThat(WorkflowFiles.isSearchedFolder("x.flow")).isTrue();
    }
}
