package dev.flow.cli;

import dev.flow.engine.AnswerResult;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow answer EXECUTION NODE OUTPUT [--note TEXT]}: a person's answer, recorded once. */
@Command(name = "answer", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Answer the question a node waits on: one of a human node's outputs, or proceed, stop or skip for an interrupt."
                + " The answer is recorded and applied at once, and only once: a second answer is refused."
                + " Then \"flow resume EXECUTION\" goes on (a running \"flow worker\" goes on by itself).",
                "Exit status: 0 recorded, 2 usage problems (an unknown execution or node, an answer that is not one of the options,"
                        + " a question already answered, a missing or unreadable database)."})
final class AnswerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "EXECUTION", description = "The execution (flow run printed the command with it).")
    String execution;

    @Parameters(index = "1", paramLabel = "NODE", description = "The node that waits.")
    String node;

    @Parameters(index = "2", paramLabel = "OUTPUT", description = "The answer: one of the node's outputs (or proceed, stop, skip).")
    String output;

    @Option(names = "--note", paramLabel = "TEXT", description = "A note kept with the answer (the node's result has it as \"note\", and its text)."
            + " For a supervisor's question (answer \"answered\") this is the answer itself, which reaches the supervisor's next prompt.")
    String note;

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        try (var store = database.openExisting()) {
            AnswerResult a = Engines.create(store).answer(execution, node, output, note);
            Invocation flow = Invocation.of(database);
            out.println("answered " + a.nodeId() + ": " + a.answer() + " (execution " + a.executionId() + " is now " + a.status().keyword() + ")");
            if (!a.status().isFinal()) {
                out.println("continue the run with:");
                out.println("  " + flow.command("resume", store.read(tx -> tx.executions().get(a.executionId())).map(r -> r.rootId()).orElse(execution)));
            }
        }
        out.flush();
        return ExitCode.OK;
    }
}
