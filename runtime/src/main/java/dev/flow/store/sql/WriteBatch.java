package dev.flow.store.sql;

import dev.flow.store.Guard;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes of one transaction held back so that they reach a server together, as one statement: a
 * data-modifying {@code WITH} whose parts are the writes ({@code WITH w0 AS (UPDATE ... RETURNING 1),
 * w1 AS (INSERT ... RETURNING 1) SELECT (SELECT count(*) FROM w0)}). A step's node rows, events,
 * key-value entries and execution counters then cost one round trip instead of one each.
 *
 * <p>The parts of one statement see the same snapshot and not each other's changes, so two writes of
 * the same row never share a batch (the session sends the batch before a second write of a row it
 * holds, {@link #touches}), and the batch is sent before any read. A guarded update (one that must
 * change exactly one row) has its count returned by the statement and checked when it is sent.
 */
final class WriteBatch {
    /** Bind parameters in one statement, well under the protocol's 32,767. */
    static final int MAX_ARGS = 16_000;

    /** One write: its SQL (without RETURNING), its parameters, and what it guards (null: any row count). */
    record Part(String sql, Object[] args, String guarded) {}

    private final List<Part> parts = new ArrayList<>();
    private final Set<String> rows = new HashSet<>();
    private int args;
    /** Whether the statement also announces work ({@code pg_notify}). */
    private boolean announce;
    /** Expressions the statement also selects for their effect, such as a planner setting for the rest of the transaction. */
    private final List<String> effects = new ArrayList<>();

    /** Whether a write of the row {@code key} is held: a second write of it must wait for the next batch. */
    boolean touches(String key) {
        return key != null && rows.contains(key);
    }

    /** Whether {@code more} parameters still fit. */
    boolean fits(int more) {
        return args + more <= MAX_ARGS;
    }

    void add(String key, Part part) {
        if (key != null) {
            rows.add(key);
        }
        parts.add(part);
        args += part.args().length;
    }

    boolean isEmpty() {
        return parts.isEmpty();
    }

    /** Makes the statement announce work too: the announcement costs no statement of its own when writes go with it. */
    void announce() {
        announce = true;
    }

    boolean announces() {
        return announce;
    }

    /** Makes the statement evaluate {@code expression} too (after the writes, in its {@code SELECT}). */
    void alsoSelect(String expression) {
        effects.add(expression);
    }

    List<Part> parts() {
        return parts;
    }

    void clear() {
        parts.clear();
        rows.clear();
        effects.clear();
        args = 0;
        announce = false;
    }

    /** The statement of the held writes; a single unguarded write goes as itself. */
    String sql() {
        return sql(false);
    }

    /**
     * The statement with each guard checked by the server ({@code flow_guard}, PostgreSQL's schema
     * step 7): a guarded write that changed no row fails the statement, and the transaction with it,
     * so that a COMMIT sent in the same request never runs after it. Its parameters: {@link
     * #argsGuardedOnServer}.
     */
    String sqlGuardedOnServer() {
        return sql(true);
    }

    private String sql(boolean guardsOnServer) {
        if (parts.size() == 1 && parts.get(0).guarded() == null && !announce && effects.isEmpty()) {
            return parts.get(0).sql();
        }
        var sql = new StringBuilder("WITH ");
        var counts = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            sql.append(i == 0 ? "" : ", ").append('w').append(i).append(" AS (").append(p.sql()).append(" RETURNING 1)");
            if (p.guarded() != null) {
                String count = "(SELECT count(*) FROM w" + i + ")";
                counts.append(counts.length() == 0 ? "" : ", ").append(guardsOnServer ? "flow_guard(" + count + ", ?)" : count);
            }
        }
        if (announce) {
            counts.append(counts.length() == 0 ? "" : ", ").append("pg_notify('" + SqlSession.WORK_CHANNEL + "', '')");
        }
        for (String effect : effects) {
            counts.append(counts.length() == 0 ? "" : ", ").append(effect);
        }
        return sql.append(" SELECT ").append(counts.length() == 0 ? "1" : counts).toString();
    }

    /** {@link #args}, then what each guard says when it fails, for {@link #sqlGuardedOnServer}. */
    Object[] argsGuardedOnServer() {
        Object[] args = args();
        List<Part> guarded = guarded();
        var out = Arrays.copyOf(args, args.length + guarded.size());
        for (int i = 0; i < guarded.size(); i++) {
            out[args.length + i] = Guard.raced(guarded.get(i).guarded()).getMessage();
        }
        return out;
    }

    /** Every part's parameters, in order. */
    Object[] args() {
        var out = new Object[args];
        int at = 0;
        for (Part p : parts) {
            System.arraycopy(p.args(), 0, out, at, p.args().length);
            at += p.args().length;
        }
        return out;
    }

    /** The guarded parts, in the order of the statement's result columns. */
    List<Part> guarded() {
        return parts.stream().filter(p -> p.guarded() != null).toList();
    }
}
