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
    void anEnvelopeWithIsErrorIsTheAgentsOwnFailureWithItsCostAndSession() {
        var r = AgentReply.parse("{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":true,\"result\":\"Prompt is too long\","
                + "\"total_cost_usd\":0.5,\"session_id\":\"abc\"}").orElseThrow();
        assertThat(r.agentError()).isEqualTo("Prompt is too long");
        assertThat(r.output()).isNull();
        assertThat(r.cost()).isEqualTo(0.5);
        assertThat(r.sessionId()).isEqualTo("abc");
    }

    @Test
    void geminisErrorObjectIsTheAgentsOwnFailure() {
        var r = AgentReply.parse("{\"session_id\": \"g-1\", \"error\": {\"type\": \"ApiError\", \"message\": \"Quota exceeded\", \"code\": 429}}")
                .orElseThrow();
        assertThat(r.agentError()).isEqualTo("Quota exceeded");
        assertThat(r.sessionId()).isEqualTo("g-1");
    }

    @Test
    void theSessionComesFromTheEnvelopeOrFromTheAnswerItself() {
        String claude = "{\"type\":\"result\",\"session_id\":\"c-7\",\"result\":\"{\\\"output\\\": \\\"done\\\"}\"}";
        assertThat(AgentReply.parse(claude).orElseThrow().sessionId()).isEqualTo("c-7");
        assertThat(AgentReply.parse("{\"output\": \"done\", \"session_id\": \"mine\"}").orElseThrow().sessionId()).isEqualTo("mine");
    }

    @Test
    void threeHundredKilobytesOfClosingBracesBeforeTheAnswer() {
        var r = AgentReply.parse("}".repeat(300 * 1024) + "\n{\"output\": \"done\"}").orElseThrow();
        assertThat(r.output()).isEqualTo("done");
    }

    @Test
    void threeHundredKilobytesOfOpeningBracesBeforeTheAnswer() {
        var r = AgentReply.parse("{".repeat(300 * 1024) + "\n{\"output\": \"done\"}").orElseThrow();
        assertThat(r.output()).isEqualTo("done");
    }

    @Test
    void threeHundredKilobytesOfNestedGarbageBeforeTheAnswer() {
        String garbage = "{\"a\": {\"b\" [} ".repeat(300 * 1024 / 16) + "x}}}".repeat(1000);
        var r = AgentReply.parse(garbage + "\n{\"output\": \"done\", \"summary\": \"ok\"}").orElseThrow();
        assertThat(r.output()).isEqualTo("done");
        assertThat(AgentReply.parse("{x} ".repeat(75 * 1024))).isEmpty();
    }

    @Test
    void bracesInsideStringsDoNotCountButALoneQuoteInProseDoesNotHideTheAnswer() {
        var r = AgentReply.parse("He said \"use { carefully.\n{\"output\": \"done\", \"summary\": \"closed } and opened {\"}").orElseThrow();
        assertThat(r.output()).isEqualTo("done");
        assertThat(r.summary()).isEqualTo("closed } and opened {");
        assertThat(AgentReply.parse("I will use {x to start.\n{\"output\": \"blocked\"}").orElseThrow().output()).isEqualTo("blocked");
    }

    @Test
    void aNulCharacterIsRefusedNamingItsFieldWhetherEscapedOrRaw() {
        assertThat(AgentReply.parse("{\"output\": \"done\", \"state\": {\"note\": \"a\\u0000b\"}}").orElseThrow().problem())
                .isEqualTo("\"state.note\" holds a NUL character, which Flow does not store; leave it out");
        assertThat(AgentReply.parse("{\"output\": \"done\", \"summary\": \"a\u0000b\"}").orElseThrow().problem())
                .startsWith("\"summary\" holds a NUL character");
    }

    @Test
    void costsThatAreNotFiniteNonNegativeNumbersAreRefused() {
        assertThat(AgentReply.parse("{\"output\": \"done\", \"cost\": 1e999}").orElseThrow().problem()).isEqualTo("\"cost\" is not a finite number (Infinity)");
        assertThat(AgentReply.parse("{\"output\": \"done\", \"cost\": -0.5}").orElseThrow().problem()).isEqualTo("\"cost\" is -0.5; a cost is zero or more");
        assertThat(AgentReply.parse("{\"output\": \"done\", \"cost\": \"cheap\"}").orElseThrow().problem())
                .isEqualTo("\"cost\" is \"cheap\"; a cost is a number of dollars");
        assertThat(AgentReply.parse("{\"type\": \"result\", \"result\": \"ok\", \"total_cost_usd\": -1}").orElseThrow().problem())
                .isEqualTo("\"total_cost_usd\" is -1; a cost is zero or more");
    }

    @Test
    void numbersOutOfRangeAreRefusedNamingTheirField() {
        assertThat(AgentReply.parse("{\"output\": \"done\", \"state\": {\"n\": 123456789012345678901234567890}}").orElseThrow().problem())
                .isEqualTo("\"state.n\" is 123456789012345678901234567890, beyond the range of a 64-bit integer");
        assertThat(AgentReply.parse("{\"output\": \"done\", \"data\": {\"sizes\": [1, 1e400]}}").orElseThrow().problem())
                .isEqualTo("\"data.sizes[1]\" is not a finite number (Infinity)");
    }

    @Test
    void aMalformedAnswerIsAProblemNotAReasonToTakeAnEarlierObject() {
        var broken = AgentReply.parse("{\"output\": \"done\"}\nOn second thought: {\"output\": \"blocked\",}").orElseThrow();
        assertThat(broken.acceptable()).isFalse();
        assertThat(broken.problem()).startsWith("its JSON answer does not parse");
        assertThat(AgentReply.parse("{\"output\": 3}").orElseThrow().problem()).isEqualTo("\"output\" is 3; it must be the name of an output, as a string");
    }

    @Test
    void malformedJsonThatIsNotAnAnswerIsPassedOver() {
        assertThat(AgentReply.parse("{\"output\": \"done\"}\nThe config had {\"name\": \"x\",} in it.").orElseThrow().output()).isEqualTo("done");
        assertThat(AgentReply.parse("The config had {\"name\": \"x\",} in it.")).isEmpty();
    }

    @Test
    void bracketsMustNestInsideASpan() {
        var r = AgentReply.parse("{\"output\": \"done\"}" + "{\"a\": {\"b\": [} ".repeat(20_000)).orElseThrow();
        assertThat(r.output()).isEqualTo("done");
    }

    @Test
    void commandLinesFromConfigurationSplitLikeAShellWithoutRunningOne() {
        assertThat(AgentCommands.parse("claude -p --model 'opus 4' \"x y\"")).containsExactly("claude", "-p", "--model", "opus 4", "x y");
        assertThat(AgentCommands.parse("[\"a b\", \"c\"]")).containsExactly("a b", "c");
    }
}
