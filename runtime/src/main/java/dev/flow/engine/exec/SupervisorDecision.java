package dev.flow.engine.exec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flow.check.NameSuggester;
import dev.flow.model.Node;
import dev.flow.model.Supervision;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A supervisor's answer (seed 004's {@code SupervisorDecision}), read from the agent contract's JSON
 * answer: {@code {"next_agent": "venue" | null, "user_input_needed": false, "user_prompt": null,
 * "summary": ...}}. It decides the supervisor's output: a question for a person when
 * {@code user_input_needed} is true (the ask node's name; {@code next_agent} is then not read), else
 * the participant {@code next_agent} names, else {@value Supervision#FINISH_OUTPUT}. An answer
 * without any of the three fields may name the output itself ({@code "output": "venue"}).
 *
 * <p>A decision that cannot be followed (a participant the supervisor does not have, a question
 * without a person to ask or without its text, finishing when it may not) is a validation failure,
 * whose message lists what the supervisor can choose: the next attempt's prompt ends with it.
 *
 * @param output the output the decision names; null when it cannot be followed
 * @param problem why it cannot be followed; null when it can
 */
record SupervisorDecision(String output, String nextAgent, boolean userInputNeeded, String userPrompt, String problem) {

    static SupervisorDecision refused(String problem) {
        return new SupervisorDecision(null, null, false, null, problem);
    }

    /** The decision in an agent's standard output, for supervisor {@code node}. */
    static SupervisorDecision read(String stdout, Node node, Supervision supervision) {
        JsonNode answer = AgentReply.answerObject(stdout).orElse(null);
        List<String> outputs = node.effectiveOutputs();
        String ask = supervision.ask() == null ? null : supervision.ask().name();
        List<String> participants = new ArrayList<>(outputs);
        participants.remove(Supervision.FINISH_OUTPUT);
        participants.remove(ask);
        String who = "supervisor \"" + node.id() + "\"";
        String shape = "end with {\"next_agent\": one of " + quoted(participants) + " or null, \"user_input_needed\": false, \"user_prompt\": null}";
        if (answer == null) {
            return refused(who + " gave no decision: " + shape);
        }
        boolean decides = answer.has(Supervision.NEXT_AGENT) || answer.has(Supervision.USER_INPUT_NEEDED) || answer.has(Supervision.USER_PROMPT);
        if (!decides) {
            JsonNode output = answer.get("output");
            if (output == null || !output.isTextual()) {
                return refused(who + " gave no decision: " + shape);
            }
            String named = output.asText();
            if (named.equals(ask)) {
                return refused(who + " answered output \"" + named + "\" without a question: set \"user_input_needed\": true and write it in \"user_prompt\"");
            }
            return new SupervisorDecision(named, participants.contains(named) ? named : null, false, null, null);
        }
        JsonNode next = answer.get(Supervision.NEXT_AGENT);
        JsonNode needed = answer.get(Supervision.USER_INPUT_NEEDED);
        JsonNode prompt = answer.get(Supervision.USER_PROMPT);
        if (next != null && !next.isNull() && !next.isTextual()) {
            return refused("\"next_agent\" is " + Tails.clip(next.toString(), 40) + "; it names a participant, as a string, or is null to finish");
        }
        if (needed != null && !needed.isNull() && !needed.isBoolean()) {
            return refused("\"user_input_needed\" is " + Tails.clip(needed.toString(), 40) + "; it is true or false");
        }
        if (prompt != null && !prompt.isNull() && !prompt.isTextual()) {
            return refused("\"user_prompt\" is " + Tails.clip(prompt.toString(), 40) + "; it is the question for the person, as a string");
        }
        String nextAgent = next == null || next.isNull() || next.asText().isBlank() ? null : next.asText();
        boolean asks = needed != null && needed.asBoolean(false);
        String question = prompt == null || prompt.isNull() ? null : prompt.asText();
        if (asks) {
            if (ask == null) {
                return refused(who + " asked for user input, but it has no one to ask (no \"ask\"): choose one of " + quoted(participants)
                        + " in \"next_agent\"" + (supervision.mayFinish() ? ", or null to finish" : ""));
            }
            if (question == null || question.isBlank()) {
                return refused(who + " asked for user input without a question: write it in \"user_prompt\"");
            }
            return new SupervisorDecision(ask, nextAgent, true, question, null);
        }
        if (nextAgent != null) {
            if (!participants.contains(nextAgent)) {
                String hint = NameSuggester.best(nextAgent, participants).map(n -> "; did you mean \"" + n + "\"?").orElse("");
                String asking = nextAgent.equals(ask) ? "; to ask " + ask + ", set \"user_input_needed\": true with the question in \"user_prompt\"" : "";
                return refused(who + " chose next_agent \"" + nextAgent + "\", which is not one of its participants " + quoted(participants)
                        + hint + asking);
            }
            return new SupervisorDecision(nextAgent, nextAgent, false, question, null);
        }
        if (!supervision.mayFinish()) {
            return refused(who + " may not finish (\"finish never\"): choose one of " + quoted(participants) + " in \"next_agent\"");
        }
        return new SupervisorDecision(Supervision.FINISH_OUTPUT, null, false, question, null);
    }

    /** The decision's fields, as the supervisor's result keeps them ({@code planner.user_prompt}). */
    void addTo(Map<String, Object> result) {
        result.put(Supervision.NEXT_AGENT, nextAgent);
        result.put(Supervision.USER_INPUT_NEEDED, userInputNeeded);
        result.put(Supervision.USER_PROMPT, userPrompt == null ? "" : userPrompt);
    }

    /** What the supervisor is asked to end its answer with, in place of the usual contract's reminder. */
    static String reminder(Node node, Supervision supervision) {
        List<String> participants = new ArrayList<>(node.effectiveOutputs());
        participants.remove(Supervision.FINISH_OUTPUT);
        String ask = supervision.ask() == null ? null : supervision.ask().name();
        participants.remove(ask);
        var out = new StringBuilder("When you have decided, end your answer with one JSON object on its own line: {\"next_agent\": one of ")
                .append(quoted(participants)).append(supervision.mayFinish() ? " or null" : "")
                .append(", \"user_input_needed\": false, \"user_prompt\": null, \"summary\": \"why, in one or two sentences\"}.\n");
        if (ask != null) {
            out.append("To ask a person first, set \"user_input_needed\": true and write the question in \"user_prompt\"; their answer comes in the next round.\n");
        }
        if (supervision.mayFinish()) {
            out.append("When the work is done, set \"next_agent\": null with \"user_input_needed\": false.\n");
        }
        return out.toString();
    }

    private static String quoted(List<String> names) {
        return "[" + String.join(", ", names.stream().map(n -> "\"" + n + "\"").toList()) + "]";
    }
}
