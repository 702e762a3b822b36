package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.engine.config.UsageException;
import dev.flow.engine.exec.ArtifactPaths;
import dev.flow.engine.step.Reports;
import dev.flow.model.FlowGraph;
import dev.flow.model.Workflow;
import dev.flow.store.KvEntry;
import dev.flow.testing.GraphBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime keeps its files inside {@code artifacts/} whatever names it is given (the graphs here
 * are built with the model API, as a compiled graph that never met the checker would be), keeps
 * every path short however deep subgraphs nest, and keeps failure reports small.
 */
@dev.flow.store.BothStores
class ArtifactsTest {
    @TempDir
    Path dir;

    private static List<Path> filesUnder(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    /** Everything in the test's folder that is not the database or the artifacts folder. */
    private List<String> outsideTheArtifacts(Path artifacts) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).filter(p -> !p.startsWith(artifacts) && !p.getFileName().toString().startsWith("state.db"))
                    .map(p -> dir.relativize(p).toString()).toList();
        }
    }

    @Test
    void nodeIdsThatNameOtherFoldersStillGetAFolderOfTheirOwnInsideTheArtifacts() throws IOException {
        var ids = List.of("../../escape", "a/b", "a_b", "a\\b", "..", ".", "tab\there");
        var flow = GraphBuilder.workflow("w");
        for (String id : ids) {
            flow.sh(id, "echo here > \"$FLOW_ARTIFACTS_DIR/mark\"");
        }
        var chain = new ArrayList<String>(List.of("start"));
        chain.addAll(ids);
        chain.add("end");
        try (var h = new Harness(dir)) {
            RunResult r = h.run(flow.chain(chain.toArray(String[]::new)).graph());
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            Path artifacts = h.store.artifactsDir();
            // one folder each: "a/b" and "a_b" do not share one
            assertThat(filesUnder(artifacts).stream().filter(p -> p.getFileName().toString().equals("mark"))).hasSize(ids.size());
            assertThat(outsideTheArtifacts(artifacts)).isEmpty();
        }
    }

    @Test
    void aLargeKvValueOfANodeWhoseIdNamesAnotherFolderStaysInsideTheArtifacts() throws IOException {
        String scope = "../../../kv-escape";
        var g = GraphBuilder.workflow("w").checkpoint(scope).chain("start", scope, "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            String big = "y".repeat(KvService.INLINE_MAX + 1);
            KvEntry e = h.engine.kv().put(KvService.Caller.person(), id, scope, "../../key", big);
            assertThat(h.store.artifactsDir().resolve(e.artifact()).normalize()).startsWithRaw(h.store.artifactsDir());
            assertThat(h.engine.queries().kvRead(e)).isEqualTo(big);
            assertThat(outsideTheArtifacts(h.store.artifactsDir())).isEmpty();
        }
    }

    @Test
    void aRecordedPathOutsideTheArtifactsIsNotRead() throws IOException {
        Files.writeString(dir.resolve("secret.txt"), "not for flow");
        var g = GraphBuilder.workflow("w").chain("start", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var forged = new KvEntry(id, KvEntry.RUN_SCOPE, "k", null, "../secret.txt", "0".repeat(64), 12, "person", 1);
            assertThatThrownBy(() -> h.engine.queries().kvRead(forged)).isInstanceOf(UsageException.class)
                    .hasMessage("the value of \"k\" is recorded at ../secret.txt, outside the artifacts folder; Flow does not read it");
        }
    }

    @Test
    void theFoldersOfNamesNeitherEscapeNorGrowNorShare() {
        var paths = new ArtifactPaths(dir.resolve("artifacts"));
        assertThat(ArtifactPaths.component("analyze")).isEqualTo("analyze");
        assertThat(ArtifactPaths.component("run-tests.v2")).isEqualTo("run-tests.v2");
        for (String name : List.of("..", ".", "../x", "a/b", "a\\b", "x\u0000y", ".hidden", "x".repeat(300))) {
            String c = ArtifactPaths.component(name);
            assertThat(c).as(name).matches("[A-Za-z0-9_-][A-Za-z0-9._-]*").doesNotContain("..").hasSizeLessThanOrEqualTo(ArtifactPaths.MAX_COMPONENT);
        }
        assertThat(ArtifactPaths.component("a/b")).isNotEqualTo(ArtifactPaths.component("a_b")).isNotEqualTo(ArtifactPaths.component("a\\b"));
        assertThat(paths.runDir("e1", "../../x", 1, 1)).startsWithRaw(paths.root());
        assertThatThrownBy(() -> paths.resolve("../../etc/passwd")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Flow keeps its files inside " + paths.root());
        assertThatThrownBy(() -> paths.resolve("")).isInstanceOf(IllegalStateException.class);
        assertThat(paths.resolve("e1/n/1-1/result.json")).isEqualTo(paths.root().resolve("e1/n/1-1/result.json"));
    }

    /** Twenty workflows, each calling the next through a subgraph node with a long id; the last runs {@code innermost}. */
    private static FlowGraph nested(int depth, String innermost) {
        String longId = "a_subgraph_node_whose_id_is_long_enough_to_fill_a_path_quickly_when_nested_";
        var subs = new ArrayList<Workflow>();
        for (int level = 1; level < depth; level++) {
            subs.add(GraphBuilder.workflow("w" + level).subgraph(longId + level, "w" + (level + 1), Map.of(), Map.of())
                    .chain("start", longId + level, "end").build());
        }
        subs.add(GraphBuilder.workflow("w" + depth).sh("deepest", innermost).chain("start", "deepest", "end").build());
        var top = GraphBuilder.workflow("w0").subgraph(longId + 0, "w1", Map.of(), Map.of()).chain("start", longId + 0, "end");
        subs.forEach(top::sub);
        return top.graph();
    }

    @Test
    void twentyLevelsOfSubgraphsWithLongIdsKeepEveryPathShort() throws IOException {
        // Twenty child executions start and end one after the other: a few seconds on a loaded machine.
        try (var h = new Harness(dir)) {
            RunResult r = h.run(nested(20, "echo deep > \"$FLOW_ARTIFACTS_DIR/deep.txt\""));
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            Path artifacts = h.store.artifactsDir();
            var files = filesUnder(artifacts);
            assertThat(files).anyMatch(p -> p.getFileName().toString().equals("deep.txt"));
            for (Path file : files) {
                for (Path part : artifacts.relativize(file)) {
                    assertThat(part.toString().length()).as("a part of %s", file).isLessThanOrEqualTo(ArtifactPaths.MAX_COMPONENT);
                }
                assertThat(artifacts.relativize(file).toString().length()).as("%s", file).isLessThan(200);
            }
        }
    }

    @Test
    void aFailureTwentySubgraphsDeepIsReportedShortlyWithTheWholeReportInAFile() throws IOException {
        try (var h = new Harness(dir)) {
            RunResult r = h.run(nested(20, "echo 'the disk is full' >&2; exit 3"));
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report().length()).as(r.report()).isLessThanOrEqualTo(Reports.MAX);
            // where it failed at the top, and the innermost cause at the end; the whole text in a file
            assertThat(r.report()).startsWith("node \"a_subgraph_node_whose_id_is_long").endsWith("exited with code 3: the disk is full");
            var named = Pattern.compile("the whole report is in (\\S+)\\)").matcher(r.report());
            assertThat(named.find()).as(r.report()).isTrue();
            Path whole = Path.of(named.group(1));
            assertThat(whole).startsWithRaw(h.store.artifactsDir());
            assertThat(Files.readString(whole)).contains("exited with code 3: the disk is full");
            for (NodeState n : h.engine.queries().status(r.executionId()).nodes()) {
                assertThat(n.error() == null ? 0 : n.error().length()).as(n.nodeId()).isLessThanOrEqualTo(Reports.MAX);
            }
        }
    }
}
