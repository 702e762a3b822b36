package dev.flow.engine.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * Tells running work to stop (its loop was reset, its run failed fast, its lease was lost). Whoever
 * holds a process registers a callback that kills it; a callback registered after cancellation runs
 * at once.
 */
public final class Cancellation {
    private final List<Runnable> callbacks = new ArrayList<>();
    private String reason;

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
