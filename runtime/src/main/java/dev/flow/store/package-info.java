/**
 * Where the runtime keeps everything a crash must not lose: compiled workflows, executions, node
 * states, run history, loop counters, state variables, pending human requests, the key-value store
 * and the event log.
 *
 * <p>The engine reaches the database only through {@link dev.flow.store.Store} and the table
 * interfaces of this package: {@link dev.flow.store.sqlite.SqliteStore} on one machine, {@link
 * dev.flow.store.postgres.PostgresStore} for several ({@link dev.flow.store.open.Stores} opens what
 * {@code --db} names). Every change happens inside {@link dev.flow.store.Store#write}: one
 * transaction in which each state transition is a guarded update (see {@link dev.flow.store.Guard}).
 */
package dev.flow.store;
