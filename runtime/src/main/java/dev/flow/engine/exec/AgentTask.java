package dev.flow.engine.exec;

import dev.flow.model.AgentDef;
import dev.flow.model.NodeSpec;
import dev.flow.model.Sandbox;
import dev.flow.store.ErrorClass;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A task (or a merge) run by an agent: the filled prompt goes to the program on standard input, or
 * in the file {@code FLOW_PROMPT_FILE} when the agent is defined with {@code prompt via file}; the
 * program answers with the last JSON object it prints ({@link AgentReply}).
 *
 * <p>How an attempt ends, in order: cancelled; timed out (the node's {@code timeout} output when it
 * declares one, else a transient failure); an answer too large to read (validation); the agent's
 * own error report, whatever its exit code (transient when it speaks of rate limits, else logic);
 * a non-zero exit (transient); an answer that cannot be accepted, names an output the node does
 * not declare, or names none where the node has several (validation). Otherwise the output it
 * named, or the node's only output. The reported cost counts in every case it could be read.
 */
final class AgentTask {
    /**
     * The CLIs' own retries of a failed request, cut short unless the user set them, so that Flow's
     * retry and backoff decide (claude retries ten times by default, minutes on a rate limit). codex
     * keeps its retries in its provider's settings ({@code request_max_retries}) and gemini has no
     * setting for them.
     */
    static final Map<String, String> CLI_RETRIES = Map.of("CLAUDE_CODE_MAX_RETRIES", "1");

    /** The most of an agent's standard output Flow reads as its answer. */
    static final long MAX_ANSWER_BYTES = 4L * 1024 * 1024;

    /** The beginning of a longer event stream that Flow reads besides its end (where codex names its thread). */
    static final int STREAM_HEAD_BYTES = 64 * 1024;

    private final Launcher launcher;
    private final Gates gates;
    private final AgentCommands commands;
    private final RoleAgents roles;
    private final boolean contractFooter;
    private final ActivitySink activity;

    AgentTask(Launcher launcher, Gates gates, AgentCommands commands, RoleAgents roles, boolean contractFooter, ActivitySink activity) {
        this.activity = activity;
        this.launcher = launcher;
        this.gates = gates;
        this.commands = commands;
        this.roles = roles;
        this.contractFooter = contractFooter;
    }

