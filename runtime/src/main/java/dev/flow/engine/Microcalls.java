package dev.flow.engine;

import dev.flow.engine.config.UsageException;
import dev.flow.engine.exec.AgentCommands;
import dev.flow.engine.exec.AgentReply;
import dev.flow.engine.exec.AgentResolver;
import dev.flow.engine.exec.Tails;
import dev.flow.engine.step.EngineCore;
import dev.flow.engine.step.ExecutionLookup;
import dev.flow.engine.step.IoMessages;
import dev.flow.engine.step.Json;
import dev.flow.engine.step.MicrocallCosts;
import dev.flow.engine.step.RunGraph;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.KvEntry;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code flow microcall}: a one-shot agent call made from inside a running node (seed 003's
 * in-node microcalls), to summarise or transform something without spending the node's own agent
 * on it. The agent is found as a task's is ({@link AgentResolver}: the workflow's agents, the
 * configured and built-in ones, the roles), gets the prompt on standard input (or in
 * {@code FLOW_PROMPT_FILE}) and answers with the last JSON object it prints, as the agent contract
 * says. Its files go to {@code microcalls/N/} in the node's run folder; its cost is written there
 * and counted with the node's attempt when the attempt finishes ({@link MicrocallCosts#spent}), so it counts
 * toward {@code max cost} with the rest. It runs inside the node's process tree, so the node's
 * timeout and cancellation stop it too.
 */
public final class Microcalls {
    private static final long MAX_ANSWER_BYTES = 4L * 1024 * 1024;

    private final EngineCore core;

    Microcalls(EngineCore core) {
        this.core = core;
    }

    /**
     * One call.
     *
     * @param agent the agent to call, or null
     * @param role the role whose agent to call, when {@code agent} is null; with neither, the node's own agent
     * @param storeKey the key its answer is stored under, or null
     * @param storeInRun whether that key is the run's rather than the node's
     * @param dir the folder the agent runs in (the caller's)
     */
    public record Request(String executionId, String nodeId, String prompt, String agent, String role, String storeKey, boolean storeInRun,
            Path dir) {}

    /**
     * @param json the answer: {@code status}, {@code summary}, {@code data}, {@code output} when it named one, {@code cost}
     * @param folder where its prompt, logs and result are
     */
    public record Result(String json, double cost, Path folder) {}

