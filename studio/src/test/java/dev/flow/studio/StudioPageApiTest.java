package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large run's page through the API: the execution's answer without every node (counts, one page,
 * the graph whole only when small, else one node's neighbourhood), the nodes a page at a time by
 * keyset with the table's filter, and the executions list's change signal beyond the newest runs.
 * The first test to run pays for the workflow compiler's start (some seconds on a loaded machine).
 */
class StudioPageApiTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void aLargeRunAnswersOnePageOfNodesAndANeighbourhoodOfItsGraph() throws Exception {
        int tasks = GraphPicture.WHOLE_MAX + 150;
        try (var s = new Running(dir)) {
            String id = s.start("long", Running.chain("long", tasks)); // not run: its first task ready, the rest pending
            JsonNode view = s.read("/api/executions/" + id);
            assertThat(view.get("total").asInt()).isEqualTo(tasks + 2);
            assertThat(view.get("nodes")).hasSize(NodePage.PAGE);
            assertThat(view.at("/nodes/0/id").asText()).isEqualTo("start");
            assertThat(view.at("/page/next").asText()).isEqualTo(view.at("/nodes/" + (NodePage.PAGE - 1) + "/id").asText());
            assertThat(view.at("/page/matching").asInt()).isEqualTo(tasks + 2);
            JsonNode counts = view.get("counts");
            int sum = 0;
            for (JsonNode c : counts) {
                sum += c.asInt();
            }
            assertThat(sum).isEqualTo(tasks + 2);
            assertThat(counts.get("pending").asInt()).isPositive();

            JsonNode graph = view.get("graph");
            assertThat(graph.get("drawn").asText()).isEqualTo("neighbourhood");
            assertThat(graph.get("total").asInt()).isEqualTo(tasks + 2);
            assertThat(graph.get("picked").asBoolean()).isFalse();
            String focus = graph.get("focus").asText();
            assertThat(graph.get("status").get(focus).asText()).isIn("ready", "running", "completed");
            assertThat(graph.get("ids").size()).isLessThanOrEqualTo(GraphPicture.NEIGHBOURHOOD).isEqualTo(graph.get("shown").asInt());
            assertThat(graph.get("mermaid").asText()).contains("flowchart TD").doesNotContain("t" + (tasks - 1) + "\"");

            // a node a person picks: its neighbourhood, edges either way
            JsonNode around = s.read("/api/executions/" + id + "?graphNode=t150").get("graph");
            assertThat(around.get("focus").asText()).isEqualTo("t150");
            assertThat(around.get("picked").asBoolean()).isTrue();
            assertThat(around.get("ids").has("t149")).isTrue();
            assertThat(around.get("ids").has("t151")).isTrue();
            assertThat(around.get("status").get("t150").asText()).isEqualTo("pending");
            // a node that does not exist: the studio's own pick
            assertThat(s.read("/api/executions/" + id + "?graphNode=nosuch").at("/graph/focus").asText()).isEqualTo(focus);
        }
    }

    @Test
    void nodesComeAPageAtATimeByKeysetWithTheTablesFilter() throws Exception {
        int tasks = 250;
        try (var s = new Running(dir)) {
            String id = s.start("long", Running.chain("long", tasks));
            var seen = new LinkedHashSet<String>();
            String after = null;
            int pages = 0;
            do {
                JsonNode page = s.read("/api/executions/" + id + "/nodes?limit=40" + (after == null ? "" : "&after=" + after));
                assertThat(page.get("nodes").size()).isLessThanOrEqualTo(40);
                page.get("nodes").forEach(n -> assertThat(seen.add(n.get("id").asText())).as("no node twice").isTrue());
                after = page.get("next").isNull() ? null : page.get("next").asText();
                pages++;
            } while (after != null);
            assertThat(seen).hasSize(tasks + 2).startsWith("start", "t0", "t1").endsWith("end");
            assertThat(pages).isEqualTo((tasks + 2 + 39) / 40);

            JsonNode named = s.read("/api/executions/" + id + "/nodes?name=T15");
            assertThat(named.get("matching").asInt()).isEqualTo(11); // t15, t150 to t159: the case of letters aside
            assertThat(named.get("nodes")).extracting(n -> n.get("id").asText()).startsWith("t15", "t150");
            JsonNode second = s.read("/api/executions/" + id + "/nodes?name=t15&limit=5&after=t153");
            assertThat(second.get("nodes")).extracting(n -> n.get("id").asText()).containsExactly("t154", "t155", "t156", "t157", "t158");
            assertThat(second.get("next").asText()).isEqualTo("t158");
            assertThat(s.read("/api/executions/" + id + "/nodes?status=pending").get("nodes")).allSatisfy(n -> assertThat(n.get("status").asText()).isEqualTo("pending"));
            // the execution's answer takes the same page
            assertThat(s.read("/api/executions/" + id + "?name=t24&status=pending").get("nodes")).extracting(n -> n.get("id").asText())
                    .containsExactly("t24", "t240", "t241", "t242", "t243", "t244", "t245", "t246", "t247", "t248", "t249");

            assertThat(s.refusal("/api/executions/" + id + "/nodes?status=sleeping")).startsWith("no node status \"sleeping\": one of pending, ready");
            assertThat(s.refusal("/api/executions/" + id + "/nodes?after=nosuch")).contains("no node \"nosuch\"");
            assertThat(s.refusal("/api/executions/" + id + "/nodes?limit=many")).contains("\"limit\" takes a number");
        }
    }

    @Test
    void aSmallRunsGraphIsDrawnWhole() throws Exception {
        try (var s = new Running(dir)) {
            String id = s.waitingApproval();
            JsonNode graph = s.read("/api/executions/" + id).get("graph");
            assertThat(graph.get("drawn").asText()).isEqualTo("whole");
            assertThat(graph.get("ids").size()).isEqualTo(5);
            assertThat(graph.get("status").get("review").asText()).isEqualTo("waiting");
            assertThat(s.read("/api/executions/" + id).get("running")).isEmpty();
        }
    }

    @Test
    @Timeout(120) // a guard against a hang, not a measurement: the stream must say that an old run changed
    void theListIsToldOfAChangeToARunOlderThanTheNewest() throws Exception {
        // older than the 200 newest: the list's signal compared those only, and a search showing this run never heard of its change
        try (var s = new Running(dir)) {
            String old = s.waitingApproval();
            var quick = s.compile("quick", Running.chain("quick", 1));
            for (int i = 0; i < 201; i++) {
                s.engine.start(quick, java.util.Map.of(), dir); // started, not run: they stay running, nothing driving them
            }
            var stream = http.send(HttpRequest.newBuilder(s.studio.url().resolve("/api/stream")).build(), HttpResponse.BodyHandlers.ofLines());
            try (Stream<String> lines = stream.body()) {
                var it = lines.iterator();
                var seen = new ArrayList<String>();
                int told = 0;
                while (it.hasNext() && told < 2) {
                    String line = it.next();
                    seen.add(line);
                    if (line.equals("event: executions")) {
                        told++;
                        if (told == 1) {
                            s.engine.answer(old, "review", "rejected", null); // the old run goes on: no longer waiting
                        }
                    }
                }
                assertThat(told).as(String.join("\n", seen)).isEqualTo(2);
            }
        }
    }
}