    /** Runs {@code agentName}, or, when it is null, the agent that plays the task's role. */
    Outcome run(Job job, String agentName, String cwd, Map<String, String> env, NodeSpec.Task task, Cancellation cancellation) {
        AgentResolver.Resolved agent;
        try {
            agent = AgentResolver.resolve(job.workflow(), agentName, task == null ? null : task.call().role(), commands, roles);
        } catch (AgentResolver.Unresolved e) {
            return Outcome.failed(e.getMessage(), ErrorClass.LOGIC, Map.of());
        }
        PriceTable prices;
        try {
            prices = commands.prices();
        } catch (PriceTable.Invalid e) {
            return Outcome.failed(e.getMessage(), ErrorClass.LOGIC, Map.of());
        }
        agentName = agent.name();
        AgentDef def = agent.definition();
        List<String> argv = agent.argv();
        boolean builtin = agent.builtin();
        Path promptFile = job.runDir().resolve("prompt.txt");
        var allEnv = new LinkedHashMap<String, String>();
        if (def != null) {
            allEnv.putAll(def.env());
        }
        allEnv.putAll(env);
        allEnv.put("FLOW_PROMPT_FILE", promptFile.toString());
        if (builtin) {
            CLI_RETRIES.forEach((variable, value) -> {
                if (!allEnv.containsKey(variable) && System.getenv(variable) == null) {
                    allEnv.put(variable, value);
                }
            });
        }
        Sandbox sandbox = Sandbox.of(job.workflow(), job.node());
        agent.permissionEnvironment(sandbox != null).forEach(allEnv::putIfAbsent);
        long[] threadSoFar = null;
        if (job.sessionId() != null) {
            allEnv.put(AgentSessions.VARIABLE, job.sessionId());
            if (builtin) {
                argv = AgentSessions.resume(agentName, argv, job.sessionId());
            }
            if (builtin && agentName.equals("codex")) {
                // codex counts a resumed thread's tokens from its start: what it had before this run is taken off
                threadSoFar = CliReport.codexThreadTokens(codexHome(allEnv), job.sessionId());
            }
        }
        boolean viaFile = agent.promptViaFile();
        Launcher.Ran ran;
        try {
            Files.createDirectories(job.runDir());
            Files.writeString(promptFile, promptText(job), StandardCharsets.UTF_8);
            if (job.feedback() != null) {
                // the feedback alone, which the prompt joins to its end: what the studio shows as given to this attempt
                Files.writeString(job.runDir().resolve(ArtifactPaths.FEEDBACK_FILE), job.feedback(), StandardCharsets.UTF_8);
            }
            // what the agent does now, from its event stream as it grows (the launcher's stdout.log, kept whole as the transcript)
            try (var watcher = ActivityWatcher.start(job.runDir().resolve("stdout.log"), job.executionId(), job.nodeId(), activity)) {
                ran = launcher.run(job, "", argv, cwd, allEnv, viaFile ? null : promptFile, job.timeout(), sandbox, cancellation);
            }
        } catch (LaunchException e) {
            return Outcome.failed("agent \"" + agentName + "\": " + e.getMessage(), ErrorClass.LOGIC, Map.of());
        } catch (IOException e) {
            return Outcome.failed("cannot write the prompt to " + promptFile + ": " + e.getMessage(), ErrorClass.TRANSIENT, Map.of());
        }
        return interpret(job, agentName, builtin, ran, task, cancellation, cliHome(agentName, builtin, allEnv), prices, threadSoFar);
    }

    /**
     * Where a built-in CLI keeps its sessions for this step, for what it reports only there (the
     * files of a refused action): codex's {@code CODEX_HOME} or {@code ~/.codex}, gemini's
     * {@code ~/.gemini}; null for any other agent.
     */
    private static Path cliHome(String agentName, boolean builtin, Map<String, String> env) {
        if (!builtin) {
            return null;
        }
        if (agentName.equals("gemini")) {
            String user = env.getOrDefault("HOME", System.getenv().getOrDefault("HOME", System.getProperty("user.home")));
            return user == null ? null : Path.of(user, ".gemini");
        }
        return agentName.equals("codex") ? codexHome(env) : null;
    }

    /** Where codex keeps its sessions for this step: {@code CODEX_HOME}, else {@code ~/.codex}. */
    private static Path codexHome(Map<String, String> env) {
        String home = env.getOrDefault("CODEX_HOME", System.getenv("CODEX_HOME"));
        if (home != null && !home.isBlank()) {
            return Path.of(home);
        }
        String user = env.getOrDefault("HOME", System.getenv().getOrDefault("HOME", System.getProperty("user.home")));
        return user == null ? null : Path.of(user, ".codex");
    }

    private String promptText(Job job) {
        String prompt = job.prompt() == null ? "" : job.prompt();
        if (job.feedback() != null) {
            prompt += "\n\n---\n" + job.feedback() + "\n";
        }
        if (!contractFooter) {
            return prompt;
        }
        if (supervision(job) != null) {
            return prompt + "\n\n---\n" + SupervisorDecision.reminder(job.node(), supervision(job));
        }
        return prompt + "\n\n---\nWhen you are done, end your answer with one JSON object on its own line: "
                + "{\"output\": one of " + job.node().answerableOutputs() + ", \"summary\": \"what you did, in one or two sentences\", "
                + "\"state\": {}}\n";
    }

