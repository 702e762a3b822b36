package dev.flow.check;

import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.outputs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.model.ResultFields;
import dev.flow.model.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeResolverTest {

    private final TestFlow flow = TestFlow.workflow("demo")
            .input("issue", "string")
            .state("attempts", "int", "0")
            .state("extra", "any")
            .gateDef("tests")
            .gate("test", "tests")
            .task("analyze", command("true"), outputs("done", "blocked"))
            .merge("join")
            .edge("start -> analyze -> test -> join -> end");
    private final TypeResolver names = TypeResolver.of(flow.build());

    @Test
    void resolvesStateInputsAndNodeFieldsToTheirTypes() {
        assertThat(names.resolve("state.attempts", null).type()).isEqualTo(Type.INT);
        assertThat(names.resolve("input.issue", null).type()).isEqualTo(Type.STRING);
        assertThat(names.resolve("test.passed", null).type()).isEqualTo(Type.BOOL);
        assertThat(names.resolve("test.test_status", null).type()).isEqualTo(ResultFields.TEST_STATUS);
        assertThat(names.resolve("test.output", null).type()).isEqualTo(Type.STRING);
        assertThat(names.resolve("analyze.output", null).type()).isEqualTo(Type.enumOf(List.of("done", "blocked")));
        assertThat(names.resolve("analyze.blocked", null).type()).isEqualTo(Type.BOOL);
    }

    @Test
    void saysWhichNodeAPathReads() {
        assertThat(names.resolve("analyze.summary", null).node()).isEqualTo("analyze");
        assertThat(names.resolve("state.attempts", null).node()).isNull();
    }

    @Test
    void readsIntoFieldsOfTypeAnyAndAnyFieldOfMergesAndSubgraphs() {
        assertThat(names.resolve("analyze.data.verdict.score", null).type()).isEqualTo(Type.ANY);
        assertThat(names.resolve("state.extra.deep", null).type()).isEqualTo(Type.ANY);
        assertThat(names.resolve("join.anything", null).type()).isEqualTo(Type.ANY);
    }

    @Test
    void outputNamesTheOutputOfTheNodeBeingHandled() {
        var analyze = names.node("analyze").orElseThrow();
        assertThat(names.resolve("output", analyze).type()).isEqualTo(Type.enumOf(List.of("done", "blocked")));
        var nowhere = names.resolve("output", null);
        assertThat(nowhere.problem()).isEqualTo(Code.UNKNOWN_VARIABLE);
        assertThat(nowhere.message()).startsWith("\"output\" names the output of the node being handled");
    }

    @Test
    void refusesPathsThatAreNotDottedIdentifiers() {
        for (String path : List.of("__import__('os')", "a..b", "a;b", "", ".a", "a.", "1a", "a b")) {
            assertThat(TypeResolver.isDottedIdentifier(path)).as(path).isFalse();
            assertThat(names.resolve(path, null).problem()).as(path).isEqualTo(Code.UNSAFE_FIELD);
        }
        assertThat(TypeResolver.isDottedIdentifier("_a.b1.C_")).isTrue();
    }

    @Test
    void explainsWhatDoesNotResolveWithTheWholePathSuggested() {
        var state = names.resolve("state.atempts", null);
        assertThat(state.problem()).isEqualTo(Code.UNKNOWN_VARIABLE);
        assertThat(state.suggestions()).containsExactly("state.attempts");
        var node = names.resolve("analyse.summary", null);
        assertThat(node.problem()).isEqualTo(Code.UNKNOWN_NODE);
        assertThat(node.suggestions()).containsExactly("analyze.summary");
        var field = names.resolve("analyze.sumary.x", null);
        assertThat(field.problem()).isEqualTo(Code.UNKNOWN_FIELD);
        assertThat(field.suggestions()).containsExactly("analyze.summary.x");
        var bare = names.resolve("issue", null);
        assertThat(bare.problem()).isEqualTo(Code.UNKNOWN_VARIABLE);
        assertThat(bare.suggestions()).containsExactly("input.issue");
        assertThat(names.resolve("state", null).message()).isEqualTo("\"state\" names no state variable; write state.NAME");
        assertThat(names.resolve("analyze", null).suggestions()).containsExactly("analyze.output");
    }

    @Test
    void listsTheFieldsOfANodeForCompletion() {
        var fields = TypeResolver.fieldsOf(names.node("analyze").orElseThrow());
        assertThat(fields.keySet()).containsExactly("output", "summary", "exit_code", "cost", "stdout", "stderr", "data", "text", "done", "blocked");
        assertThat(names.nodeIds()).containsExactly("start", "test", "analyze", "join", "end");
        assertThat(names.stateNames()).containsExactly("attempts", "extra");
        assertThat(names.inputNames()).containsExactly("issue");
    }
}
