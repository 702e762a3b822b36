package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.check.Checker;
import dev.flow.model.FlowGraph;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.NodeSpec;
import dev.flow.model.SessionMode;
import dev.flow.model.Supervision;
import dev.flow.lowering.SupervisionWiring;
import dev.flow.store.ErrorClass;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A supervisor runs with the scripted agent as supervisor and participants (real processes, a
 * real database): its decisions route, ask a person, finish, are checked, and its rounds are counted.
 */
@dev.flow.store.BothStores
class SupervisorTest {
    @TempDir
    Path dir;

    /** A supervisor "lead" of two participants that may ask "person", with the given steering lines. */
    private static FlowGraph supervised(String decisions, int rounds, Supervision.Finish finish, boolean limitRoute) {
        var lead = NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("bot")).prompt("Plan the party.\n" + decisions))
                .steering(s -> s.supervisor(new Supervision(List.of(NameRef.of("venue"), NameRef.of("budget")), NameRef.of("person"),
                        new LoopControl(rounds, null), finish))).build();
        var flows = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .task("lead", lead)
                .agentTask("venue", "bot", "Find a venue.\n@summary the harbour hall, 60 seats")
                .agentTask("budget", "bot", "Draft a budget.\n@summary 1200 EUR in all")
                .edge("start", "lead");
        if (limitRoute) {
            flows.sh("report", "echo out of rounds").onLimit("lead", "report").edge("report", "end");
        }
        var g = flows.graph();
        return new FlowGraph(SupervisionWiring.wire(g.main()), g.subworkflows());
    }

    private static String prompt(Harness h, String exec, String node, int iteration) throws Exception {
        return Files.readString(h.dir.resolve("artifacts").resolve(exec).resolve(node).resolve(iteration + "-1").resolve("prompt.txt"));
    }

    @Test
    void theSupervisorRoutesToTwoParticipantsAsksAPersonOnceAndFinishes() throws Exception {
        FlowGraph g = supervised("@decisions venue | budget | ask Which date suits you? | finish", 12, null, false);
        assertThat(Checker.check(g)).isEmpty();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult paused = h.engine.run(id);
            assertThat(paused.outcome()).isEqualTo(RunOutcome.PAUSED);
            assertThat(paused.questions()).singleElement().satisfies(q -> {
                assertThat(q.nodeId()).isEqualTo("person");
                assertThat(q.prompt()).isEqualTo("Which date suits you?");
                assertThat(q.options()).containsExactly("answered");
            });
            assertThat(h.history(id, "lead")).extracting(RunRow::output).containsExactly("venue", "budget", "person");

            h.engine.answer(id, "person", "answered", "Saturday 14 June");
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);

            assertThat(h.history(id, "lead")).extracting(RunRow::output).containsExactly("venue", "budget", "person", "finish");
            String round2 = prompt(h, id, "lead", 2);
            assertThat(round2).contains("[round 1] you (lead) handed the work to venue", "[round 1] venue reported (done): the harbour hall, 60 seats",
                    "This is round 2 of at most 12", "\"next_agent\": one of [\"venue\", \"budget\"] or null");
            String round4 = prompt(h, id, "lead", 4);
            assertThat(round4).contains("[round 3] you (lead) asked person: Which date suits you?",
                    "[round 3] person (a person) answered: Saturday 14 June", "budget reported (done): 1200 EUR in all");
            assertThat(round4.indexOf("venue reported")).isLessThan(round4.indexOf("budget reported"));
            assertThat(h.engine.store().read(tx -> tx.nodes().get(id, "lead")).orElseThrow().resultJson())
                    .contains("\"next_agent\":null", "\"user_input_needed\":false");
        }
    }

    @Test
    void participantsContinueTheirConversationAndSeeTheirOwnEarlierResults() throws Exception {
        FlowGraph g = supervised("@decisions venue | venue | finish\n@summary the venue again, please", 5, null, false);
        assertThat(((NodeSpec.Task) g.main().node("venue").orElseThrow().spec()).call().session()).isEqualTo(SessionMode.CONTINUE);
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            String second = prompt(h, id, "venue", 2);
            assertThat(second).contains("The supervisor (lead) handed you the work: the venue again, please",
                    "Your earlier results in this run (oldest first):\n1. (done) the harbour hall, 60 seats");
            String firstSession = h.history(id, "venue").get(0).resultJson();
            assertThat(Files.readString(h.dir.resolve("artifacts").resolve(id).resolve("venue").resolve("2-1").resolve("stdout.log")))
                    .contains("continuing session");
            assertThat(firstSession).isNotNull();
        }
    }

    @Test
    void anUnknownParticipantIsAValidationErrorRetriedWithTheParticipantsListed() throws Exception {
        FlowGraph g = supervised("@decisions venu | finish", 3, null, false);
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            RunRow refused = h.history(id, "lead").get(0);
            assertThat(refused.status()).isEqualTo(NodeStatus.FAILED);
            assertThat(refused.errorClass()).isEqualTo(ErrorClass.VALIDATION);
            assertThat(refused.error()).isEqualTo("supervisor \"lead\" chose next_agent \"venu\", which is not one of its participants"
                    + " [\"venue\", \"budget\"]; did you mean \"venue\"?");
            String retried = Files.readString(h.dir.resolve("artifacts").resolve(id).resolve("lead").resolve("1-2").resolve("prompt.txt"));
            assertThat(retried).contains("Your previous answer (attempt 1) was not accepted: supervisor \"lead\" chose next_agent \"venu\"");
            assertThat(h.node(id, "lead").output()).isEqualTo("finish");
        }
    }

    @Test
    void theRoundsCountTogetherAndTheirLimitStopsTheRunOrTakesTheLimitRoute() {
        // venue, budget, venue... never finishing: three rounds in all, whichever participant reported back
        FlowGraph stops = supervised("@decisions venue | budget | venue | budget", 3, null, false);
        try (var h = new Harness(dir.resolve("a"))) {
            String id = h.start(stops);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(h.engine.queries().status(id).execution().report()).isEqualTo(
                    "supervisor \"lead\" used its 3 rounds (max rounds) and has no \"on limit\" route to take instead");
            assertThat(h.history(id, "lead")).extracting(RunRow::output).containsExactly("venue", "budget", "venue");
            assertThat(h.node(id, "lead").output()).isEqualTo("venue");
        }
        FlowGraph routed = supervised("@decisions venue | budget | venue", 2, Supervision.Finish.NEVER, true);
        assertThat(Checker.check(routed)).isEmpty();
        try (var h = new Harness(dir.resolve("b"))) {
            String id = h.start(routed);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "report").status()).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.engine.queries().status(id).execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
        }
    }

    @Test
    void aSupervisorThatMayNotFinishIsToldSoAndRetried() {
        FlowGraph g = supervised("@decisions finish | venue | budget", 2, Supervision.Finish.NEVER, true);
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.history(id, "lead").get(0).error()).isEqualTo(
                    "supervisor \"lead\" may not finish (\"finish never\"): choose one of [\"venue\", \"budget\"] in \"next_agent\"");
        }
    }
}
