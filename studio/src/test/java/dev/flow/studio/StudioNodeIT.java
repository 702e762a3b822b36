package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.engine.KvService;
import dev.flow.engine.RunResult;
import dev.flow.engine.WorkerHandle;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node whole, what changed and a grown graph, in headless Chromium on real runs: an agent followed
 * while it works and then retried with feedback, isolated steps in a git repository made here (one
 * change applied, one rejected), and a graph grown by a scripted planner. Each test takes some
 * seconds: Chromium's start, and runs that start real processes (agents, gates, git). Screenshots go
 * to target/screenshots; docs/studio.md shows some of them.
 */
class StudioNodeIT {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @TempDir
    Path dir;

    @Test
    void aNodesPanelFollowsARunningAgentAndShowsItsRetryWithFeedbackRefusalsAndTokens() throws Exception {
        Path go = dir.resolve("go");
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var s = new Running(dir);
                var workerStore = SqliteStore.open(s.store.location(), StoreOptions.DEFAULT);
                var browser = Chromium.start(profile)) {
            String id = s.start("streaming", Scenarios.streaming(dir, go));
            // a worker with its own connection, as another process would be
            WorkerHandle worker = new Engine(workerStore).serve(1);
            try {
                browser.open(s.studio.url().resolve("/#/execution/" + id));
                browser.waitUntil("document.querySelector('#nodes tr[data-node=\"work\"] .status')?.textContent === 'running'", "the agent running");
                browser.waitUntil("document.querySelector('#nodes tr[data-node=\"work\"] .now')?.textContent === 'now: running make test'",
                        "what the agent does now, in the nodes table");
                browser.eval("document.querySelector('#nodes tr[data-node=\"work\"] button.node-detail').click()");
                String first = attempt("work", "1-1");
                browser.waitUntil(first + "?.querySelector('.activity-now')?.textContent === 'Now: running make test'", "what the agent does now");
                browser.waitUntil(log(first, "stdout.log") + "?.includes('\"line\":3')", "its output as it is written");
                int before = browser.eval(log(first, "stdout.log") + ".length").asInt();
                browser.waitUntil(log(first, "stdout.log") + ".length > " + before, "its output following without a reload");
                assertThat(browser.eval(log(first, "stderr.log")).asText()).isEqualTo("warming up\n");
                assertThat(browser.eval(first + ".querySelector('details.prompt pre').textContent").asText()).startsWith("Make the tests pass.");
                browser.screenshotOf(SCREENSHOTS.resolve("node-running.png"), "tr[data-runs=\"work\"]");

                Files.writeString(go, "");
                browser.waitUntil("document.getElementById('execution-summary').dataset.status === 'completed'", "the run completed");
                browser.waitUntil(first + "?.querySelector('.refused li')", "the refused action of the first attempt");
                browser.waitUntil(log(first, "stdout.log") + "?.includes('\"permission_denials\"')", "its output to its last line");
                assertThat(browser.eval(first + ".querySelector('.refused li').textContent").asText()).contains("rm -rf /tmp/build");
                browser.waitUntil(first + "?.querySelector('.feedback-next pre')", "the feedback given to the next attempt");
                assertThat(browser.eval(first + ".querySelector('.feedback-next pre').textContent").asText())
                        .contains("Your previous answer (attempt 1) was not accepted");
                assertThat(browser.eval(first + ".querySelector('dl.facts').textContent").asText())
                        .contains("Error classvalidation", "Tokens1200 in / 300 out", "Cost$0.0123");
                String second = attempt("work", "1-2");
                browser.eval(second + ".querySelector('button.attempt-toggle').click()");
                browser.waitUntil(second + "?.querySelector('.feedback pre')", "the feedback the second attempt was given");
                assertThat(browser.eval(second + ".querySelector('dl.facts').textContent").asText()).contains("Statuscompleted");
                browser.screenshotOf(SCREENSHOTS.resolve("node-retried-all.png"), "tr[data-runs=\"work\"]");
                browser.screenshotOf(SCREENSHOTS.resolve("node-retried.png"), ".node-panel[data-panel=\"work\"] li.attempt[data-attempt=\"1-1\"]", 520);
            } finally {
                worker.stop(true);
                worker.awaitStopped();
            }
        }
    }

    @Test
    void whatChangedShowsEachStepsChangesAndTheAppliedAndRejectedDiffs() throws Exception {
        Scenarios.project(dir);
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var s = new Running(dir); var browser = Chromium.start(profile)) {
            String id = s.start("changes", Scenarios.changes());
            RunResult r = s.engine.run(id);
            assertThat(r.outcome().name()).as(r.report()).isEqualTo("FAILED");
            s.engine.kv().put(new KvService.Caller(id, "polite"), id, "run", "greeting", "Hello, world");
            s.engine.kv().put(new KvService.Caller(id, "curt"), id, "run", "greeting", "Hello, dear world");
            browser.open(s.studio.url().resolve("/#/execution/" + id));
            browser.waitUntil("document.getElementById('execution-summary').dataset.status === 'failed'", "the run shown");
            browser.eval("document.getElementById('changes-load').click()");
            browser.waitUntil("document.querySelector('#changes .state-step[data-node=\"polite\"] .value-diff')", "the polite step's change");
            assertThat(browser.eval("document.querySelector('#changes .state-step[data-node=\"polite\"] .value-diff').textContent").asText())
                    .contains("- none", "+ polite", "+ kept the hello");
            assertThat(browser.eval("document.querySelector('#changes .state-step[data-node=\"polite\"]').textContent").asText())
                    .contains("applied: 0 → 1");
            assertThat(browser.eval("[...document.querySelectorAll('#changes .kv-step[data-node=\"curt\"]')].map(e => e.textContent).join()").asText())
                    .contains("run/greeting: Hello, world → Hello, dear world");
            browser.screenshotOf(SCREENSHOTS.resolve("what-changed.png"), "#changes");

            browser.eval("document.querySelector('#nodes tr[data-node=\"polite\"] button.node-detail').click()");
            String polite = attempt("polite", "1-1");
            browser.waitUntil(polite + "?.querySelector('button.show-diff')", "the polite step's isolation");
            assertThat(browser.eval(polite + ".querySelector('.isolation').textContent").asText()).contains("Worktree", "Applied as");
            browser.waitUntil(log(polite, "gate-greets-stdout.log") + "?.includes('Hello, dear world')", "the passed gate's own log");
            browser.eval(polite + ".querySelector('button.show-diff').click()");
            browser.waitUntil(polite + "?.querySelector('.diff-text .add')", "the applied diff");
            assertThat(browser.eval(polite + ".querySelector('.diff-files').textContent").asText()).isEqualTo("M greeting.txt");
            assertThat(browser.eval(polite + ".querySelector('.diff-text').textContent").asText()).contains("-Hello, world", "+Hello, dear world");

            browser.eval("document.querySelector('#nodes tr[data-node=\"curt\"] button.node-detail').click()");
            String curt = attempt("curt", "1-2");
            browser.waitUntil(curt + "?.querySelector('.gate-output pre')", "the curt step's gate output");
            assertThat(browser.eval(curt + ".querySelector('.gate-output pre').textContent").asText()).contains("checking greeting.txt");
            assertThat(browser.eval(curt + ".querySelector('.feedback pre').textContent").asText()).contains("What the gate printed");
            browser.eval(curt + ".querySelector('button.show-diff').click()");
            browser.waitUntil(curt + "?.querySelector('.diff-text .add')", "the rejected diff");
            assertThat(browser.eval(curt + ".querySelector('.diff-commit').textContent").asText()).startsWith("Not applied, kept at refs/flow/" + id + "/kept/");
            assertThat(browser.eval(curt + ".querySelector('.diff-text').textContent").asText()).contains("+Bye");
            browser.screenshotOf(SCREENSHOTS.resolve("rejected-attempt.png"), "tr[data-runs=\"curt\"]");
            browser.screenshotOf(SCREENSHOTS.resolve("rejected-change.png"), ".node-panel[data-panel=\"curt\"] li.attempt[data-attempt=\"1-2\"] .isolation");
        }
    }

    @Test
    void aGrownGraphsVersionsAreListedWithWhoAddedThemAndDrawnOneByOne() throws Exception {
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var s = new Running(dir); var browser = Chromium.start(profile)) {
            String id = s.start("growing", Scenarios.growing(dir));
            RunResult r = s.engine.run(id);
            assertThat(r.outcome().name()).as(r.report()).isEqualTo("COMPLETED");
            browser.open(s.studio.url().resolve("/#/execution/" + id));
            browser.waitUntil("!document.getElementById('versions').hidden", "the graph's versions");
            assertThat(browser.eval("[...document.querySelectorAll('#versions-switch button')].map(b => b.textContent).join()").asText())
                    .isEqualTo("Version 0,Version 1");
            assertThat(browser.eval("document.querySelector('.versions-table tr[data-version=\"1\"]').textContent").asText())
                    .contains("added by plan (pass 1, attempt 2)", "design, build, test");
            browser.eval("document.querySelector('#nodes tr[data-node=\"design\"] button.node-detail').click()");
            browser.waitUntil("document.querySelector('.node-panel[data-panel=\"design\"] .added-by')", "who added the node, in its panel");
            assertThat(browser.eval("document.querySelector('.node-panel[data-panel=\"design\"] .added-by').textContent").asText())
                    .isEqualTo("Added to the graph in version 1 by plan (pass 1, attempt 2).");
            browser.eval("document.querySelector('#versions-switch button[data-version=\"1\"]').click()");
            browser.waitUntil("document.querySelectorAll('#version-graph g.node.added').length >= 3", "version 1 drawn, its added nodes marked");
            assertThat(browser.eval("document.querySelector('#version-graph g.node[data-node=\"design\"]').classList.contains('added')").asBoolean()).isTrue();
            browser.screenshotOf(SCREENSHOTS.resolve("graph-versions.png"), "#versions");
            browser.eval("document.querySelector('#versions-switch button[data-version=\"0\"]').click()");
            browser.waitUntil("document.querySelector('.version-caption')?.textContent.startsWith('Version 0')", "version 0 drawn");
            browser.waitUntil("document.querySelector('#version-graph g.node')", "version 0's nodes");
            assertThat(browser.eval("document.querySelector('#version-graph g.node[data-node=\"design\"]')").isNull()).isTrue();
            assertThat(browser.eval("document.querySelector('#version-graph g.node[data-node=\"plan\"]')").isNull()).isFalse();
            assertThat(browser.eval("document.querySelector('#versions-switch button[data-version=\"0\"]').getAttribute('aria-pressed')").asText())
                    .isEqualTo("true");
        }
    }

    /** The list item of one attempt in a node's panel. */
    private static String attempt(String node, String key) {
        return "document.querySelector('.node-panel[data-panel=\"" + node + "\"] li.attempt[data-attempt=\"" + key + "\"]')";
    }

    /** The text of a log the attempt's panel follows. */
    private static String log(String attempt, String file) {
        return attempt + "?.querySelector('section.log[data-file=\"" + file + "\"] pre')?.textContent";
    }
}
