package dev.flow.model;

import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The configuration particular to each {@link NodeKind}.
 *
 * <p>Code that does something per kind of node goes through a {@link Visitor} (or, where it has
 * only the kind, an exhaustive {@code switch} expression over {@link NodeKind} without a {@code
 * default}): then a new kind fails to compile at every place that must decide what to do with it.
 * {@code NodeKindDispatchTest} lists those places.
 */
public sealed interface NodeSpec {

    NodeKind kind();

    /** What {@code visitor} does for this kind: the call of its method for this record. */
    <R> R accept(Visitor<R> visitor);

    /**
     * Something done per kind of node, with one method per kind and no default: a new kind of node
     * is a new method here, which each implementation must then write.
     *
     * @param <R> what it gives back; {@link Void} (and {@code null}) for one that only acts
     */
    interface Visitor<R> {
        R task(Task task);

        R gate(Gate gate);

        R branch(Branch branch);

        R parallel(Parallel parallel);

        R merge(Merge merge);

        R subgraph(Subgraph subgraph);

        R human(Human human);

        R checkpoint(Checkpoint checkpoint);

        R start(Start start);

        R end(End end);

        R unknown(Unknown unknown);
    }

    /**
     * Runs an agent (with a prompt) or a command. Its settings are grouped by what they are about, so
     * that a new setting is a component of the group that owns it and changes nothing here.
     *
     * @param call what the task asks of its agent and hands it (agent, role, prompt, session, context
     *     files, inputs); {@link AgentCall#NONE} for a command task that writes none of these
     * @param command the process to run for a command task; null for an agent task
     * @param execution how the task's process runs: folder, environment, sandbox, isolation, gates
     * @param steering whether the task's answer decides between participants (a supervisor) or grows
     *     the graph (a planner); {@link Steering#NONE} for most tasks
     */
    record Task(AgentCall call, Command command, ExecutionSettings execution, Steering steering) implements NodeSpec {
        public Task {
            call = call == null ? AgentCall.NONE : call;
            execution = execution == null ? ExecutionSettings.DEFAULT : execution;
            steering = steering == null ? Steering.NONE : steering;
        }

        public NodeKind kind() {
            return NodeKind.TASK;
        }

        public <R> R accept(Visitor<R> visitor) {
            return visitor.task(this);
        }

        /** A builder of a task with no agent call, no command, the default execution and no steering. */
        public static Builder builder() {
            return new Builder();
        }

        /** A builder holding this task's settings, for a copy that differs in a few of them. */
        public Builder toBuilder() {
            return new Builder().call(call).command(command).execution(execution).steering(steering);
        }

        /**
         * Builds a {@link Task}. Each group is set whole ({@code call(AgentCall)}) or edited in place
         * ({@code call(c -> c.agent(ref).prompt(text))}), which starts from the group as it is.
         */
        public static final class Builder {
            private AgentCall call = AgentCall.NONE;
            private Command command;
            private ExecutionSettings execution = ExecutionSettings.DEFAULT;
            private Steering steering = Steering.NONE;

            private Builder() {}

            public Builder call(AgentCall call) {
                this.call = call == null ? AgentCall.NONE : call;
                return this;
            }

            /** Edits the agent call: {@code edit} gets a builder holding the call as it is so far. */
            public Builder call(UnaryOperator<AgentCall.Builder> edit) {
                this.call = edit.apply(call.toBuilder()).build();
                return this;
            }

            public Builder command(Command command) {
                this.command = command;
                return this;
            }

            public Builder execution(ExecutionSettings execution) {
                this.execution = execution == null ? ExecutionSettings.DEFAULT : execution;
                return this;
            }

            /** Edits the execution settings: {@code edit} gets a builder holding them as they are so far. */
            public Builder execution(UnaryOperator<ExecutionSettings.Builder> edit) {
                this.execution = edit.apply(execution.toBuilder()).build();
                return this;
            }

            public Builder steering(Steering steering) {
                this.steering = steering == null ? Steering.NONE : steering;
                return this;
            }

            /** Edits the steering: {@code edit} gets a builder holding it as it is so far. */
            public Builder steering(UnaryOperator<Steering.Builder> edit) {
                this.steering = edit.apply(steering.toBuilder()).build();
                return this;
            }

            public Task build() {
                return new Task(call, command, execution, steering);
            }
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
            Objects.requireNonNull(gate, "gate");
            isolation = Isolation.orNone(isolation);
        }

        public Gate(NameRef gate) {
            this(gate, Isolation.NONE);
        }

        public NodeKind kind() {
            return NodeKind.GATE;
        }

        public <R> R accept(Visitor<R> visitor) {
            return visitor.gate(this);
        }
    }

    /** Evaluates {@code condition}; the node's output is {@code on_true} or {@code on_false}. */
    record Branch(Expr condition) implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.BRANCH;
        }

        public <R> R accept(Visitor<R> visitor) {
            return visitor.branch(this);
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

        public <R> R accept(Visitor<R> visitor) {
            return visitor.parallel(this);
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

        public <R> R accept(Visitor<R> visitor) {
            return visitor.merge(this);
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
            Objects.requireNonNull(workflow, "workflow");
            inputs = Models.list(inputs);
            outputs = Models.list(outputs);
        }

        public NodeKind kind() {
            return NodeKind.SUBGRAPH;
        }

        public <R> R accept(Visitor<R> visitor) {
            return visitor.subgraph(this);
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

        public <R> R accept(Visitor<R> visitor) {
            return visitor.human(this);
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

        public <R> R accept(Visitor<R> visitor) {
            return visitor.unknown(this);
        }
    }

    /** Records the run's state at this point; costs nothing. */
    record Checkpoint() implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.CHECKPOINT;
        }

        public <R> R accept(Visitor<R> visitor) {
            return visitor.checkpoint(this);
        }
    }

    /** The implicit entry of a workflow. */
    record Start() implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.START;
        }

        public <R> R accept(Visitor<R> visitor) {
            return visitor.start(this);
        }
    }

    /** The implicit exit of a workflow. */
    record End() implements NodeSpec {
        public NodeKind kind() {
            return NodeKind.END;
        }

        public <R> R accept(Visitor<R> visitor) {
            return visitor.end(this);
        }
    }
}
