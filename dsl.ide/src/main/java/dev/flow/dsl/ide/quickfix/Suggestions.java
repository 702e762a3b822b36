package dev.flow.dsl.ide.quickfix;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Diagnostic;

/**
 * The names the checker suggests for an unknown name (FLOW201-207), nearest first, as the server
 * put them in the diagnostic's data; the client sends them back as JSON.
 */
final class Suggestions {
    private Suggestions() {}

    static String code(Diagnostic diagnostic) {
        return diagnostic.getCode() == null ? null : diagnostic.getCode().getLeft();
    }

    static List<String> of(Diagnostic diagnostic) {
        var names = new ArrayList<String>();
        String code = code(diagnostic);
        if (code == null || !code.matches("FLOW20[1-7]")) {
            return names;
        }
        Object data = diagnostic.getData();
        if (data instanceof JsonArray array) {
            for (JsonElement each : array) {
                if (each.isJsonPrimitive()) {
                    names.add(each.getAsString());
                }
            }
        } else if (data instanceof List<?> list) {
            list.stream().filter(String.class::isInstance).map(String.class::cast).forEach(names::add);
        }
        return names;
    }
}