    /** The agent's call failed (it exited non-zero, gave no usable answer, reported an error); its cost still counts. */
    public static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failed(String message) {
            super(message);
        }
    }

    /** The run already spent its {@code max cost}: no call was made. */
    public static final class OverBudget extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OverBudget(String message) {
            super(message);
        }
    }

    private record Where(ExecutionRow execution, NodeRow row, Workflow workflow, Node node) {}

    public Result call(Request r) {
        Where at = where(r.executionId(), r.nodeId());
        String agentName = r.agent();
        String role = r.role();
        if (agentName == null && role == null) {
            // the agent (or role) the node runs itself: a task's without a command, a merge's that aggregates
            record OwnAgent(String agent, String role) {}
            OwnAgent own = at.node().spec().accept(new NodeSpec.Visitor<OwnAgent>() {
                @Override
                public OwnAgent task(NodeSpec.Task task) {
                    if ((task.call().agent() == null && task.call().role() == null) || task.command() != null) {
                        return null;
                    }
                    return new OwnAgent(task.call().agent() == null ? null : task.call().agent().name(), task.call().role());
                }

                @Override
                public OwnAgent gate(NodeSpec.Gate gate) {
                    return null;
                }

                @Override
                public OwnAgent branch(NodeSpec.Branch branch) {
                    return null;
                }

                @Override
                public OwnAgent parallel(NodeSpec.Parallel parallel) {
                    return null;
                }

                @Override
                public OwnAgent merge(NodeSpec.Merge merge) {
                    return merge.agent() == null ? null : new OwnAgent(merge.agent().name(), null);
                }

                @Override
                public OwnAgent subgraph(NodeSpec.Subgraph subgraph) {
                    return null;
                }

                @Override
                public OwnAgent human(NodeSpec.Human human) {
                    return null;
                }

                @Override
                public OwnAgent checkpoint(NodeSpec.Checkpoint checkpoint) {
                    return null;
                }

                @Override
                public OwnAgent start(NodeSpec.Start start) {
                    return null;
                }

                @Override
                public OwnAgent end(NodeSpec.End end) {
                    return null;
                }

                @Override
                public OwnAgent unknown(NodeSpec.Unknown unknown) {
                    return null;
                }
            });
            if (own == null) {
                throw new UsageException("node \"" + r.nodeId() + "\" has no agent of its own: name one with --agent NAME or --role ROLE");
            }
            agentName = own.agent();
            role = own.role();
        }
        AgentResolver.Resolved agent;
        try {
            var options = core.options();
            agent = AgentResolver.resolve(at.workflow(), agentName, role, new AgentCommands(options.agentCommands(), options.environment()),
                    core.roles());
        } catch (AgentResolver.Unresolved e) {
            throw new UsageException(e.getMessage());
        }
        Path runDir = core.runDir(at.execution().id(), r.nodeId(), at.row().iteration(), at.row().attempt());
        Double maxCost = at.workflow().limits().maxCost();
        double spent = at.execution().cost() + MicrocallCosts.spent(runDir);
        if (maxCost != null && spent >= maxCost) {
            throw new OverBudget(String.format(Locale.ROOT, "max cost reached: the run spent $%.4f with this node's microcalls (limit $%.2f);"
                    + " no microcall was made", spent, maxCost));
        }
        Path folder = newFolder(runDir);
        return run(r, agent, at, folder);
    }

    private Where where(String executionId, String nodeId) {
        ExecutionRow exec = ExecutionLookup.require(core.store(), executionId);
        return core.store().read(tx -> {
            RunGraph g = core.graphs().runGraph(tx, exec.graphHash(), exec.workflowId());
            if (!g.hasNode(nodeId)) {
                throw new UsageException("workflow \"" + exec.workflowId() + "\" has no node \"" + nodeId + "\"");
            }
            NodeRow row = tx.nodes().get(executionId, nodeId).orElse(null);
            if (row == null || row.status() != NodeStatus.RUNNING) {
                throw new UsageException("node \"" + nodeId + "\" of execution " + executionId + " is not running ("
                        + (row == null ? "not reached" : row.status().keyword()) + "): flow microcall is for the process of a running node");
            }
            return new Where(exec, row, g.workflow(), g.node(nodeId));
        });
    }

    private Result run(Request r, AgentResolver.Resolved agent, Where at, Path folder) {
        String who = "agent \"" + agent.name() + "\"";
        Path promptFile = folder.resolve("prompt.txt");
        Path stdout = folder.resolve("stdout.log");
        Path stderr = folder.resolve("stderr.log");
        int exit;
        try {
            Files.writeString(promptFile, r.prompt() + "\n\n---\nThis is a microcall: answer only, change no file. End your answer with one JSON"
                    + " object on its own line: {\"summary\": \"the answer in one or two sentences\", \"data\": {}}\n", StandardCharsets.UTF_8);
            var pb = new ProcessBuilder(agent.argvIn(r.dir(), Path.of(at.execution().baseDir()))).directory(r.dir().toFile())
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
            pb.redirectInput(agent.promptViaFile() ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()) : ProcessBuilder.Redirect.from(promptFile.toFile()));
            if (agent.definition() != null) {
                pb.environment().putAll(agent.definition().env());
            }
            pb.environment().put("FLOW_PROMPT_FILE", promptFile.toString());
            exit = pb.start().waitFor();
        } catch (IOException e) {
            return failed(folder, agent, -1, 0, who + " cannot start: " + IoMessages.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(folder, agent, -1, 0, "interrupted");
        }
        String out;
        try {
            if (Files.size(stdout) > MAX_ANSWER_BYTES) {
                return failed(folder, agent, exit, 0, who + "'s answer is over 4 MB");
            }
            out = Files.readString(stdout, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return failed(folder, agent, exit, 0, "cannot read " + stdout + ": " + IoMessages.reason(e));
        }
        AgentReply reply = AgentReply.parse(out).orElse(null);
        double cost = reply == null ? 0 : reply.cost();
        if (reply != null && reply.agentError() != null) {
            return failed(folder, agent, exit, cost, who + " reported an error: " + Tails.clip(reply.agentError(), 300));
        }
        if (exit != 0) {
            String why = lastLine(stderr);
            return failed(folder, agent, exit, cost, who + " exited with code " + exit + (why.isEmpty() ? "" : ": " + Tails.clip(why, 300)));
        }
        if (reply == null) {
            return failed(folder, agent, exit, cost, who + " gave no JSON answer (its output is in " + stdout + ")");
        }
        if (!reply.acceptable()) {
            return failed(folder, agent, exit, cost, who + "'s answer cannot be used: " + reply.problem());
        }
        var answer = new LinkedHashMap<String, Object>();
        answer.put("status", "success");
        answer.put("summary", reply.summary());
        answer.put("data", reply.data());
        if (reply.output() != null) {
            answer.put("output", reply.output());
        }
        answer.put("cost", cost);
        String json = Json.write(answer);
        record(folder, agent, exit, cost, answer, null);
        if (r.storeKey() != null) {
            new KvService(core).put(new KvService.Caller(r.executionId(), r.nodeId()), r.executionId(),
                    r.storeInRun() ? KvEntry.RUN_SCOPE : r.nodeId(), r.storeKey(), json);
        }
        return new Result(json, cost, folder);
    }

    private static Result failed(Path folder, AgentResolver.Resolved agent, int exit, double cost, String error) {
        record(folder, agent, exit, cost, null, error);
        throw new Failed(error);
    }

    /** {@code result.json}: what the call cost is read from when the node's attempt finishes. */
    private static void record(Path folder, AgentResolver.Resolved agent, int exit, double cost, Map<String, Object> answer, String error) {
        var result = new LinkedHashMap<String, Object>();
        result.put("agent", agent.name());
        result.put("exit_code", (long) exit);
        result.put("cost", cost);
        result.put("answer", answer);
        result.put("error", error);
        try {
            Files.writeString(folder.resolve("result.json"), Json.write(result), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Failed("cannot write " + folder.resolve("result.json") + ": " + IoMessages.reason(e) + "; its cost would not be counted");
        }
    }

    /** A new numbered folder, 1, 2, ...: several calls at once each get their own. */
    private static Path newFolder(Path runDir) {
        Path parent = runDir.resolve(MicrocallCosts.FOLDER);
        try {
            Files.createDirectories(parent);
            for (int n = 1; ; n++) {
                try {
                    return Files.createDirectory(parent.resolve(Integer.toString(n)));
                } catch (FileAlreadyExistsException taken) {
                    // another call has it
                }
            }
        } catch (IOException e) {
            throw new UsageException("cannot make a folder in " + parent + ": " + IoMessages.reason(e));
        }
    }

    private static String lastLine(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return Tails.lastLine(text.substring(Math.max(0, text.length() - 64 * 1024)));
        } catch (IOException e) {
            return "";
        }
    }
}
