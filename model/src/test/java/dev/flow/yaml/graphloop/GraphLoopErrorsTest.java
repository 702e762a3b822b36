package dev.flow.yaml.graphloop;

import static dev.flow.yaml.YamlTestSupport.after;
import static dev.flow.yaml.YamlTestSupport.at;
import static dev.flow.yaml.YamlTestSupport.onlyProblem;
import static dev.flow.yaml.YamlTestSupport.problems;
import static dev.flow.yaml.YamlTestSupport.read;
import static dev.flow.yaml.graphloop.GraphLoopMappingTest.START_WORK_END;
import static dev.flow.yaml.graphloop.GraphLoopMappingTest.WORK;
import static dev.flow.yaml.graphloop.GraphLoopMappingTest.wf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.yaml.YamlTestSupport;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import org.junit.jupiter.api.Test;

/** The mistakes a dialect 2 author makes, each reported with its position; the graph is still produced. */
class GraphLoopErrorsTest {

    @Test
    void reportsAConditionSyntaxErrorAtItsColumnInsideTheYamlString() {
        String text = wf(WORK, "  - {from: START, to: work}\n  - {from: work, to: END, condition: \"state.x >= 8 && && done\"}\n");
        Diagnostic d = onlyProblem(text, Code.MALFORMED_CONDITION);
        assertThat(d.source()).isEqualTo(after(text, "state.x >= 8 && ", "&&"));
        assertThat(read(text).graph().orElseThrow().main().edges()).hasSize(2);
    }

    @Test
    void reportsAHostileConditionAsASyntaxErrorWhereItGoesWrong() {
        String text = wf(WORK, "  - {from: START, to: work}\n  - from: work\n    to: END\n    condition: '__import__(\"os\").system(\"x\")'\n");
        Diagnostic d = onlyProblem(text, Code.MALFORMED_CONDITION);
        assertThat(d.source()).isEqualTo(at(text, "__import__("));
        String shell = wf(WORK, "  - {from: START, to: work}\n  - {from: work, to: END, condition: \"done; rm -rf /\"}\n");
        assertThat(onlyProblem(shell, Code.MALFORMED_CONDITION).source()).isEqualTo(at(shell, ";"));
    }

    @Test
    void placesAnErrorInAnEscapedOrFoldedConditionAsNearAsTheTextAllows() {
        String escaped = wf(WORK, "  - {from: START, to: work}\n  - {from: work, to: END, condition: \"outputs.work == \\\"x\\\" ;\"}\n");
        assertThat(onlyProblem(escaped, Code.MALFORMED_CONDITION).source()).isEqualTo(at(escaped, ";"));
        String folded = wf(WORK, "  - {from: START, to: work}\n  - from: work\n    to: END\n    condition: >\n      done &&\n      state.ready ;\n");
        SourceRef semicolon = onlyProblem(folded, Code.MALFORMED_CONDITION).source();
        assertThat(semicolon).isEqualTo(at(folded, ";"));
    }

    @Test
    void reportsMalformedConditionsOfDecisionsInterruptsAndCompletion() {
        String text = wf(WORK + "  d: {type: decision, condition: \"state.x >\", outputs: [pass, fail]}\n", START_WORK_END)
                + "interrupts:\n  - {before: work, condition: \"a b\"}\ncompletion:\n  - \"(done\"\n";
        assertThat(problems(text)).extracting(Diagnostic::code).containsOnly(Code.MALFORMED_CONDITION).hasSize(3);
    }

