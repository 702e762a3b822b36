package dev.flow.engine.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Tells running work to stop (its loop was reset, its run failed fast, its lease was lost). Whoever
 * holds a process registers a callback that kills it; a callback registered after cancellation runs
 * at once.
 */
public final class Cancellation {
    private final List<Runnable> callbacks = new ArrayList<>();
    private String reason;
    private volatile BooleanSupplier stillWanted = () -> true;

    /**
     * How {@link #confirm} asks whether the work is still wanted (its worker reads whether it still
     * holds the node), for a cancellation made in another process that this one has not heard of yet.
     */
    public void confirmWith(BooleanSupplier check) {
        stillWanted = check;
    }

    /**
     * Asks, before a step that cannot be taken back (applying an isolated step's changes), whether
     * the work is still wanted, and cancels it when not. Returns whether it is cancelled.
     */
    public boolean confirm() {
        if (!isCancelled()) {
            boolean wanted;
            try {
                wanted = stillWanted.getAsBoolean();
            } catch (RuntimeException e) {
                wanted = true; // the database was busy: the watch and the guarded result still stop a cancelled step
            }
            if (!wanted) {
                cancel("its node was cancelled");
            }
        }
        return isCancelled();
    }

    public synchronized boolean isCancelled() {
        return reason != null;
    }

    public synchronized String reason() {
        return reason;
    }

    public void cancel(String why) {
        List<Runnable> toRun;
        synchronized (this) {
            if (reason != null) {
                return;
            }
            reason = why;
            toRun = List.copyOf(callbacks);
            callbacks.clear();
        }
        toRun.forEach(Runnable::run);
    }

    /** Runs {@code onCancel} when cancelled (now, if it already is). */
    public void onCancel(Runnable onCancel) {
        synchronized (this) {
            if (reason == null) {
                callbacks.add(onCancel);
                return;
            }
        }
        onCancel.run();
    }

    public synchronized void forget(Runnable onCancel) {
        callbacks.remove(onCancel);
    }
}
