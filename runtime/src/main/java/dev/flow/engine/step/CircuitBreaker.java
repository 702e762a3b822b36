package dev.flow.engine.step;

import java.util.HashMap;
import java.util.Map;

/**
 * Holds back an agent that keeps failing: after {@code threshold} failures in a row, nodes that use
 * it wait (without spending an attempt) until {@code openFor} has passed; then one is let through,
 * and its success closes the circuit while its failure opens it again. Kept in memory per engine:
 * it protects this process from hammering a broken agent, it is not run state.
 */
public final class CircuitBreaker {
    private final int threshold;
    private final long openForMillis;
    private final Map<String, State> states = new HashMap<>();

    private static final class State {
        int failures;
        long openUntil;
        boolean trial;
    }

    CircuitBreaker(int threshold, long openForMillis) {
        this.threshold = threshold;
        this.openForMillis = openForMillis;
    }

    /** When the key may next run, or 0 when it may run now (a half-open trial counts as now). */
    synchronized long blockedUntil(String key, long now) {
        State s = states.get(key);
        if (s == null || s.failures < threshold) {
            return 0;
        }
        if (now < s.openUntil || s.trial) {
            return Math.max(s.openUntil, now + 1000);
        }
        s.trial = true;
        return 0;
    }

    public synchronized void succeeded(String key) {
        states.remove(key);
    }

    /** Records a failure; true when this failure opened the circuit. */
    public synchronized boolean failed(String key, long now) {
        State s = states.computeIfAbsent(key, k -> new State());
        s.failures++;
        s.trial = false;
        if (s.failures >= threshold) {
            s.openUntil = now + openForMillis;
            return true;
        }
        return false;
    }

    /** The key a node is tracked under: its agent, when it has one. */
    public static String keyOf(dev.flow.model.Node node) {
        String agent = agentOf(node);
        return agent == null ? null : "agent:" + agent;
    }

    /** The agent a task or merge runs; null for commands, gates and control nodes. */
    static String agentOf(dev.flow.model.Node node) {
        var agent = node.namedAgent();
        return agent == null ? null : agent.name();
    }
}