    private Outcome interpret(Job job, String agentName, boolean builtin, Launcher.Ran ran, NodeSpec.Task task, Cancellation cancellation,
            Path cliHome, PriceTable prices, long[] threadSoFar) {
        ProcessResult r = ran.result();
        String who = "agent \"" + agentName + "\"";
        var result = new LinkedHashMap<String, Object>();
        result.put("exit_code", (long) r.exitCode());
        result.put("stdout", Tails.tail(ran.stdout(), Tails.TAIL_BYTES));
        result.put("stderr", ran.stderrTail());
        // the whole stream the agent printed, and what it did by it: what the status and the studio show of each attempt
        result.put("transcript", ran.stdout().toString());
        List<String> did = AgentActivity.of(ran.stdout());
        if (!did.isEmpty()) {
            result.put("activity", did);
        }
        // Not "conflict": only Flow's apply can say an isolated step's changes conflict.
        List<String> outputs = job.node().answerableOutputs();
        if (r.cancelled()) {
            return Outcome.failed("cancelled: " + cancellation.reason(), ErrorClass.LOGIC, result);
        }
        if (r.timedOut()) {
            String why = who + " timed out after " + Durations.show(job.timeout()) + " and was killed";
            if (outputs.contains("timeout")) {
                result.put("output", "timeout");
                result.put("summary", why);
                return Outcome.produced("timeout", result);
            }
            return Outcome.failed(why, ErrorClass.TRANSIENT, result);
        }
        long size = Tails.size(ran.stdout());
        String stdoutText;
        if (size > MAX_ANSWER_BYTES && Tails.head(ran.stdout(), STREAM_HEAD_BYTES).startsWith("{\"type\"")) {
            // an event stream (claude's stream-json, codex's --json) grows with every tool result: its
            // beginning names the session, its end holds the answer and the tokens; the middle is kept
            // in stdout.log, the attempt's transcript
            stdoutText = Tails.head(ran.stdout(), STREAM_HEAD_BYTES) + "\n" + Tails.tail(ran.stdout(), (int) MAX_ANSWER_BYTES);
        } else if (size > MAX_ANSWER_BYTES) {
            return Outcome.failed(who + "'s answer is " + megabytes(size) + "; Flow reads at most " + megabytes(MAX_ANSWER_BYTES)
                    + ": keep what it prints short and end with the JSON answer", ErrorClass.VALIDATION, result);
        } else {
            stdoutText = Tails.read(ran.stdout(), (int) MAX_ANSWER_BYTES);
        }
        CliReport report = CliReport.read(stdoutText, ran.stderrTail(), cliHome).lessEarlier(threadSoFar);
        String stdout = report.stdout();
        AgentReply reply = AgentReply.parse(stdout).orElse(null);
        if (report.hasTokens()) {
            result.put(AttemptTokens.INPUT, Math.max(0, report.inputTokens()));
            result.put(AttemptTokens.OUTPUT, Math.max(0, report.outputTokens()));
        }
        if (!report.refused().isEmpty()) {
            result.put("refused", report.refused());
        }
        SupervisorDecision decision = null;
        if (supervision(job) != null && (reply == null || reply.acceptable() && reply.agentError() == null)) {
            decision = SupervisorDecision.read(stdout, job.node(), supervision(job));
            reply = reply == null ? null : reply.withOutput(decision.output());
        }
        double cost = reply == null ? 0 : reply.cost() * report.costScale();
        if (cost == 0 && report.hasTokens()) {
            // codex and gemini report only tokens: the user's price table makes them a cost, so that max cost holds
            cost = prices.cost(agentName, report.models(), report.inputTokens(), report.outputTokens());
        }
        String session = reply == null ? null : reply.sessionId();
        if (session == null && builtin && agentName.equals("codex")) {
            session = AgentSessions.codexSession(ran.stderr());
        }
        result.put("cost", cost);
        Outcome failure = failure(who, agentName, job, r, reply, decision, outputs, ran.stderrTail(), result);
        if (failure == null && !report.refused().isEmpty()) {
            failure = refusedActions(who, agentName, report.refused(), result);
        }
        if (failure != null) {
            return failure.withCost(cost).withSession(session);
        }
        String output = reply == null || reply.output() == null ? outputs.get(0) : reply.output();
        String summary = reply != null && !reply.summary().isEmpty() ? reply.summary() : Tails.clip(Tails.lastLine(stdout), 300);
        result.put("output", output);
        result.put("summary", summary);
        result.put("data", reply == null ? null : reply.data());
        if (decision != null) {
            decision.addTo(result);
        }
        if (reply != null && reply.note() != null) {
            result.put("note", reply.note());
        }
        var done = new Outcome(output, result, cost, reply == null ? Map.of() : reply.state(), null, null, session,
                reply == null ? null : reply.growth());
        if (task != null) {
            Outcome gated = gates.afterTask(job, task, cancellation, done);
            return gated.succeeded() ? gated : gated.withCost(cost).withSession(session); // passed: done, with what non-blocking gates found
        }
        return done;
    }

