/**
 * The SQLite implementation of {@link dev.flow.store.Store}: one file in WAL mode, one connection
 * per thread with its prepared statements cached, a versioned schema ({@link
 * dev.flow.store.sqlite.Migrations}), and the SQL of each table in its own small class.
 */
package dev.flow.store.sqlite;
