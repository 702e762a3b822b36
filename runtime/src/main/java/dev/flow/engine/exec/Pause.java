package dev.flow.engine.exec;

/** Short waits inside kills, which must finish even on a thread that was interrupted (Ctrl-C stops work that way). */
final class Pause {
    private Pause() {}

    /** Sleeps about {@code millis}; an interrupt ends the sleep early and stays set for the caller. */
    static void briefly(long millis) {
        boolean interrupted = Thread.interrupted();
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