    @Test
    void aSupervisorTakesNoOutputsAndOneWithoutATypeIsReadAsASupervisorByItsParticipants() {
        String lead = "  lead: {type: supervisor, agent: self, prompt: Plan, participants: [work], max_rounds: 3, outputs: [done]}\n";
        String text = wf(WORK + lead, "  - {from: START, to: lead}\n");
        Diagnostic d = onlyProblem(text, Code.YAML_WRONG_KIND_CONFIG);
        assertThat(d.message()).isEqualTo("node \"lead\" is a supervisor node but carries \"outputs\": its outputs are its participants,"
                + " its ask node and finish; remove it");
        assertThat(d.source()).isEqualTo(after(text, "max_rounds: 3, ", "outputs"));

        String untyped = wf(WORK + "  lead: {agent: self, prompt: Plan, participants: [work], max_rounds: 3}\n", "  - {from: START, to: lead}\n");
        assertThat(onlyProblem(untyped, Code.YAML_MISSING_FIELD).message()).contains("type");
        var w = read(untyped).graph().orElseThrow().main();
        assertThat(w.node("lead").orElseThrow().effectiveOutputs()).containsExactly("work", "finish");
        assertThat(dev.flow.check.Checker.check(read(text).graph().orElseThrow())).isEmpty();
    }

    @Test
    void reportsAnUnknownKeyWithTheNearestKnownKey() {
        String text = wf("  work:\n    type: task\n    agent: self\n    promt: Do it\n    outputs: [done]\n", START_WORK_END);
        var all = problems(text);
        Diagnostic typo = all.stream().filter(d -> d.code() == Code.YAML_UNKNOWN_KEY).findFirst().orElseThrow();
        assertThat(typo.source()).isEqualTo(at(text, "promt"));
        assertThat(typo.suggestions()).containsExactly("prompt");
        // one mistake, one diagnostic: the misspelt key is read as the prompt, not also reported missing
        assertThat(all).extracting(Diagnostic::code).containsExactly(Code.YAML_UNKNOWN_KEY);
        assertThat(((dev.flow.model.NodeSpec.Task) YamlTestSupport.node(YamlTestSupport.workflowDespiteProblems(text), "work").spec()).prompt())
                .isEqualTo("Do it");
    }

    @Test
    void reportsKeysOfAnotherNodeType() {
        String text = wf("  work:\n    type: task\n    agent: self\n    prompt: Do it\n    branches: [a]\n    outputs: [done]\n", START_WORK_END);
        Diagnostic d = onlyProblem(text, Code.YAML_WRONG_KIND_CONFIG);
        assertThat(d.source()).isEqualTo(at(text, "branches"));
        assertThat(d.message()).isEqualTo("node \"work\" is a task node but carries \"branches\", which belongs to parallel nodes; remove it, or change the type");
        Diagnostic prompt = onlyProblem(wf(WORK + "  d: {type: decision, condition: \"state.x\", prompt: \"Why?\", outputs: [a, b]}\n", START_WORK_END),
                Code.YAML_WRONG_KIND_CONFIG);
        assertThat(prompt.message()).contains("which belongs to task and join and human and supervisor nodes");
    }

    @Test
    void reportsMissingFieldsEachNodeTypeNeeds() {
        String text = "workflow: w\nnodes:\n  a: {type: task, agent: self, outputs: [done]}\n  b: {type: task, agent: bash, outputs: [done]}\n"
                + "  c: {type: task, prompt: x, outputs: [done]}\n  d: {type: decision, outputs: [pass, fail]}\n  e: {type: parallel, outputs: [x]}\n"
                + "  f: {type: join, outputs: [x]}\n  g: {type: human, outputs: [x]}\n  h: {type: checkpoint}\n  i: {outputs: [x]}\n";
        assertThat(problems(text).stream().filter(d -> d.code() == Code.YAML_MISSING_FIELD).map(Diagnostic::message)).containsExactly(
                "the workflow has no \"edges\"; a list of edges such as - {from: START, to: first_node}",
                "node \"a\" has no \"prompt\"; an agent task needs the prompt to send it",
                "node \"b\" has no \"command\"; a bash task runs a command, such as command: \"npm test\"",
                "node \"c\" has no \"agent\"; one of self, codex, gemini, bash",
                "node \"d\" has no \"condition\"; an expression such as condition: \"state.score >= 8\"",
                "node \"e\" has no \"branches\"; list the nodes to start, such as branches: [research_a, research_b]",
                "node \"f\" has no \"wait_for\"; list the nodes to wait for, such as wait_for: [research_a, research_b]",
                "node \"g\" has no \"prompt\"; write the question to ask",
                "node \"h\" has no \"outputs\"; list what the node can produce, such as outputs: [done]",
                "node \"i\" has no \"type\"; one of task, decision, parallel, join, human, checkpoint, supervisor");
    }

