package dev.flow.engine.exec;

import dev.flow.model.AgentDef;
import dev.flow.model.BuiltinAgents;
import dev.flow.model.NodeSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A task (or a merge) run by an agent: the filled prompt goes to the program on standard input, or
 * in the file {@code FLOW_PROMPT_FILE} when the agent is defined with {@code prompt via file}; the
 * program answers with the last JSON object it prints ({@link AgentReply}). An output the node does
 * not declare fails the node; an answer with no JSON at all counts as the first output when the
 * program exits 0.
 */
final class AgentTask {
    private final Launcher launcher;
    private final Gates gates;
    private final AgentCommands commands;
    private final RoleAgents roles;
    private final boolean contractFooter;

    AgentTask(Launcher launcher, Gates gates, AgentCommands commands, RoleAgents roles, boolean contractFooter) {
        this.launcher = launcher;
        this.gates = gates;
        this.commands = commands;
        this.roles = roles;
        this.contractFooter = contractFooter;
    }

    /** Runs {@code agentName}, or, when it is null, the agent that plays the task's role. */
    Outcome run(Job job, String agentName, String cwd, Map<String, String> env, NodeSpec.Task task, Cancellation cancellation) {
        AgentDef def = job.workflow().agent(agentName).orElse(null);
        List<String> argv;
        if (agentName == null) {
            var played = roles.resolve(job.workflow(), task.role());
            if (played.isEmpty()) {
                return Outcome.failed(RoleAgents.missing(task.role()), false, Map.of());
            }
            agentName = played.get().name();
            def = played.get().definition();
            argv = played.get().argv();
        } else if (def != null && def.command() != null) {
            argv = Launcher.argv(def.command());
        } else {
            var configured = commands.commandFor(agentName);
            if (configured.isEmpty()) {
                String hint = BuiltinAgents.isBuiltin(agentName)
                        ? "set " + AgentCommands.variableFor(agentName) + " to its command line, or define \"agent " + agentName + " { run [...] }\""
                        : "define \"agent " + agentName + " { run [...] }\" in the workflow";
                return Outcome.failed("agent \"" + agentName + "\" has no command: " + hint, false, Map.of());
            }
            argv = configured.get();
        }
        Path promptFile = job.runDir().resolve("prompt.txt");
        var allEnv = new LinkedHashMap<String, String>();
        if (def != null) {
            allEnv.putAll(def.env());
        }
        allEnv.putAll(env);
        allEnv.put("FLOW_PROMPT_FILE", promptFile.toString());
        boolean viaFile = def != null && def.promptVia() == AgentDef.PromptVia.FILE;
        Launcher.Ran ran;
        try {
            Files.createDirectories(job.runDir());
            Files.writeString(promptFile, promptText(job), StandardCharsets.UTF_8);
            ran = launcher.run(job, "", argv, cwd, allEnv, viaFile ? null : promptFile, job.timeout(), cancellation);
        } catch (LaunchException e) {
            return Outcome.failed("agent \"" + agentName + "\": " + e.getMessage(), false, Map.of());
        } catch (IOException e) {
            return Outcome.failed("cannot write the prompt to " + promptFile + ": " + e.getMessage(), true, Map.of());
        }
        return interpret(job, agentName, ran, task, cancellation);
    }

    private String promptText(Job job) {
        String prompt = job.prompt() == null ? "" : job.prompt();
        if (!contractFooter) {
            return prompt;
        }
        return prompt + "\n\n---\nWhen you are done, end your answer with one JSON object on its own line: "
                + "{\"output\": one of " + job.node().effectiveOutputs() + ", \"summary\": \"what you did, in one or two sentences\", "
                + "\"state\": {}}\n";
    }

    private Outcome interpret(Job job, String agentName, Launcher.Ran ran, NodeSpec.Task task, Cancellation cancellation) {
        ProcessResult r = ran.result();
        String stdout = Tails.read(ran.stdout(), 4 * 1024 * 1024);
        String stderr = ran.stderrTail();
        var result = new LinkedHashMap<String, Object>();
        result.put("exit_code", (long) r.exitCode());
        result.put("stdout", Tails.tail(ran.stdout(), Tails.TAIL_BYTES));
        result.put("stderr", stderr);
        if (r.cancelled()) {
            return Outcome.failed("cancelled: " + cancellation.reason(), false, result);
        }
        if (r.timedOut()) {
            return Outcome.failed("agent \"" + agentName + "\" timed out after " + Durations.show(job.timeout()) + " and was killed", true, result);
        }
        var reply = AgentReply.parse(stdout);
        if (r.exitCode() != 0) {
            String why = Tails.lastLine(stderr);
            return Outcome.failed("agent \"" + agentName + "\" exited with code " + r.exitCode() + (why.isEmpty() ? "" : ": " + Tails.clip(why, 300)),
                    true, result);
        }
        List<String> outputs = job.node().effectiveOutputs();
        String output = reply.map(AgentReply::output).orElse(null);
        if (output == null) {
            output = outputs.get(0);
        } else if (!outputs.contains(output)) {
            result.put("summary", reply.get().summary());
            return Outcome.failed("agent \"" + agentName + "\" answered output \"" + output + "\", which node \"" + job.nodeId()
                    + "\" does not declare (its outputs: " + String.join(", ", outputs) + ")", true, result);
        }
        String summary = reply.map(AgentReply::summary).filter(s -> !s.isEmpty()).orElse(Tails.clip(Tails.lastLine(stdout), 300));
        double cost = reply.map(AgentReply::cost).orElse(0.0);
        result.put("output", output);
        result.put("summary", summary);
        result.put("cost", cost);
        result.put("data", reply.map(AgentReply::data).orElse(null));
        var done = new Outcome(output, result, cost, reply.map(AgentReply::state).orElse(Map.of()), null, false);
        if (task != null) {
            Outcome gated = gates.afterTask(job, task, cancellation, done);
            return gated.succeeded() ? done : gated.withCost(cost);
        }
        return done;
    }
}
