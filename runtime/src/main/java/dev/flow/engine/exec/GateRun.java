package dev.flow.engine.exec;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a gate went.
 *
 * @param testStatus {@code passed}, {@code failed}, {@code error} (could not run) or {@code timeout}
 * @param text the tail of what it printed
 * @param log the file of what it printed on standard output (its standard error beside it); null when it ran no process
 */
record GateRun(String gate, boolean passed, String testStatus, int exitCode, String text, java.nio.file.Path log) {

    /** A gate that ran no process of its own: nothing to point at. */
    GateRun(String gate, boolean passed, String testStatus, int exitCode, String text) {
        this(gate, passed, testStatus, exitCode, text, null);
    }

    Map<String, Object> result(String summary) {
        var r = new LinkedHashMap<String, Object>();
        r.put("output", text);
        r.put("summary", summary);
        r.put("passed", passed);
        r.put("test_status", testStatus);
        r.put("exit_code", (long) exitCode);
        return r;
    }
}
