package dev.flow.engine;

import dev.flow.engine.worker.Worker;

/** A running {@code flow worker}: stop it (gracefully, or killing the work in progress) and wait for it. */
public final class WorkerHandle implements AutoCloseable {
    private final Worker worker;
    private final Thread maintenance;

    WorkerHandle(Worker worker, Thread maintenance) {
        this.worker = worker;
        this.maintenance = maintenance;
    }

    /** The lease owner this worker claims under. */
    public String owner() {
        return worker.owner();
    }

    /** Stops claiming; running work finishes unless {@code cancelRunning} (it then runs again on another worker or resume). */
    public void stop(boolean cancelRunning) {
        worker.stop(cancelRunning);
        maintenance.interrupt();
    }

    /** Waits until every slot has stopped. */
    public void awaitStopped() {
        worker.join();
        try {
            maintenance.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Why the database is out of reach now (its slots wait and try again); null while it answers. */
    public dev.flow.store.StoreException outage() {
        return worker.outage();
    }

    /** How many times the database went out of reach since the worker started. */
    public long outages() {
        return worker.outages();
    }

    /** A failure that stopped a slot, if any. */
    public Throwable failure() {
        return worker.crashed();
    }

    @Override
    public void close() {
        stop(false);
        awaitStopped();
    }
}
