package dev.flow.model.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

/** A compiled graph that cannot be read: not JSON, another format, or not a graph. */
public final class GraphFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    public GraphFormatException(String message) {
        this(message, 0, 0);
    }

    public GraphFormatException(String message, int line, int column) {
        super(message);
        this.line = line;
        this.column = column;
    }

    static GraphFormatException from(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String what = e.getOriginalMessage();
        // Jackson's messages end with a hint for Java programmers; the first sentence is enough.
        int cut = what.indexOf("\n");
        if (cut > 0) {
            what = what.substring(0, cut);
        }
        int line = at == null ? 0 : Math.max(0, at.getLineNr());
        int column = at == null ? 0 : Math.max(0, at.getColumnNr());
        return new GraphFormatException(what, line, column);
    }

    /** 1-based line of the problem, or 0 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem, or 0 when unknown. */
    public int column() {
        return column;
    }
}
