package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.engine.WorkerHandle;
import dev.flow.store.RunRow;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The studio's page in a real browser (headless Chromium): a run driven by a worker on its own
 * database connection, watched live, answered through the page's form. Takes about ten seconds:
 * Chromium's start and a run through a person. Screenshots go to target/studio-screenshots.
 */
class StudioBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "studio-screenshots");

    @TempDir
    Path dir;

    @Test
    void thePageFollowsARunLiveAndAnswersItsPerson() throws Exception {
        Path go = dir.resolve("go");
        // the build step waits for the test's word, so the page is seen while it runs
        String workflow = Running.approval("release", "while [ ! -f '" + go + "' ]; do sleep 0.1; done; echo version 1.2.3");
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var s = new Running(dir);
                var workerStore = SqliteStore.open(s.store.location(), StoreOptions.DEFAULT);
                var browser = Chromium.start(profile)) {
            String id = s.start("release", workflow);
            // a worker with its own connection, as another process would be: the studio sees it through the database only
            WorkerHandle worker = new Engine(workerStore).serve(2);
            try {
                browser.open(s.studio.url().resolve("/#/execution/" + id));
                browser.waitUntil("document.querySelector('#executions tr[data-execution=\"" + id + "\"]')", "the executions list");
                browser.eval("window.notReloaded = true");
                browser.waitUntil(node("build") + " === 'running'", "the build running in the graph");
                assertThat(browser.eval("document.getElementById('execution-title').textContent").asText()).isEqualTo("release · " + id);
                assertThat(browser.eval(node("review")).asText()).isEqualTo("pending");
                browser.screenshot(SCREENSHOTS.resolve("1-running.png"));

                Files.writeString(go, "");
                browser.waitUntil(node("build") + " === 'completed' && " + node("review") + " === 'waiting'", "the run waiting for its person");
                browser.waitUntil("document.querySelector('form.question[data-node=\"review\"]')", "the question's form");
                assertThat(browser.eval("document.querySelector('form.question p').textContent").asText())
                        .isEqualTo("The build made version 1.2.3. Ship it?");
                assertThat(browser.eval("[...document.querySelectorAll('#events li')].map(li => li.dataset.kind).join(' ')").asText())
                        .contains("execution_started", "node_started", "node_completed", "node_waiting");
                assertThat(browser.eval("document.querySelector('#nodes tr[data-node=\"build\"] .status').textContent").asText()).isEqualTo("completed");
                assertThat(browser.eval("window.notReloaded === true").asBoolean()).as("updated without reloading").isTrue();
                browser.screenshot(SCREENSHOTS.resolve("2-waiting.png"));

                // answered from the keyboard: the option, a note, then Enter on the button
                browser.eval("document.querySelector('form.question input[value=\"approved\"]').click()");
                browser.eval("document.querySelector('form.question textarea').focus()");
                browser.type("ship it");
                browser.eval("document.querySelector('form.question button[type=submit]').focus()");
                browser.press("Enter", 13);
                // confirmed in the dialog that shows the same as a command, with Enter
                browser.waitUntil("document.getElementById('confirm').open", "the answer's confirmation");
                browser.press("Enter", 13);
                browser.waitUntil("document.getElementById('execution-summary').dataset.status === 'completed'", "the run completed");
                assertThat(browser.eval(node("ship")).asText()).isEqualTo("completed");
                assertThat(browser.eval("document.getElementById('act-cancel').hidden").asBoolean()).as("no cancel for an ended run").isTrue();
                assertThat(browser.eval("document.querySelector('form.question')").isNull()).as("the answered form is gone").isTrue();
                assertThat(browser.eval("document.getElementById('message').textContent").asText()).startsWith("Answered review \"approved\"");
                // the list comes on the stream apart from the run's events: it may arrive a poll later
                browser.waitUntil("document.querySelector('#executions tr[data-execution=\"" + id + "\"] .status').textContent === 'completed'",
                        "the executions list saying completed");
                assertThat(browser.eval("window.notReloaded === true").asBoolean()).as("updated without reloading").isTrue();
                browser.eval("document.querySelector('#nodes tr[data-node=\"review\"] button.node-detail').click()");
                browser.waitUntil("document.querySelector('tr[data-runs=\"review\"] pre.result')", "the review's result");
                assertThat(browser.eval("document.querySelector('tr[data-runs=\"review\"] pre.result').textContent").asText()).contains("\"note\": \"ship it\"");
                browser.screenshot(SCREENSHOTS.resolve("3-completed.png"));
            } finally {
                worker.stop(true);
                worker.awaitStopped();
            }
            List<RunRow> review = s.engine.queries().history(id, "review");
            assertThat(review).last().satisfies(r -> {
                assertThat(r.output()).isEqualTo("approved");
                assertThat(r.resultJson()).contains("\"note\":\"ship it\"");
            });
            assertThat(SCREENSHOTS.resolve("3-completed.png")).isNotEmptyFile();
        }
    }

    @Test
    void aGraphOfMoreThan500EdgesIsDrawn() throws Exception {
        // Mermaid draws nothing above its default maxEdges of 500; the page raises it to the graph's count.
        // Laying out 512 nodes takes Chromium a few seconds more than the small graphs.
        var tasks = java.util.stream.IntStream.range(0, 510).mapToObj(i -> "t" + i).toList();
        var source = new StringBuilder("workflow wide {\n");
        tasks.forEach(t -> source.append("    task ").append(t).append(" { sh \"true\" }\n"));
        source.append("    start -> ").append(String.join(" -> ", tasks)).append(" -> end\n}\n");
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var s = new Running(dir); var browser = Chromium.start(profile)) {
            String id = s.start("wide", source.toString()); // no worker: the run stays queued, its graph shown
            browser.open(s.studio.url().resolve("/#/execution/" + id));
            browser.waitUntil("document.querySelectorAll('#graph g.node').length === 512", "all 512 nodes drawn");
            assertThat(browser.eval("document.querySelectorAll('#graph .edgePaths path, #graph path.flowchart-link').length").asInt())
                    .as("edges drawn").isGreaterThanOrEqualTo(511);
            browser.screenshot(SCREENSHOTS.resolve("4-wide-graph.png"));
        }
    }

    /** The status the graph shows for a node. */
    private static String node(String id) {
        return "document.querySelector('#graph g.node[data-node=\"" + id + "\"]')?.getAttribute('data-status')";
    }
}