    @Test
    void reportsADecisionWithoutTwoOutputs() {
        String text = wf(WORK + "  d: {type: decision, condition: \"state.x\", outputs: [a, b, c]}\n", START_WORK_END);
        Diagnostic d = onlyProblem(text, Code.YAML_INVALID_VALUE);
        assertThat(d.source()).isEqualTo(at(text, "[a, b, c]"));
        assertThat(d.message()).contains("declare two");
    }

    @Test
    void reportsAnUnknownNodeTypeWithTheNearestOne() {
        Diagnostic d = onlyProblem(wf("  work: {type: taks, agent: self, prompt: x, outputs: [done]}\n", START_WORK_END), Code.YAML_INVALID_VALUE);
        assertThat(d.suggestions()).containsExactly("task");
    }

    @Test
    void reportsValuesOfTheWrongType() {
        String text = wf("  work:\n    type: task\n    agent: self\n    prompt: [a]\n    outputs: done\n    timeout_minutes: soon\n    retry_on_failure: 1\n",
                "  - {from: START, to: work, condition: [done]}\n") + "state: {variables: [a]}\nlimits: {max_cost_dollars: lots}\ncompletion: [{a: 1}]\n";
        var wrong = problems(text).stream().filter(d -> d.code() == Code.YAML_WRONG_TYPE).map(Diagnostic::message).toList();
        assertThat(wrong).containsExactly(
                "\"prompt\" of node \"work\" must be a text, not a list",
                "\"outputs\" of node \"work\" must be a list of names, not a string (\"done\")",
                "\"timeout_minutes\" of node \"work\" must be a number of minutes, not a string (\"soon\")",
                "\"retry_on_failure\" of node \"work\" must be true or false, not a whole number (1)",
                "\"condition\" of the edge from \"START\" to \"work\" must be a condition string such as \"done\" or \"state.score >= 8\", not a list",
                "\"variables\" of the state of the workflow must be a mapping of variable names to initial values, not a list",
                "\"max_cost_dollars\" of the limits of the workflow must be a number of dollars, not a string (\"lots\")",
                "each item of \"completion\" must be a condition string such as \"review.clean\", not a mapping");
    }

    @Test
    void reportsInterruptsWithBothOrNeitherTiming() {
        String text = wf(WORK, START_WORK_END) + "interrupts:\n  - {before: work, after: work}\n  - {prompt: \"Why?\"}\n";
        var all = problems(text);
        assertThat(all).extracting(Diagnostic::code).containsExactly(Code.CONFLICTING_FIELDS, Code.YAML_MISSING_FIELD);
        assertThat(all.get(0).source()).isEqualTo(at(text, "after"));
    }

    @Test
    void saysWhichDialectAKeyBelongsTo() {
        String text = wf(WORK, "  - {source: START, to: work}\n") + "entry_point: work\n";
        var unknown = problems(text).stream().filter(d -> d.code() == Code.YAML_UNKNOWN_KEY).map(Diagnostic::message).toList();
        assertThat(unknown).containsExactly(
                "unknown key \"source\" in edge #1; \"source\" belongs to dialect 1 (supervisor); in dialect 2 an edge goes \"from\" a node",
                "unknown key \"entry_point\" in the workflow; \"entry_point\" belongs to dialect 1 (supervisor), and this file reads as dialect 2 (graph-loop)");
    }

    @Test
    void reportsADuplicateNodeAtItsSecondDefinition() {
        String text = wf(WORK + WORK, START_WORK_END);
        Diagnostic d = onlyProblem(text, Code.YAML_DUPLICATE_KEY);
        assertThat(d.source()).isEqualTo(after(text, "blocked]\n  ", "work"));
    }
}