    /**
     * An attempt whose actions the CLI's own permission system refused (claude's
     * {@code permission_denials}, a patch codex's sandbox rejected, a gemini tool its approval mode
     * did not offer) did not do its work, whatever it answered: a validation failure, so that the
     * next attempt is told what was refused.
     */
    private static Outcome refusedActions(String who, String agentName, List<String> refused, Map<String, Object> result) {
        String list = String.join("; ", refused.stream().limit(10).toList()) + (refused.size() > 10 ? "; ..." : "");
        return Outcome.failed(who + "'s own permissions refused what it tried: " + list + ". Work inside the step's folder with the tools"
                + " you are allowed; if the workflow needs more, its author allows it in the agent's command line ("
                + AgentCommands.variableFor(agentName) + " or the agent's definition)", ErrorClass.VALIDATION, result);
    }

    /** What the task leads when it is a supervisor; null otherwise. */
    private static dev.flow.model.Supervision supervision(Job job) {
        return job.node().spec() instanceof NodeSpec.Task t && t.steering().supervises() ? t.steering().supervisor() : null;
    }

    /** Why the attempt failed once the agent ran to its end; null when its answer stands. */
    private static Outcome failure(String who, String agentName, Job job, ProcessResult r, AgentReply reply, SupervisorDecision decision,
            List<String> outputs, String stderr, Map<String, Object> result) {
        if (reply != null && reply.agentError() != null) {
            result.put("summary", reply.summary());
            String error = who + " reported an error: " + Tails.clip(reply.agentError(), 300)
                    + ErrorClassifier.credentialHint(agentName, reply.agentError());
            return Outcome.failed(error, ErrorClassifier.ofAgentError(reply.agentError()), result);
        }
        if (r.exitCode() != 0) {
            String why = Tails.lastLine(stderr);
            return Outcome.failed(who + " " + ErrorClassifier.describeExit(r.exitCode()) + (why.isEmpty() ? "" : ": " + Tails.clip(why, 300))
                    + ErrorClassifier.credentialHint(agentName, stderr), ErrorClassifier.ofExit(stderr), result);
        }
        if (reply != null && !reply.acceptable()) {
            return Outcome.failed(who + "'s answer cannot be used: " + reply.problem(), ErrorClass.VALIDATION, result);
        }
        if (decision != null && decision.problem() != null) {
            result.put("summary", reply == null ? "" : reply.summary());
            return Outcome.failed(decision.problem(), ErrorClass.VALIDATION, result);
        }
        String output = reply == null ? null : reply.output();
        if (output == null && outputs.size() > 1) {
            return Outcome.failed(who + " named no output, and node \"" + job.nodeId() + "\" has several (" + String.join(", ", outputs)
                    + "): end the answer with {\"output\": \"" + outputs.get(0) + "\", ...}", ErrorClass.VALIDATION, result);
        }
        if (output != null && !outputs.contains(output)) {
            result.put("summary", reply.summary());
            return Outcome.failed(who + " answered output \"" + output + "\", which node \"" + job.nodeId()
                    + "\" does not declare (its outputs: " + String.join(", ", outputs) + ")", ErrorClass.VALIDATION, result);
        }
        return null;
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
    }
}
