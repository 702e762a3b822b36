package dev.flow.model;

import java.util.List;
import java.util.Map;

/** The configuration particular to each {@link NodeKind}. */
public sealed interface NodeSpec {

    NodeKind kind();

    /**
     * Runs an agent (with a prompt) or a command.
     *
     * @param agent the agent to run; null for a command task
     * @param role a role name passed to the agent (dialect 1's {@code role}); may be null
     * @param prompt the prompt template, with {@code ${name}} placeholders; may be null
     * @param command the process to run for a command task; null for an agent task
     * @param cwd the working directory, relative to the workflow's directory; may be null
     * @param contextFiles files the agent is pointed at
     * @param env extra environment variables
     * @param gates gates run after the task, before its result counts (dialect 1's {@code gates})
     * @param session whether a later run of the task continues its agent's conversation; null
     *     when not written, which means {@link SessionMode#FRESH}
     * @param sandbox the task's own sandbox setting; null to take its agent's or its workflow's
     * @param isolation where the task runs: {@link Isolation#WORKTREE} in a worktree of its own, its
     *     changes applied after its gates pass. The effective value: front ends apply the workflow's
     *     default ({@link Config#isolation()}) to the tasks that do not set their own
     * @param promptSyntax how the prompt's placeholders are written; null for Flow's {@code ${name}}
     * @param inputs values of the key-value store the task reads ({@code inputs}), in the order written
     * @param supervisor what the task leads when it is a supervisor ({@code supervisor} in the
     *     language): its answer is then a decision between its participants; null for any other task
     * @param planner non-null for a planner: a task whose agent may answer with new nodes and edges
     *     that Flow checks and adds to the run's graph, within these limits ({@code planner grows max 5
     *     nodes}); null for a task whose answer is only an output
     */
    record Task(
            NameRef agent,
            String role,
            String prompt,
            Command command,
            String cwd,
            List<String> contextFiles,
            Map<String, String> env,
            List<NameRef> gates,
            SessionMode session,
            Sandbox sandbox,
            Isolation isolation,
            PromptSyntax promptSyntax,
            List<KvRef> inputs,
            Supervision supervisor,
            Growth planner)
            implements NodeSpec {
        public Task {
            inputs = Models.list(inputs);
            contextFiles = Models.list(contextFiles);
            env = Models.map(env);
            gates = Models.list(gates);
            isolation = Isolation.orNone(isolation);
            // Flow's own syntax is the default: kept as null, so that a graph says "format" only where it is one.
            promptSyntax = promptSyntax == PromptSyntax.FLOW ? null : promptSyntax;
        }

        /** A task that is no planner, supervises nothing and reads no values of the key-value store as inputs. */
        public Task(NameRef agent, String role, String prompt, Command command, String cwd, List<String> contextFiles,
                Map<String, String> env, List<NameRef> gates, SessionMode session, Sandbox sandbox, Isolation isolation,
                PromptSyntax promptSyntax) {
            this(agent, role, prompt, command, cwd, contextFiles, env, gates, session, sandbox, isolation, promptSyntax, List.of(), null, null);
        }

        /** A task that starts a new conversation each run, with no sandbox setting of its own, not isolated, with Flow's placeholders. */
        public Task(NameRef agent, String role, String prompt, Command command, String cwd, List<String> contextFiles,
                Map<String, String> env, List<NameRef> gates) {
            this(agent, role, prompt, command, cwd, contextFiles, env, gates, null, null, Isolation.NONE, null, List.of(), null, null);
        }

        /** Whether the task is a supervisor, whose answer is a decision between its participants. */
        public boolean supervises() {
            return supervisor != null;
        }

        /** The same task with its session mode set. */
        public Task withSession(SessionMode mode) {
            return new Task(agent, role, prompt, command, cwd, contextFiles, env, gates, mode, sandbox, isolation, promptSyntax, inputs, supervisor, planner);
        }

        /** The same task reading {@code refs}. */
        public Task withInputs(List<KvRef> refs) {
            return new Task(agent, role, prompt, command, cwd, contextFiles, env, gates, session, sandbox, isolation, promptSyntax, refs, supervisor, planner);
        }

        /** The same task as a planner with these limits (null: no planner). */
        public Task asPlanner(Growth limits) {
            return new Task(agent, role, prompt, command, cwd, contextFiles, env, gates, session, sandbox, isolation, promptSyntax, inputs, supervisor, limits);
        }

        /** Whether the task's answers may grow the graph. */
        public boolean isPlanner() {
            return planner != null;
        }

        public boolean isolated() {
            return isolation == Isolation.WORKTREE;
        }

        /** Whether a later run continues the conversation of the previous one. */
        public boolean continuesSession() {
            return session == SessionMode.CONTINUE;
        }

        /** The syntax of the prompt's placeholders. */
        public PromptSyntax syntax() {
            return promptSyntax == null ? PromptSyntax.FLOW : promptSyntax;
        }

        public NodeKind kind() {
            return NodeKind.TASK;
        }
    }

