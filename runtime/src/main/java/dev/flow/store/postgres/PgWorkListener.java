package dev.flow.store.postgres;

import dev.flow.store.Store;
import dev.flow.store.sql.SqlSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Hears the announcements of work made ready ({@code NOTIFY flow_work}, sent by the committing
 * transaction) on a connection of its own, in a daemon thread, and wakes its worker at each. When the
 * connection breaks (a server restart) it connects again, from a quarter second doubling up to 30
 * seconds, and wakes the worker once it is back, since what was announced meanwhile was not heard;
 * the worker polls meanwhile ({@link #listening} is false).
 */
final class PgWorkListener implements Store.WorkListener {
    private static final int WAIT_MILLIS = 500;
    private static final long MOST_BACKOFF_MILLIS = 30_000;

    private final Supplier<Connection> connect;
    private final Runnable wake;
    private final Thread thread;
    private volatile boolean closed;
    private volatile boolean listening;
    private volatile Connection connection;

    PgWorkListener(Supplier<Connection> connect, Runnable wake) {
        this.connect = connect;
        this.wake = wake;
        this.thread = new Thread(this::loop, "flow-listen");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void loop() {
        int failures = 0;
        while (!closed) {
            try (Connection c = connect.get()) {
                connection = c;
                c.setAutoCommit(true);
                try (var st = c.createStatement()) {
                    st.execute("LISTEN " + SqlSession.WORK_CHANNEL);
                }
                listening = true;
                failures = 0;
                wake.run(); // announcements sent while it was not listening were lost
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] heard = pg.getNotifications(WAIT_MILLIS);
                    if (heard != null && heard.length > 0) {
                        wake.run();
                    }
                }
            } catch (SQLException | RuntimeException e) {
                listening = false;
                if (closed) {
                    return;
                }
                failures++;
                try {
                    Thread.sleep(Math.min(MOST_BACKOFF_MILLIS, 250L << Math.min(failures - 1, 7)));
                } catch (InterruptedException interrupted) {
                    return;
                }
            } finally {
                listening = false;
                connection = null;
            }
        }
    }

    @Override
    public boolean listening() {
        return listening;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        Connection c = connection;
        if (c != null) {
            try {
                c.close(); // ends a wait for notifications at once
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
