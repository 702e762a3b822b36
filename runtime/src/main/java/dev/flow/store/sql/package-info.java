/**
 * The SQL of each table, one small class per table, shared by the SQLite and the PostgreSQL store:
 * both run the same statements (guarded updates, {@code ON CONFLICT}, multi-row inserts) on a
 * {@link dev.flow.store.sql.SqlSession}, and differ only where {@link dev.flow.store.sql.Dialect} says.
 */
package dev.flow.store.sql;
