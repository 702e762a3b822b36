package dev.flow.agents;

import java.util.List;

/**
 * One answer of the model server's script: the server plays the next step for each request that is
 * an agent's turn (see {@link Dialect#isTurn}), in order.
 */
sealed interface Step permits Step.Say, Step.Call, Step.Fail, Step.Cut, Step.Stall {

    /** Tokens the answer reports; fixed by the script so that tests can add them up. */
    record Usage(int input, int output) {
        static final Usage DEFAULT = new Usage(100, 20);
    }

    /** A text answer that ends the agent's turn. */
    record Say(String text, Usage usage) implements Step {
    }

    /** Text (may be empty) and then tool calls: the CLI runs them and comes back with their results. */
    record Call(String text, List<Tool> tools, Usage usage) implements Step {
        public Call {
            tools = List.copyOf(tools);
        }
    }

    /** An HTTP error before any answer, in the API's own form. */
    record Fail(Failure failure, String message) implements Step {
    }

    /** A streamed answer that starts with {@code partialText} and then loses its connection. */
    record Cut(String partialText) implements Step {
    }

    /** A request that is never answered, until the server closes. */
    record Stall() implements Step {
    }

    /** The failures a model API really gives; each {@link Dialect} has its status and body. */
    enum Failure {
        /** 429 everywhere. */
        RATE_LIMIT,
        /** 529 at Anthropic, 503 at OpenAI and Google. */
        OVERLOADED,
        /** 500. */
        SERVER_ERROR,
        /** 401 at Anthropic and OpenAI; Google answers 400 API_KEY_INVALID. */
        BAD_KEY
    }

    static Step say(String text) {
        return new Say(text, Usage.DEFAULT);
    }

    static Step call(Tool... tools) {
        return new Call("", List.of(tools), Usage.DEFAULT);
    }

    static Step write(String path, String content) {
        return call(new Tool.Write(path, content));
    }

    static Step edit(String path, String before, String after) {
        return call(new Tool.Edit(path, before, after));
    }

    static Step read(String path) {
        return call(new Tool.Read(path));
    }

    static Step shell(String command) {
        return call(new Tool.Shell(command));
    }

    static Step fail(Failure failure) {
        return new Fail(failure, null);
    }
}
