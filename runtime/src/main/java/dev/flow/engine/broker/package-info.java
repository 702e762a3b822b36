/**
 * The key-value broker: how a sandboxed step reaches its run's key-value store without the
 * database. The process that runs the step (the driver) listens on a Unix domain socket in a
 * private folder that the sandbox shows read-only; {@code flow kv} inside the step speaks a
 * line-delimited JSON protocol of four verbs to it ({@link dev.flow.engine.broker.KvProtocol}), and
 * the broker applies the step's rights ({@link dev.flow.engine.broker.KvAccess}): its own
 * execution only, writes to its own node's keys and the run's. The database file never enters the
 * sandbox.
 */
package dev.flow.engine.broker;
