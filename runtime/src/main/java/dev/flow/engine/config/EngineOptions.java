package dev.flow.engine.config;

import dev.flow.engine.exec.WorkExecutor;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * How an engine runs: its clock, leases, timeouts, agents, and the seams tests use. Build with
 * {@link #builder()}; every setting has a default.
 *
 * @param clock all engine time comes from here (tests drive it); the default, the machine's clock,
 *     is corrected to the database's, in which leases are judged (docs/runtime.md, Clocks)
 * @param random jitter of retry backoffs
 * @param lease how long a claimed node stays with its worker without a heartbeat
 * @param heartbeat how often workers renew their leases and look for cancelled work
 * @param poll how often an idle worker looks for work another process made ready
 * @param defaultTimeout the timeout of tasks and gates that set none
 * @param agentCommands command lines of agents, overriding the built-in defaults
 * @param roleCommands command lines of the agents that play roles ({@code --role ROLE=COMMAND}),
 *     over {@code FLOW_ROLE_<ROLE>} and the rest (see {@link dev.flow.engine.exec.RoleAgents})
 * @param inProcessAgents agents run by Java code instead of a program
 * @param executor replaces the standard executor entirely; null for the standard one
 * @param environment where {@code FLOW_AGENT_<NAME>} overrides are read
 * @param cliPath the {@code flow} command, handed to processes as {@code FLOW_BIN}; null when unknown
 * @param contractFooter whether agent prompts end with a reminder of the JSON answer they must give
 * @param breakerThreshold consecutive failures of one agent that open its circuit
 * @param breakerOpenFor how long an open circuit holds back that agent's nodes
 */
public record EngineOptions(
        Clock clock,
        Random random,
        Duration lease,
        Duration heartbeat,
        Duration poll,
        Duration defaultTimeout,
        Map<String, List<String>> agentCommands,
        Map<String, List<String>> roleCommands,
        Map<String, WorkExecutor> inProcessAgents,
        WorkExecutor executor,
        Map<String, String> environment,
        String cliPath,
        boolean contractFooter,
        int breakerThreshold,
        Duration breakerOpenFor,
        Probe probe,
        EngineListener listener) {

    public EngineOptions {
        agentCommands = Map.copyOf(agentCommands);
        roleCommands = Map.copyOf(roleCommands);
        inProcessAgents = Map.copyOf(inProcessAgents);
        environment = Map.copyOf(environment);
    }

    public static Builder builder() {
        return new Builder();
    }

    public static EngineOptions defaults() {
        return builder().build();
    }

    public Builder toBuilder() {
        var b = new Builder();
        b.clock = clock;
        b.random = random;
        b.lease = lease;
        b.heartbeat = heartbeat;
        b.poll = poll;
        b.defaultTimeout = defaultTimeout;
        b.agentCommands = agentCommands;
        b.roleCommands = roleCommands;
        b.inProcessAgents = inProcessAgents;
        b.executor = executor;
        b.environment = environment;
        b.cliPath = cliPath;
        b.contractFooter = contractFooter;
        b.breakerThreshold = breakerThreshold;
        b.breakerOpenFor = breakerOpenFor;
        b.probe = probe;
        b.listener = listener;
        return b;
    }

    /** Sets what differs from the defaults. */
    public static final class Builder {
        private Clock clock = Clock.systemUTC();
        private Random random = new Random();
        private Duration lease = Duration.ofSeconds(30);
        private Duration heartbeat = Duration.ofSeconds(10);
        private Duration poll = Duration.ofMillis(100);
        private Duration defaultTimeout = Duration.ofMinutes(30);
        private Map<String, List<String>> agentCommands = Map.of();
        private Map<String, List<String>> roleCommands = Map.of();
        private Map<String, WorkExecutor> inProcessAgents = Map.of();
        private WorkExecutor executor;
        private Map<String, String> environment = System.getenv();
        private String cliPath;
        private boolean contractFooter = true;
        private int breakerThreshold = 5;
        private Duration breakerOpenFor = Duration.ofMinutes(5);
        private Probe probe = Probe.NONE;
        private EngineListener listener = EngineListener.NONE;

        public Builder clock(Clock c) {
            clock = c;
            return this;
        }

        public Builder random(Random r) {
            random = r;
            return this;
        }

        public Builder lease(Duration d) {
            lease = d;
            return this;
        }

        public Builder heartbeat(Duration d) {
            heartbeat = d;
            return this;
        }

        public Builder poll(Duration d) {
            poll = d;
            return this;
        }

        public Builder defaultTimeout(Duration d) {
            defaultTimeout = d;
            return this;
        }

        public Builder agentCommands(Map<String, List<String>> m) {
            agentCommands = m;
            return this;
        }

        public Builder roleCommands(Map<String, List<String>> m) {
            roleCommands = m;
            return this;
        }

        public Builder inProcessAgents(Map<String, WorkExecutor> m) {
            inProcessAgents = m;
            return this;
        }

        public Builder executor(WorkExecutor e) {
            executor = e;
            return this;
        }

        public Builder environment(Map<String, String> env) {
            environment = env;
            return this;
        }

        public Builder cliPath(String p) {
            cliPath = p;
            return this;
        }

        public Builder contractFooter(boolean b) {
            contractFooter = b;
            return this;
        }

        public Builder breaker(int threshold, Duration openFor) {
            breakerThreshold = threshold;
            breakerOpenFor = openFor;
            return this;
        }

        public Builder probe(Probe p) {
            probe = p;
            return this;
        }

        public Builder listener(EngineListener l) {
            listener = l;
            return this;
        }

        public EngineOptions build() {
            return new EngineOptions(clock, random, lease, heartbeat, poll, defaultTimeout, agentCommands, roleCommands, inProcessAgents, executor,
                    environment, cliPath, contractFooter, breakerThreshold, breakerOpenFor, probe, listener);
        }
    }
}
