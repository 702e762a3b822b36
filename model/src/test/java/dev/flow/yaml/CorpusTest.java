package dev.flow.yaml;

import static dev.flow.yaml.YamlTestSupport.corpus;
import static dev.flow.yaml.YamlTestSupport.edge;
import static dev.flow.yaml.YamlTestSupport.ids;
import static dev.flow.yaml.YamlTestSupport.node;
import static dev.flow.yaml.YamlTestSupport.shape;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real dialect 1 files of the shared corpus, read into the expected models. */
class CorpusTest {

    private static Workflow read(String name) throws Exception {
        YamlDocument doc = document(name);
        assertThat(doc.diagnostics()).as(name).isEmpty();
        return doc.graph().orElseThrow().main();
    }

    private static YamlDocument document(String name) throws Exception {
        Path file = corpus("supervisor-yaml", name);
        return YamlWorkflowReader.read(new SourceFile(file, name, Files.readString(file)), LoadOptions.DEFAULT);
    }

    private static Workflow readWithWarnings(String name) throws Exception {
        YamlDocument doc = document(name);
        assertThat(doc.diagnostics()).as(name).noneMatch(Diagnostic::isError);
        assertThat(doc.dialect()).contains(Dialect.SUPERVISOR);
        return doc.graph().orElseThrow().main();
    }

    @Test
    void readsParallelReviewWithItsThreeGateNodesNamingTheirGatesWhereWritten() throws Exception {
        Workflow w = readWithWarnings("parallel_review.yaml");
        assertThat(w.nodes()).extracting(Node::id)
                .containsExactly("start", "implement", "split", "lint", "test", "security", "join", "review", "merge", "end");
        assertThat(node(w, "lint").spec()).isEqualTo(new NodeSpec.Gate(new NameRef("lint_gate", SourceRef.of("parallel_review.yaml", 502, 9, 26, 18))));
        assertThat(node(w, "test").spec()).isEqualTo(new NodeSpec.Gate(new NameRef("test_gate", SourceRef.of("parallel_review.yaml", 596, 9, 32, 18))));
        assertThat(node(w, "security").spec())
                .isEqualTo(new NodeSpec.Gate(new NameRef("security_gate", SourceRef.of("parallel_review.yaml", 698, 13, 38, 18))));
        assertThat(ids(w)).containsExactly("start->implement", "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "merge->end");
        assertThat(shape(edge(w, "e9").condition())).isEqualTo("(review.approved == true)");
        assertThat(w.config().maxParallel()).isEqualTo(4);
    }

    /**
     * Issue 12: the three gates lead to the join with no condition, so a failed one would carry the
     * run on to "All gates passed. Review and approve."; in dialect 1 those edges are taken only when
     * the gate passed, and the file is told so.
     */
    @Test
    void parallelReviewsGatesGoOnToTheJoinOnlyWhenTheyPass() throws Exception {
        YamlDocument doc = document("parallel_review.yaml");
        assertThat(doc.diagnostics()).extracting(d -> d.code().id() + " at " + d.source().line())
                .containsExactly("FLOW610 at 66", "FLOW610 at 67", "FLOW610 at 68");
        Workflow w = doc.graph().orElseThrow().main();
        for (String id : List.of("e5", "e6", "e7")) {
            assertThat(shape(edge(w, id).condition())).as(id).isEqualTo("any[passed]");
        }
        // debug_workflow's gate leads into the branch that reads its test_status: the failure is routed there.
        assertThat(edge(read("debug_workflow.yaml"), "e3").condition()).isNull();
    }

    @Test
    void readsTheDebugWorkflowsRetryLoop() throws Exception {
        Workflow w = read("debug_workflow.yaml");
        assertThat(shape(((NodeSpec.Branch) node(w, "check").spec()).condition())).isEqualTo("(test.test_status == \"passed\")");
        assertThat(ids(w)).containsExactly("start->analyze", "e1", "e2", "e3", "e4", "e5", "review->end");
        assertThat(edge(w, "e5").loop()).isEqualTo(new LoopControl(3, SourceRef.of("debug_workflow.yaml", 689, 1, 36, 25)));
        assertThat(shape(edge(w, "e4").condition())).isEqualTo("(check.branch_outcome == \"on_true\")");
        assertThat(w.config().maxParallel()).isEqualTo(2);
    }

    @Test
    void readsTheSimpleWorkflowsTaskGate() throws Exception {
        Workflow w = read("simple_workflow.yaml");
        assertThat(((NodeSpec.Task) node(w, "implement").spec()).gates())
                .containsExactly(new NameRef("test_gate", SourceRef.of("simple_workflow.yaml", 496, 9, 23, 15)));
        assertThat(w.description()).isEqualTo("A simple linear workflow for testing basic graph execution");
        assertThat(ids(w)).containsExactly("start->plan", "e1", "e2", "done->end");
    }
}
