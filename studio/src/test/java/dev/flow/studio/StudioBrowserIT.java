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
 * database connection, watched live, answered through the page's form; and a run of 3,000 nodes,
 * whose graph is shown as one node's neighbourhood and whose nodes come a page at a time. Each takes
 * about ten seconds: Chromium's start, a run through a person, compiling the large workflow.
 * Screenshots go to target/studio-screenshots.
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
    void aLargeRunShowsANeighbourhoodAndPagesItsNodes() throws Exception {
        // 3,000 tasks: well above what the page draws whole, small enough to compile and start in a
        // few seconds (most of this test's time, with Chromium's start). Counts, never times.
        int tasks = 3000;
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var s = new Running(dir); var browser = Chromium.start(profile)) {
            String id = s.start("large", Running.chain("large", tasks)); // no worker: t0 ready, the rest pending
            browser.open(s.studio.url().resolve("/#/execution/" + id));
            browser.waitUntil("!document.getElementById('graph-caption').hidden && document.querySelector('#graph svg')", "the graph's placeholder and neighbourhood");
            assertThat(browser.eval("document.getElementById('graph-caption').textContent").asText())
                    .startsWith("3,002 nodes: showing the neighbourhood of ").contains("It follows the run");
            int drawn = browser.eval("document.querySelectorAll('#graph g.node').length").asInt();
            assertThat(drawn).as("a neighbourhood, not the whole graph").isPositive().isLessThanOrEqualTo(GraphPicture.NEIGHBOURHOOD);
            assertThat(browser.eval("document.querySelector('#graph g.node[data-status=\"ready\"]')").isNull()).as("the ready node drawn").isFalse();
            assertThat(browser.eval("document.getElementById('nodes-counts').textContent").asText()).startsWith("3,002 nodes: ").contains(" pending");

            // following the run, the drawing stays until a person moves it on (a drawing holds the
            // page's thread): the next read keeps its node, and a run gone past it is offered
            assertThat(browser.eval("executionQuery()").asText()).contains("graphNode=t0");
            assertThat(browser.eval("document.getElementById('graph-moved').hidden").asBoolean()).as("nothing to move on to yet").isTrue();
            // One evaluation: the page's own refresh, which follows the run, would put t0 back between two.
            var moved = browser.eval("(renderGraphCaption(Object.assign({}, shown.view.graph, { live: 't2500' })), "
                    + "[document.getElementById('graph-caption').textContent, document.getElementById('graph-moved').hidden, "
                    + "document.getElementById('graph-moved').textContent, document.getElementById('graph-moved').click()])");
            assertThat(moved.get(0).asText()).contains("The run has moved on to t2500");
            assertThat(moved.get(1).asBoolean()).isFalse();
            assertThat(moved.get(2).asText()).isEqualTo("Show t2500");
            browser.waitUntil("document.getElementById('graph-caption').textContent.includes('It follows the run')", "the neighbourhood of where the run is");

            // one page of rows, then the next one
            assertThat(rows(browser)).isEqualTo(NodePage.PAGE);
            assertThat(browser.eval("document.getElementById('nodes-page').textContent").asText()).isEqualTo("Nodes 1 to 100 of 3,002");
            browser.screenshot(SCREENSHOTS.resolve("5-large-run.png"));
            browser.eval("document.getElementById('nodes-next').click()");
            browser.waitUntil("document.querySelector('#nodes tbody tr')?.dataset.node === 't99'", "the second page of nodes");
            assertThat(rows(browser)).isEqualTo(NodePage.PAGE);
            assertThat(browser.eval("document.getElementById('nodes-page').textContent").asText()).isEqualTo("Nodes 101 to 200 of 3,002");

            // a node found by its name: its panel opens, and its neighbourhood is drawn on request
            browser.eval("document.getElementById('nodes-name').focus()");
            browser.type("t2999");
            browser.press("Enter", 13);
            browser.waitUntil("document.querySelectorAll('#nodes tbody tr').length === 1 && document.querySelector('#nodes tbody tr').dataset.node === 't2999'",
                    "the node found by its name");
            browser.eval("document.querySelector('#nodes tr[data-node=\"t2999\"] button.node-detail').click()");
            browser.waitUntil("document.querySelector('tr[data-runs=\"t2999\"] .node-panel .attempts li')", "the node's panel");
            assertThat(browser.eval("document.querySelector('tr[data-runs=\"t2999\"] .attempts').textContent").asText()).isEqualTo("not run yet");
            browser.eval("document.querySelector('#nodes tr[data-node=\"t2999\"] button.node-focus').click()");
            browser.waitUntil(node("t2999") + " === 'pending'", "the found node's neighbourhood drawn");
            assertThat(browser.eval("document.getElementById('graph-caption').textContent").asText())
                    .startsWith("3,002 nodes: showing the neighbourhood of t2999").contains("Picked by you");
            assertThat(browser.eval("document.querySelectorAll('#graph g.node').length").asInt()).isLessThanOrEqualTo(GraphPicture.NEIGHBOURHOOD);
            browser.screenshot(SCREENSHOTS.resolve("6-large-run-found.png"));

            // live events: many at once are drawn in one batch with one read of the execution; What
            // changed is read again only for events that change the state or the key-value store
            browser.eval("document.getElementById('changes-load').click()");
            browser.waitUntil("document.querySelector('#changes-body h4')", "what changed, opened");
            browser.eval("window.reads = []; const fetched = window.fetch; window.fetch = (url, init) => { window.reads.push(String(url)); return fetched(url, init); }");
            browser.eval("(() => { const base = shown.after; liveEvents(Array.from({ length: 50 }, (_, i) => ({ seq: base + 1 + i, execution: '" + id
                    + "', at: Date.now(), kind: i % 2 ? 'note' : 'node_started', node: 't' + i, data: null }))); })()");
            browser.waitUntil("document.querySelectorAll('#events li').length >= 50 && window.reads.some(u => /^\\/api\\/executions\\/" + id + "(\\?|$)/.test(u))",
                    "the batch drawn");
            browser.eval("new Promise(r => setTimeout(r, 0))"); // let a second read, if any were asked for, start
            assertThat(browser.eval("window.reads.filter(u => /^\\/api\\/executions\\/" + id + "(\\?|$)/.test(u)).length").asInt())
                    .as("one read of the execution for 50 events").isEqualTo(1);
            assertThat(browser.eval("window.reads.filter(u => u.includes('/changes')).length").asInt()).as("notes and starts change nothing").isZero();
            browser.eval("Changes.events([{ kind: 'node_completed' }])");
            browser.waitUntil("window.reads.filter(u => u.includes('/changes')).length === 1", "what changed read again for a completed node");

            // the list's time filter reads the page's one time format, not a locale's date widget
            assertThat(browser.eval("document.getElementById('find-from').type").asText()).isEqualTo("text");
            browser.eval("document.getElementById('find-from').value = '" + java.time.LocalDate.now() + " 00:00'");
            browser.eval("document.getElementById('find').requestSubmit()");
            browser.waitUntil("location.search.includes('from=') && document.querySelector('#executions tr[data-execution=\"" + id + "\"]')",
                    "the run found from the start of today");
            browser.eval("document.getElementById('find-to').value = '2026-02-31 10:00'");
            browser.eval("document.getElementById('find').requestSubmit()");
            assertThat(browser.eval("document.getElementById('find-to').validationMessage").asText()).startsWith("Write the time as 2026-11-26 16:03:27");
            assertThat(browser.eval("location.search").asText()).doesNotContain("to=");
        }
    }

    private static int rows(Chromium browser) throws InterruptedException {
        return browser.eval("document.querySelectorAll('#nodes tbody tr').length").asInt();
    }

    /** The status the graph shows for a node. */
    private static String node(String id) {
        return "document.querySelector('#graph g.node[data-node=\"" + id + "\"]')?.getAttribute('data-status')";
    }
}
