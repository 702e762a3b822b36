package dev.flow.dsl.print;

import java.util.List;

/** Lines of Flow source with four-space indentation and blank lines between sections. */
final class SourceWriter {

    private final StringBuilder out = new StringBuilder();
    private int depth;
    private boolean pendingBlank;
    private boolean atBlockStart = true;

    void line(String text) {
        if (pendingBlank && !atBlockStart) {
            out.append('\n');
        }
        pendingBlank = false;
        atBlockStart = false;
        out.append("    ".repeat(depth)).append(text).append('\n');
    }

    /** Comment lines before the next element. */
    void comments(List<String> lines) {
        for (String line : lines) {
            line(line.isBlank() ? "//" : "// " + line.stripTrailing());
        }
    }

    /** Opens a block: {@code header {}, then indented lines. */
    void open(String header) {
        line(header + " {");
        depth++;
        atBlockStart = true;
    }

    void close() {
        depth--;
        pendingBlank = false;
        if (atBlockStart) {
            // An empty block stays on its header's line: "gate g { }".
            out.setLength(out.length() - 1);
            out.append(" }\n");
        } else {
            out.append("    ".repeat(depth)).append("}\n");
        }
        atBlockStart = false;
    }

    /** A blank line before the next line, unless it opens or closes a block. */
    void blank() {
        pendingBlank = true;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
