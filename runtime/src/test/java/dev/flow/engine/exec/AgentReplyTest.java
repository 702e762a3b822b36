package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgentReplyTest {

    @Test
    void readsTheLastJsonObjectAfterAnyChatter() {
        var r = AgentReply.parse("I looked at it. {not json}\nHere is {\"a\": 1}\n{\"output\": \"done\", \"summary\": \"fixed\", "
                + "\"state\": {\"n\": 2}, \"cost\": 0.5, \"data\": {\"files\": [\"a.java\"]}}\n").orElseThrow();
        assertThat(r.output()).isEqualTo("done");
        assertThat(r.summary()).isEqualTo("fixed");
        assertThat(r.state()).containsEntry("n", 2);
        assertThat(r.cost()).isEqualTo(0.5);
    }

    @Test
    void readsAPrettyPrintedObjectWithNestedObjectsAsAWhole() {
        var r = AgentReply.parse("{\n  \"output\": \"blocked\",\n  \"state\": {\n    \"x\": {\"y\": 1}\n  }\n}\n").orElseThrow();
        assertThat(r.output()).isEqualTo("blocked");
    }

    @Test
    void opensTheEnvelopeOfAnAgentThatWrapsItsTextInJson() {
        String claude = "{\"type\":\"result\",\"subtype\":\"success\",\"total_cost_usd\":0.0123,"
                + "\"result\":\"Done. {\\\"output\\\": \\\"done\\\", \\\"summary\\\": \\\"patched\\\"}\"}";
        var r = AgentReply.parse(claude).orElseThrow();
        assertThat(r.output()).isEqualTo("done");
        assertThat(r.summary()).isEqualTo("patched");
        assertThat(r.cost()).isEqualTo(0.0123);
    }

    @Test
    void anAnswerWithoutJsonHasNoReply() {
        assertThat(AgentReply.parse("All done, nothing to report.")).isEmpty();
    }

    @Test
    void commandLinesFromConfigurationSplitLikeAShellWithoutRunningOne() {
        assertThat(AgentCommands.parse("claude -p --model 'opus 4' \"x y\"")).containsExactly("claude", "-p", "--model", "opus 4", "x y");
        assertThat(AgentCommands.parse("[\"a b\", \"c\"]")).containsExactly("a b", "c");
    }
}
