package dev.flow.store.sqlite;

import dev.flow.store.Store;
import dev.flow.store.sql.SqlFailure;
import dev.flow.store.sql.SqlSession;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The write transactions of one process, run one at a time on one connection and committed
 * together when several wait (group commit). A writer that finds others queued behind it leaves its
 * transaction open for them rather than committing: each of them runs its work inside the same
 * transaction, in a savepoint of its own, and the last one commits for all. Every writer returns
 * only once the commit that holds its work has happened, so what a caller sees after {@code write}
 * is durable as before; a writer whose work throws is rolled back to its savepoint and leaves the
 * others' work alone. What it saves is a commit a writer: with {@code synchronous=FULL} an fsync,
 * and in any mode writing the pages the writers share (the run's row, the merge a fan-out's
 * branches reach, the events' last page) to the WAL once instead of once a writer.
 *
 * <p>A writer waits only for writers that are already queued when its own work ends, and a group
 * holds at most {@link #MOST_WRITERS}; a lone writer (a chain's one slot) commits at once. Since a
 * writer now waits for the work of those behind it, no caller may hold, around a write, a lock that
 * a write's work takes (none does: the engine's works take no lock a writer holds; a worker's
 * heartbeat holds its worker's, which no work takes).
 */
final class GroupCommit {
    /** The most writers whose work one commit holds: the first of them waits for all the others' work. */
    static final int MOST_WRITERS = 8;
    /** How often a writer that waits for its group's commit looks whether the group was left with no one to commit it. */
    private static final long ORPHAN_CHECK_MILLIS = 20;

    /** One commit's writers, on the connection they share: settled when it committed, or failed for all of them. */
    private static final class Group {
        final SqlSession session;
        int writers = 1;
        boolean settled;
        RuntimeException failure;

        Group(SqlSession session) {
            this.session = session;
        }

        synchronized void settle(RuntimeException why) {
            settled = true;
            failure = why;
            notifyAll();
        }
    }

    private final ReentrantLock turn = new ReentrantLock(true);
    /** The transaction left open for the writers queued behind it; null when none is. Read and written holding {@link #turn}. */
    private Group open;
    private final Function<SqlFailure, RuntimeException> classify;
    private final Predicate<SqlFailure> busy;
    private final long busyMillis;
    /** Whether a writer waits for the turn now: a seam for the test of a group whose next writer gave up its wait. */
    private final BooleanSupplier othersWaiting;
    /** Commits so far (written holding the turn), for the tests and benches that count them. */
    private volatile long commits;

    /**
     * @param classify what a failed statement means to the caller
     * @param busy whether a failed statement met another process's lock
     * @param busyMillis how long a COMMIT that meets another process's lock is tried again
     */
    GroupCommit(Function<SqlFailure, RuntimeException> classify, Predicate<SqlFailure> busy, long busyMillis) {
        this(classify, busy, busyMillis, null);
    }

    GroupCommit(Function<SqlFailure, RuntimeException> classify, Predicate<SqlFailure> busy, long busyMillis, BooleanSupplier othersWaiting) {
        this.classify = classify;
        this.busy = busy;
        this.busyMillis = busyMillis;
        this.othersWaiting = othersWaiting != null ? othersWaiting : turn::hasQueuedThreads;
    }

    /** How many writers wait for the turn now. */
    int waiting() {
        return turn.getQueueLength();
    }

    /** How many commits the writers' transactions took so far. */
    long commits() {
        return commits;
    }

    /** Whether this thread holds the turn to write (its work runs now). */
    boolean heldByCurrentThread() {
        return turn.isHeldByCurrentThread();
    }

    /** Takes the turn to write, waiting up to {@code millis}; false when that passed. An interrupt does not cut the wait short, and is kept. */
    boolean await(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return turn.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Runs {@code work} holding the turn ({@link #await}), and gives the turn up. Alone, the work runs in
     * a transaction {@code begin} opens (retrying a busy database as it must); behind writers whose
     * transaction is still open, in a savepoint of that one. Returns once its work is committed.
     */
    <T> T run(Supplier<SqlSession> connection, Store.Work<T> work, BiFunction<SqlSession, Store.Work<T>, T> begin) {
        Group group = open;
        if (group == null) {
            SqlSession s;
            T value;
            try {
                s = connection.get();
                value = begin.apply(s, work); // the transaction is open when it returns, its work done
            } catch (RuntimeException | Error e) {
                turn.unlock();
                throw e;
            }
            return settled(end(new Group(s)), value);
        }
        SqlSession s = group.session;
        group.writers++;
        T value;
        try {
            s.execute("SAVEPOINT writer");
        } catch (SqlFailure e) {
            throw abandon(group, e);
        }
        try {
            value = work.run(s);
        } catch (RuntimeException | Error e) {
            try {
                s.execute("ROLLBACK TO writer");
                s.execute("RELEASE writer");
            } catch (SqlFailure undo) {
                throw abandon(group, undo);
            }
            s.forgetCachedRows();
            end(group);
            if (e instanceof SqlFailure f) {
                throw classify.apply(f);
            }
            throw e;
        }
        try {
            s.execute("RELEASE writer");
        } catch (SqlFailure e) {
            throw abandon(group, e);
        }
        return settled(end(group), value);
    }

    /**
     * Ends a writer's turn in {@code group}: leaves the transaction open when another writer waits and
     * the group has room, else commits it. Gives the turn up either way.
     */
    private Group end(Group group) {
        if (group.writers < MOST_WRITERS && othersWaiting.getAsBoolean()) {
            open = group;
            turn.unlock();
            return group;
        }
        commit(group);
        return group;
    }

    /** Commits the group's transaction and gives the turn up. */
    private void commit(Group group) {
        SqlSession s = group.session;
        open = null;
        RuntimeException failure = null;
        try {
            commitRetryingWhileBusy(s);
        } catch (RuntimeException e) {
            // whatever it was (the store closed under it too), every writer of the group must hear of it
            failure = e instanceof SqlFailure f ? classify.apply(f) : e;
            rollBack(s);
        } finally {
            s.inTransaction(false);
            commits++;
            turn.unlock();
        }
        group.settle(failure);
    }

    /**
     * Commits; where another process holds the database (a journal that is not WAL makes a COMMIT wait
     * for its readers) tries again, as SQLite allows: the transaction stays open after a busy COMMIT.
     * The others' work cannot be run again, as a lone writer's could.
     */
    private void commitRetryingWhileBusy(SqlSession s) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(busyMillis);
        int tries = 0;
        while (true) {
            try {
                s.execute("COMMIT");
                return;
            } catch (SqlFailure e) {
                if (!busy.test(e) || System.nanoTime() >= deadline) {
                    throw e;
                }
                tries++;
                try {
                    Thread.sleep(Math.min(200, 5L << Math.min(tries, 5)));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * A savepoint's statement failed: the transaction's state is unknown, so none of the group's work
     * is kept. Every writer of the group fails with the same reason; the turn is given up.
     */
    private RuntimeException abandon(Group group, SqlFailure e) {
        RuntimeException why = classify.apply(e);
        SqlSession s = group.session;
        open = null;
        rollBack(s);
        s.inTransaction(false);
        turn.unlock();
        group.settle(why);
        return why;
    }

    private static void rollBack(SqlSession s) {
        s.forgetCachedRows();
        try {
            s.execute("ROLLBACK");
        } catch (RuntimeException ignored) {
            // SQLite already rolled back (e.g. after SQLITE_FULL); nothing left to undo.
        }
    }

    /**
     * Waits, without the turn, for the commit that holds this writer's work. A writer queued behind
     * it may give up its wait for the turn ({@link #await}'s limit) and leave the group with no one to
     * commit it: a waiting writer that finds the turn free and its group still open commits it itself.
     */
    private <T> T settled(Group group, T value) {
        boolean interrupted = false;
        try {
            while (true) {
                synchronized (group) {
                    if (group.settled) {
                        break;
                    }
                    try {
                        group.wait(ORPHAN_CHECK_MILLIS);
                    } catch (InterruptedException e) {
                        interrupted = true; // its work is in the transaction: it must learn how that ends
                    }
                    if (group.settled) {
                        break;
                    }
                }
                if (turn.tryLock()) {
                    if (open == group) {
                        commit(group);
                    } else {
                        turn.unlock();
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (group.failure != null) {
            throw group.failure;
        }
        return value;
    }
}
