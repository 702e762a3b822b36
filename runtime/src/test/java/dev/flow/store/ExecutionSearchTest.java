package dev.flow.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding executions ({@link ExecutionTable#find}): each filter, text in inputs and results, and keyset pages, on both stores. */
@BothStores
class ExecutionSearchTest {
    @TempDir
    Path dir;

    private Store store;

    @BeforeEach
    void open() {
        store = StoreKind.current().open(dir, StoreOptions.DEFAULT);
        store.write(tx -> {
            tx.workflows().putIfAbsent("h", "{}", "w", 1);
            return null;
        });
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static ExecutionRow.Builder execution(String id, String workflow, ExecutionStatus status, long createdAt) {
        return ExecutionRow.builder().id(id).graphHash("h").workflowId(workflow).rootId(id).status(status).inputsJson("{}").baseDir("/tmp")
                .createdAt(createdAt);
    }

    private void insert(ExecutionRow... rows) {
        store.write(tx -> {
            for (ExecutionRow r : rows) {
                tx.executions().insert(r);
            }
            return null;
        });
    }

    private List<String> find(ExecutionFilter filter) {
        return store.read(tx -> tx.executions().find(filter, null, 100)).stream().map(ExecutionRow::id).toList();
    }

    private static ExecutionFilter filter(Set<ExecutionStatus> statuses, String workflow, String id, String text, Long from, Long to, boolean top) {
        return new ExecutionFilter(statuses, workflow, id, text, from, to, top);
    }

    @Test
    void eachFilterKeepsTheExecutionsItNamesNewestFirst() {
        insert(execution("a1", "build", ExecutionStatus.COMPLETED, 100).build(),
                execution("a2", "build", ExecutionStatus.FAILED, 200).build(),
                execution("b1", "deploy", ExecutionStatus.FAILED, 300).build(),
                execution("b1-child", "deploy_step", ExecutionStatus.COMPLETED, 301).rootId("b1").parentId("b1").parentNode("s").build(),
                execution("c_1", "deploy", ExecutionStatus.RUNNING, 400).build());
        assertThat(find(ExecutionFilter.ALL)).containsExactly("c_1", "b1-child", "b1", "a2", "a1");
        assertThat(find(filter(EnumSet.of(ExecutionStatus.FAILED), null, null, null, null, null, false))).containsExactly("b1", "a2");
        assertThat(find(filter(EnumSet.of(ExecutionStatus.FAILED, ExecutionStatus.RUNNING), null, null, null, null, null, false)))
                .containsExactly("c_1", "b1", "a2");
        assertThat(find(filter(Set.of(), "deploy", null, null, null, null, false))).containsExactly("c_1", "b1");
        assertThat(find(filter(Set.of(), null, "b1", null, null, null, false))).containsExactly("b1-child", "b1");
        // LIKE's own characters in a prefix are taken as they are: "c_" is not "c" and any character
        assertThat(find(filter(Set.of(), null, "c_", null, null, null, false))).containsExactly("c_1");
        assertThat(find(filter(Set.of(), null, "a_", null, null, null, false))).isEmpty();
        assertThat(find(filter(Set.of(), null, null, null, 200L, 400L, false))).containsExactly("b1-child", "b1", "a2");
        assertThat(find(filter(Set.of(), null, null, null, null, null, true))).containsExactly("c_1", "b1", "a2", "a1");
        assertThat(find(filter(EnumSet.of(ExecutionStatus.COMPLETED), "deploy_step", "b", null, 300L, null, false))).containsExactly("b1-child");
    }

    @Test
    void textIsFoundInInputsAndInNodesOutputsAndResultsOfEveryRun() {
        insert(execution("in-inputs", "w", ExecutionStatus.COMPLETED, 1).inputsJson("{\"issue\":\"Fix the Login page\"}").build(),
                execution("in-result", "w", ExecutionStatus.COMPLETED, 2).build(),
                execution("in-earlier", "w", ExecutionStatus.COMPLETED, 3).build(),
                execution("in-output", "w", ExecutionStatus.COMPLETED, 4).build(),
                execution("nowhere", "w", ExecutionStatus.COMPLETED, 5).inputsJson("{\"issue\":\"log in 100% of cases\"}").build());
        store.write(tx -> {
            tx.nodes().insert(NodeRow.builder().executionId("in-result").nodeId("fix").status(NodeStatus.COMPLETED).iteration(1).attempt(1)
                    .output("done").resultJson("{\"summary\":\"changed LOGIN.java\"}").build());
            tx.runs().insert(new RunRow("in-earlier", "fix", 1, 1, NodeStatus.FAILED, null, "{\"summary\":\"the login test broke\"}", "boom",
                    1L, 2L, ErrorClass.TRANSIENT, null, null));
            tx.nodes().insert(NodeRow.builder().executionId("in-output").nodeId("review").status(NodeStatus.COMPLETED).iteration(1).attempt(1)
                    .output("login_approved").build());
            return null;
        });
        assertThat(find(filter(Set.of(), null, null, "login", null, null, false)))
                .containsExactly("in-output", "in-earlier", "in-result", "in-inputs");
        assertThat(find(filter(Set.of(), null, null, "100%", null, null, false))).containsExactly("nowhere");
        assertThat(find(filter(Set.of(), null, null, "1%0", null, null, false))).as("% is not a wildcard").isEmpty();
        assertThat(find(filter(Set.of(), null, null, "login_a", null, null, false))).containsExactly("in-output");
    }

    @Test
    void keysetPagesCoverEveryRowOnceWhateverIsAddedMeanwhile() {
        var rows = new ArrayList<ExecutionRow>();
        for (int i = 0; i < 250; i++) {
            // three executions share each creation time: pages must be cut inside a tie too
            rows.add(execution(String.format("e%03d", i), i % 2 == 0 ? "even" : "odd", ExecutionStatus.COMPLETED, 1000 + i / 3).build());
        }
        insert(rows.toArray(ExecutionRow[]::new));
        var seen = new ArrayList<String>();
        ExecutionFilter.Cursor after = null;
        boolean addedMeanwhile = false;
        while (true) {
            ExecutionFilter.Cursor from = after;
            List<ExecutionRow> page = store.read(tx -> tx.executions().find(ExecutionFilter.ALL, from, 40));
            if (page.isEmpty()) {
                break;
            }
            page.forEach(r -> seen.add(r.id()));
            after = ExecutionFilter.Cursor.after(page.get(page.size() - 1));
            if (!addedMeanwhile) {
                // a new run while a person pages: it is newer than every page, and shifts none
                insert(execution("newest", "odd", ExecutionStatus.RUNNING, 5000).build());
                addedMeanwhile = true;
            }
        }
        assertThat(seen).hasSize(250).doesNotHaveDuplicates().doesNotContain("newest");
        assertThat(seen).isSortedAccordingTo((x, y) -> {
            long tx = 1000 + Integer.parseInt(x.substring(1)) / 3;
            long ty = 1000 + Integer.parseInt(y.substring(1)) / 3;
            return tx != ty ? Long.compare(ty, tx) : y.compareTo(x);
        });
        // a filtered listing pages the same way
        var odd = new ArrayList<String>();
        after = null;
        while (true) {
            ExecutionFilter.Cursor from = after;
            List<ExecutionRow> page = store.read(tx -> tx.executions().find(filter(Set.of(), "odd", null, null, null, null, false), from, 7));
            if (page.isEmpty()) {
                break;
            }
            page.forEach(r -> odd.add(r.id()));
            after = ExecutionFilter.Cursor.after(page.get(page.size() - 1));
        }
        assertThat(odd).hasSize(126).doesNotHaveDuplicates().startsWith("newest");
    }
}
