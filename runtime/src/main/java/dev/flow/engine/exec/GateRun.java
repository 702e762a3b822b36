package dev.flow.engine.exec;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a gate went.
 *
 * @param testStatus {@code passed}, {@code failed}, {@code error} (could not run) or {@code timeout}
 * @param text the tail of what it printed
 */
record GateRun(String gate, boolean passed, String testStatus, int exitCode, String text) {

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
