/**
 * The worker: slots (threads) that each claim a ready node, execute its work outside any
 * transaction ({@link dev.flow.engine.exec}), and complete it in the transaction that also claims
 * the slot's next node, all through {@link dev.flow.engine.step.Transitions}; a heartbeat renews
 * their leases and stops work whose node was taken away. {@link dev.flow.engine.Engine} drives one
 * for {@code flow run} and {@code flow resume} and serves one for {@code flow worker}.
 */
package dev.flow.engine.worker;