    /**
     * Runs the named gate definition; its result has {@code passed}, {@code test_status}, {@code output}.
     *
     * @param isolation {@link Isolation#WORKTREE}: the gate runs in a fresh worktree of the target's
     *     current commit (dialect 1's {@code requires_worktree}); nothing is applied
     */
    record Gate(NameRef gate, Isolation isolation) implements NodeSpec {
        public Gate {
            java.util.Objects.requireNonNull(gate, "gate");
            isolation = Isolation.orNone(isolation);
        }

        public Gate(NameRef gate) {
            this(gate, Isolation.NONE);
        }

        public NodeKind kind() {
            return NodeKind.GATE;
        }
    }

    /** Evaluates {@code condition}; the node's output is {@code on_true} or {@code on_false}. */
    record Branch(Expr condition) implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.BRANCH;
        }
    }

    /**
     * Starts every successor at once.
     *
     * @param branches the nodes started; empty means every successor
     */
    record Parallel(List<NameRef> branches, WaitMode waitFor) implements NodeSpec {
        public Parallel {
            branches = Models.list(branches);
            waitFor = waitFor == null ? WaitMode.ALL : waitFor;
        }

        public NodeKind kind() {
            return NodeKind.PARALLEL;
        }
    }

    /**
     * Joins branches.
     *
     * @param waitFor the nodes joined; empty means every predecessor
     * @param agent an agent that aggregates the joined results (dialect 2's join); may be null
     * @param prompt the aggregation prompt; may be null
     */
    record Merge(List<NameRef> waitFor, WaitMode mode, MergeStrategy strategy, NameRef agent, String prompt)
            implements NodeSpec {
        public Merge {
            waitFor = Models.list(waitFor);
            mode = mode == null ? WaitMode.ALL : mode;
            strategy = strategy == null ? MergeStrategy.UNION : strategy;
        }

        public NodeKind kind() {
            return NodeKind.MERGE;
        }
    }

    /**
     * Runs another workflow as a child execution.
     *
     * @param inputs child input name to an expression over this workflow's names
     * @param outputs field of this node's result to an expression over the child's state and nodes
     */
    record Subgraph(NameRef workflow, List<Mapping> inputs, List<Mapping> outputs) implements NodeSpec {
        public Subgraph {
            java.util.Objects.requireNonNull(workflow, "workflow");
            inputs = Models.list(inputs);
            outputs = Models.list(outputs);
        }

        public NodeKind kind() {
            return NodeKind.SUBGRAPH;
        }
    }

    /**
     * Asks a person; the node's outputs are the answers they may give.
     *
     * @param title a short heading; may be null
     * @param prompt the question; may be null
     * @param defaultOutput taken when the node's timeout passes with no answer; may be null
     */
    record Human(String title, String prompt, NameRef defaultOutput) implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.HUMAN;
        }
    }

    /**
     * A node of a type the front end could not read, which it reported; see {@link NodeKind#UNKNOWN}.
     *
     * @param type the type as written; null when none was
     */
    record Unknown(String type) implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.UNKNOWN;
        }
    }

    /** Records the run's state at this point; costs nothing. */
    record Checkpoint() implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.CHECKPOINT;
        }
    }

    /** The implicit entry of a workflow. */
    record Start() implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.START;
        }
    }

    /** The implicit exit of a workflow. */
    record End() implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.END;
        }
    }
}
