package dev.flow.model;

/**
 * What a task's answer may do beyond choosing an output: as a supervisor it decides which of its
 * participants works next (the run goes where it says); as a planner it may add nodes and edges to
 * the run's graph, which Flow checks first. Most tasks do neither ({@link #NONE}).
 *
 * <p>The settings of how a task steers the run live here and nowhere else: a new one is a component
 * of this record, set through its {@link Builder}, and read where it is used.
 *
 * @param supervisor what the task leads when it is a supervisor ({@code supervisor} in the
 *     language): its answer is then a decision between its participants; null for any other task
 * @param planner non-null for a planner: a task whose agent may answer with new nodes and edges
 *     that Flow checks and adds to the run's graph, within these limits ({@code planner grows max 5
 *     nodes}); null for a task whose answer is only an output
 */
public record Steering(Supervision supervisor, Growth planner) {

    /** Neither a supervisor nor a planner: the task's answer only chooses its output. */
    public static final Steering NONE = new Steering(null, null);

    /** Whether the task is a supervisor, whose answer is a decision between its participants. */
    public boolean supervises() {
        return supervisor != null;
    }

    /** Whether the task's answers may grow the graph. */
    public boolean isPlanner() {
        return planner != null;
    }

    /** A builder whose components all start empty. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this steering's components, for a copy that differs in a few of them. */
    public Builder toBuilder() {
        return new Builder().supervisor(supervisor).planner(planner);
    }

    /** Builds a {@link Steering}; each setter is documented on the component of the same name. */
    public static final class Builder {
        private Supervision supervisor;
        private Growth planner;

        private Builder() {}

        public Builder supervisor(Supervision supervisor) {
            this.supervisor = supervisor;
            return this;
        }

        public Builder planner(Growth planner) {
            this.planner = planner;
            return this;
        }

        public Steering build() {
            return new Steering(supervisor, planner);
        }
    }
}
