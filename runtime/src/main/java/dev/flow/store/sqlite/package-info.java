/**
 * The SQLite implementation of {@link dev.flow.store.Store}: one file in WAL mode, one connection
 * per thread with its prepared statements cached, a versioned schema ({@link
 * dev.flow.store.sqlite.Migrations}); the SQL of the tables is shared with PostgreSQL ({@link
 * dev.flow.store.sql}).
 */
package dev.flow.store.sqlite;
