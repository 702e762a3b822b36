package dev.flow.model;

import java.util.List;
import java.util.Map;

/**
 * How a task's process runs, whether it is an agent or a command: in which folder, with which extra
 * environment variables, in which sandbox, in the workflow's folder or in a worktree of its own, and
 * which gates must pass after it before its result counts. (The node's retry policy and timeout
 * belong to every kind of node and stay on {@link Node}.)
 *
 * <p>The settings of how a task runs live here and nowhere else: a new one is a component of this
 * record, set through its {@link Builder}, and read where it is used.
 *
 * @param cwd the working directory, relative to the workflow's directory; null for that directory
 * @param env extra environment variables
 * @param sandbox the task's own sandbox setting; null to take its agent's or its workflow's ({@link
 *     Sandbox#of})
 * @param isolation where the task runs: {@link Isolation#WORKTREE} in a worktree of its own, its
 *     changes applied after its gates pass. The effective value: front ends apply the workflow's
 *     default ({@link Config#isolation()}) to the tasks that do not set their own
 * @param gates gates run after the task, before its result counts (dialect 1's {@code gates})
 */
public record ExecutionSettings(String cwd, Map<String, String> env, Sandbox sandbox, Isolation isolation, List<NameRef> gates) {

    /** In the workflow's folder, with no extra variables, no sandbox of its own, not isolated, no gates. */
    public static final ExecutionSettings DEFAULT = builder().build();

    public ExecutionSettings {
        env = Models.map(env);
        isolation = Isolation.orNone(isolation);
        gates = Models.list(gates);
    }

    /** Whether the task runs in a worktree of its own. */
    public boolean isolated() {
        return isolation == Isolation.WORKTREE;
    }

    /** A builder whose components all start empty. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, for a copy that differs in a few of them. */
    public Builder toBuilder() {
        return new Builder().cwd(cwd).env(env).sandbox(sandbox).isolation(isolation).gates(gates);
    }

    /** Builds {@link ExecutionSettings}; each setter is documented on the component of the same name. */
    public static final class Builder {
        private String cwd;
        private Map<String, String> env = Map.of();
        private Sandbox sandbox;
        private Isolation isolation = Isolation.NONE;
        private List<NameRef> gates = List.of();

        private Builder() {}

        public Builder cwd(String cwd) {
            this.cwd = cwd;
            return this;
        }

        public Builder env(Map<String, String> env) {
            this.env = env;
            return this;
        }

        public Builder sandbox(Sandbox sandbox) {
            this.sandbox = sandbox;
            return this;
        }

        public Builder isolation(Isolation isolation) {
            this.isolation = isolation;
            return this;
        }

        public Builder gates(List<NameRef> gates) {
            this.gates = gates;
            return this;
        }

        public ExecutionSettings build() {
            return new ExecutionSettings(cwd, env, sandbox, isolation, gates);
        }
    }
}
