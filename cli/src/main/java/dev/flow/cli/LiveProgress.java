package dev.flow.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The display {@code flow run} shows on a terminal: the same lines as the plain display, with one
 * status line below them, redrawn in place a few times a second, naming the nodes running now and
 * how long each has been at it. The status line never wraps (it is cut to the terminal's width),
 * so a carriage return and an erase always clear it.
 */
final class LiveProgress extends Progress {
    private static final String ERASE_LINE = "\r\u001B[2K";
    private static final char[] SPINNER = {'|', '/', '-', '\\'};
    private static final long TICK_MILLIS = 200;
    /** How many redraws the terminal's width is kept before it is asked again: a second's worth. */
    private static final int WIDTH_FRAMES = 5;

    /** When the display began, for the elapsed time it shows. */
    private long since;
    private Thread ticker;
    private boolean statusShown;
    private int frame;
    /** The terminal's width as last asked, and at which frame; 0 before the first status line. */
    private int columns;
    private int widthFrame;
    private volatile boolean closed;

    LiveProgress(PrintWriter out, Ansi ansi, boolean showExecution) {
        super(out, ansi, showExecution);
    }

    /** Starts redrawing with the first line, so that a display never used leaves nothing behind. */
    private void startTicking() {
        if (ticker == null && !closed) {
            since = System.currentTimeMillis();
            ticker = new Thread(this::tickLoop, "flow-progress");
            ticker.setDaemon(true);
            ticker.start();
        }
    }

    private void tickLoop() {
        while (!closed) {
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                if (!closed) {
                    frame++;
                    clearStatus();
                    drawStatus();
                    out.flush();
                }
            }
        }
    }

    @Override
    protected void line(String text) {
        startTicking();
        clearStatus();
        out.println(text);
        if (!closed) {
            drawStatus();
        }
        out.flush();
    }

    /** The terminal's width, asked again every second so that a resized window is followed. */
    private int width() {
        if (columns == 0 || frame - widthFrame >= WIDTH_FRAMES) {
            columns = Terminal.columns();
            widthFrame = frame;
        }
        return columns;
    }

    private void clearStatus() {
        if (statusShown) {
            out.print(ERASE_LINE);
            statusShown = false;
        }
    }

    private void drawStatus() {
        long now = System.currentTimeMillis();
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Long> r : running.entrySet()) {
            String what = doing.get(r.getKey());
            parts.add(r.getKey() + " " + Times.duration(now - r.getValue()) + (what == null ? "" : ": " + what));
        }
        String what = parts.isEmpty() ? "working" : "running " + String.join(", ", parts);
        String status = SPINNER[frame % SPINNER.length] + " " + what + "  [" + Times.duration(now - since) + "]";
        int width = width() - 1;
        if (status.length() > width) {
            status = width > 3 ? status.substring(0, width - 3) + "..." : status.substring(0, Math.max(0, width));
        }
        out.print(ansi.dim(status));
        statusShown = true;
    }

    /** The status line shows it, redrawn at the next tick: no line of its own. */
    @Override
    protected void activityLine(String executionId, String who, String what) {
        // drawn by drawStatus
    }

    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            closed = true;
            t = ticker;
        }
        if (t != null) {
            t.interrupt();
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            printSkipped();
            clearStatus();
            out.flush();
        }
    }
}
