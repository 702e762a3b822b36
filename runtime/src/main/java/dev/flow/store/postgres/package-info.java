/**
 * The PostgreSQL implementation of {@link dev.flow.store.Store}, for workers on several machines:
 * one connection per thread, {@code REPEATABLE READ} transactions retried on serialization
 * failures and deadlocks, claims with {@code FOR UPDATE SKIP LOCKED}, and a versioned schema
 * ({@link dev.flow.store.postgres.PgMigrations}) that mirrors SQLite's step for step. The tables'
 * SQL is shared with SQLite ({@link dev.flow.store.sql}).
 */
package dev.flow.store.postgres;
