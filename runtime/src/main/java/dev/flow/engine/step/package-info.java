/**
 * The step transitions: everything that happens to an execution inside one transaction. A {@link
 * dev.flow.engine.step.Step} is one transaction's worth of progress: it reads node rows once,
 * queues the work that follows from a change, and writes every row once at the end, each a guarded
 * update. Around it: a node's inputs arrive and it is entered ({@code Entering}) once it is ready
 * ({@code Readiness}); a worker claims it ({@code Claims}); its result completes it ({@code
 * Completion}: state updates, retries with {@code Backoff}, the {@code CircuitBreaker}'s count) and
 * routes its edges ({@code Routing}, loops by {@code LoopReset}); people answer questions ({@code
 * Humans}); planners grow the graph ({@code Growing}); failures escalate ({@code Escalating});
 * runs fork ({@code Forks}), start child executions ({@code Subgraphs}) and end ({@code
 * Lifecycle}); dead workers' leases are reaped ({@code Leases}). {@link
 * dev.flow.engine.step.EngineCore} is what they share with the rest of the engine, and {@link
 * dev.flow.engine.step.Transitions} is the only way in from outside: each of its methods is one
 * transaction.
 */
package dev.flow.engine.step;
