package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.engine.WorkerHandle;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Find, timeline, acting and costs in a real browser (headless Chromium) on real runs: a search
 * typed after pressing "/", pages of the list and back again, the timeline of a retried agent and
 * a person's answer, answers, cancels and a fork confirmed in the dialog with the keyboard, the
 * state of a run nobody drives, and the page at 1280 px and on a narrow window. Takes about half a
 * minute: Chromium's start, and runs driven through their retries and persons. Screenshots go to
 * target/screenshots.
 */
class StudioFindIT {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @TempDir
    Path dir;

    @Test
    void findTimelineActAndCostsOnRealRuns() throws Exception {
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        try (var s = new Running(dir); var browser = Chromium.start(profile)) {
            var approvals = new ArrayList<String>();
            for (int i = 0; i < 4; i++) {
                approvals.add(s.waitingApproval());
            }
            String fixing = s.start("fixing", Fixing.workflow(dir, "fixing"));
            s.engine.run(fixing); // the agent fails once, is retried, then the run waits for its person

            // pages of two rows, then back to the first with the browser's Back
            browser.viewport(1280, 900);
            browser.open(s.studio.url().resolve("/?limit=2"));
            browser.waitUntil("document.querySelectorAll('#executions tbody tr').length === 2", "the first page");
            String firstPage = rows(browser);
            browser.eval("document.getElementById('page-older').click()");
            browser.waitUntil("location.search.includes('after=') && document.querySelectorAll('#executions tbody tr').length === 2 && "
                    + "!'" + firstPage + "'.includes(document.querySelector('#executions tbody tr').dataset.execution)", "the second page");
            assertThat(rows(browser)).isNotEqualTo(firstPage);
            browser.eval("history.back()");
            browser.waitUntil(rowsExpression() + " === '" + firstPage + "'", "the first page again, by Back");

            // "/" goes to the search box; Enter finds
            browser.eval("document.activeElement.blur()");
            browser.press("/", 191);
            assertThat(browser.eval("document.activeElement.id").asText()).isEqualTo("find-q");
            browser.type("LOGIN");
            browser.press("Enter", 13);
            browser.waitUntil(rowsExpression() + " === '" + fixing + "'", "only the run whose input names the login page");
            assertThat(browser.eval("location.search").asText()).isEqualTo("?q=LOGIN");
            browser.screenshot(SCREENSHOTS.resolve("find-1-search.png"));

            // the timeline of the retried agent and the person it waits for, and the costs
            browser.eval("location.hash = '#/execution/" + fixing + "'");
            browser.waitUntil(bar("fix", "1.1") + "?.dataset.phase === 'retried' && " + bar("review", "1.1") + "?.dataset.phase === 'waiting'",
                    "the timeline");
            assertThat(browser.eval(bar("fix", "1.2") + ".dataset.phase").asText()).isEqualTo("completed");
            assertThat(browser.eval(bar("fix", "1.2") + ".classList.contains('critical')").asBoolean()).isTrue();
            browser.waitUntil("document.querySelector('#costs-nodes tr[data-node=\"fix\"]')", "the costs");
            assertThat(browser.eval("document.querySelector('#costs-nodes tr[data-node=\"fix\"]').textContent").asText())
                    .contains("fake", "1,200", "300", "$0.2500");
            browser.waitUntil("document.querySelector('#events time')", "the run's events"); // they load apart from the costs
            assertThat(browser.eval("document.querySelector('#events time').textContent").asText()).matches("[0-2][0-9]:[0-5][0-9]:[0-5][0-9]");
            browser.screenshot(SCREENSHOTS.resolve("find-2-timeline.png"));

            // the answer is confirmed in a dialog that shows the command; Enter confirms
            browser.waitUntil("document.querySelector('form.question[data-node=\"review\"]')", "the question's form");
            browser.eval("document.querySelector('form.question input[value=\"approved\"]').click()");
            browser.eval("document.querySelector('form.question button[type=submit]').focus()");
            browser.press("Enter", 13);
            browser.waitUntil("document.getElementById('confirm').open && document.getElementById('confirm').dataset.action === 'answer'",
                    "the answer's confirmation");
            assertThat(browser.eval("document.getElementById('confirm-command').textContent").asText())
                    .isEqualTo("flow answer " + fixing + " review approved --db " + s.store.address());
            browser.screenshot(SCREENSHOTS.resolve("find-3-confirm-answer.png"));
            browser.press("Enter", 13);
            // no worker runs: the run is named for what it waits for
            browser.waitUntil("document.querySelector('#execution-summary .status').textContent === 'waiting for a worker or flow resume'",
                    "the run waiting for a driver");
            assertThat(browser.eval("document.getElementById('act-resume').hidden").asBoolean()).isFalse();
            browser.eval("document.getElementById('act-resume').click()");
            browser.waitUntil("document.getElementById('confirm').open && document.getElementById('confirm').dataset.action === 'resume'",
                    "the resume dialog");
            assertThat(browser.eval("document.getElementById('confirm-command').textContent").asText())
                    .isEqualTo("flow resume " + fixing + " --db " + s.store.address());
            browser.press("Escape", 27);
            browser.waitUntil("!document.getElementById('confirm').open", "Escape closing the dialog");

            // a worker drives it, as flow worker would in another process
            try (var workerStore = SqliteStore.open(s.store.location(), StoreOptions.DEFAULT)) {
                WorkerHandle worker = new Engine(workerStore).serve(2);
                try {
                    browser.waitUntil("document.getElementById('execution-summary').dataset.status === 'completed'", "the run completed");
                    browser.waitUntil(bar("ship", "1.1") + "?.dataset.phase === 'completed'", "the timeline following the run");

                    // a fork from the page: the node and a changed input, confirmed with Enter
                    browser.eval("document.getElementById('act-fork').click()");
                    browser.waitUntil("document.getElementById('confirm').open && document.getElementById('confirm-node')", "the fork dialog");
                    browser.eval("document.getElementById('confirm-node').value = 'fix'; document.getElementById('confirm-node').dispatchEvent(new Event('change', {bubbles: true}))");
                    browser.eval("document.getElementById('confirm-input-issue').select()");
                    browser.type("the signup page");
                    assertThat(browser.eval("document.getElementById('confirm-command').textContent").asText())
                            .isEqualTo("flow fork " + fixing + " --from fix -i 'issue=the signup page' --detach --db " + s.store.address());
                    browser.screenshot(SCREENSHOTS.resolve("find-4-confirm-fork.png"));
                    browser.press("Enter", 13);
                    browser.waitUntil("location.hash !== '#/execution/" + fixing + "'", "the fork shown");
                    String fork = browser.eval("decodeURIComponent(location.hash.substring('#/execution/'.length))").asText();
                    assertThat(s.engine.queries().origin(fork)).hasValueSatisfying(o -> assertThat(o.sourceId()).isEqualTo(fixing));
                    browser.waitUntil(bar("review", "1.1") + "?.dataset.phase === 'waiting'", "the fork running to its person");
                    assertThat(s.engine.queries().execution(fork).inputsJson()).contains("the signup page");

                    // a cancel: Escape goes back without cancelling; then with a reason, confirmed
                    browser.eval("location.hash = '#/execution/" + approvals.get(0) + "'");
                    browser.waitUntil("!document.getElementById('act-cancel').hidden && document.getElementById('execution-title').textContent.endsWith('"
                            + approvals.get(0) + "')", "the approval run");
                    browser.eval("document.getElementById('act-cancel').focus()");
                    browser.press("Enter", 13);
                    browser.waitUntil("document.getElementById('confirm').open && document.activeElement.id === 'confirm-reason'", "the cancel dialog");
                    browser.press("Escape", 27);
                    browser.waitUntil("!document.getElementById('confirm').open && document.activeElement.id === 'act-cancel'",
                            "back, focus on the button again");
                    assertThat(s.engine.queries().execution(approvals.get(0)).status()).isEqualTo(ExecutionStatus.WAITING);
                    browser.press("Enter", 13);
                    browser.waitUntil("document.getElementById('confirm').open && document.activeElement.id === 'confirm-reason'", "the cancel dialog");
                    browser.type("not today");
                    assertThat(browser.eval("document.getElementById('confirm-command').textContent").asText())
                            .isEqualTo("flow cancel " + approvals.get(0) + " --reason 'not today' --db " + s.store.address());
                    browser.press("Enter", 13);
                    browser.waitUntil("document.getElementById('execution-summary').dataset.status === 'cancelled'", "the run cancelled");
                } finally {
                    worker.stop(true);
                    worker.awaitStopped();
                }
            }

            // readable on a narrow window: no column of the list is cut, nothing scrolls sideways
            browser.eval("location.hash = '#/execution/" + fixing + "'");
            browser.waitUntil(bar("ship", "1.1"), "the timeline");
            browser.screenshot(SCREENSHOTS.resolve("find-5-1280.png"));
            assertThat(browser.eval("document.querySelector('#executions th:last-child').getBoundingClientRect().right"
                    + " <= document.querySelector('nav').getBoundingClientRect().right + 1").asBoolean())
                    .as("no column of the list is cut at 1280 px: " + browser.eval("[document.querySelector('#executions th:last-child').getBoundingClientRect().right,"
                            + " document.querySelector('nav').getBoundingClientRect().right, document.querySelector('#executions').scrollWidth, innerWidth].join(' ')").asText()).isTrue();
            browser.viewport(600, 900);
            browser.waitUntil("innerWidth === 600", "the narrow window");
            browser.screenshot(SCREENSHOTS.resolve("find-6-narrow.png"));
            // what sticks out of its parent past the window's edge, outermost first: nothing should
            assertThat(browser.eval("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1"
                    + " && e.parentElement.getBoundingClientRect().right <= innerWidth + 1).map(e => e.tagName + '#' + e.id + '.' + e.className)"
                    + ".join(' ')").asText()).as("nothing scrolls sideways on a narrow window").isEmpty();
        }
    }

    private static String bar(String node, String attempt) {
        return "document.querySelector('#timeline-bars li[data-node=\"" + node + "\"][data-attempt=\"" + attempt + "\"]')";
    }

    private static String rowsExpression() {
        return "[...document.querySelectorAll('#executions tbody tr')].map(r => r.dataset.execution).join(' ')";
    }

    private static String rows(Chromium browser) throws InterruptedException {
        return browser.eval(rowsExpression()).asText();
    }
}
