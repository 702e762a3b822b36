package dev.flow.frontend;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import dev.flow.model.json.GraphFormatException;
import dev.flow.model.json.GraphJson;
import java.util.List;
import java.util.Optional;

/** Reads compiled graphs ({@code flow compile} output, format {@code flow-graph/1}). */
public final class GraphJsonFrontEnd implements FrontEnd {

    @Override
    public String name() {
        return "compiled graph (json)";
    }

    @Override
    public boolean handles(String extension) {
        return extension.equals("json");
    }

    @Override
    public Compilation load(SourceFile file, LoadOptions options) {
        try {
            return new Compilation(file, Optional.of(GraphJson.read(file.text())), List.of(), null);
        } catch (GraphFormatException e) {
            int line = Math.max(1, e.line());
            int column = Math.max(1, e.column());
            var at = SourceRef.of(file.displayName(), offsetOf(file.text(), line, column), 1, line, column);
            return new Compilation(file, Optional.empty(), List.of(Diagnostic.of(Code.UNREADABLE_INPUT,
                    "not a compiled Flow graph: " + e.getMessage(), at)), null);
        }
    }

    private static int offsetOf(String text, int line, int column) {
        int offset = 0;
        for (int l = 1; l < line && offset >= 0; l++) {
            offset = text.indexOf('\n', offset) + 1;
            if (offset == 0) {
                return text.length();
            }
        }
        return Math.min(text.length(), offset + column - 1);
    }
}
