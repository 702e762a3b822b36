package dev.flow.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Columns of text padded to their widest cell, with a header: what {@code flow status} prints. */
final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(String... header) {
        this.header = List.of(header);
    }

    /** A row; each cell is shown on one line with nothing a terminal would obey ({@link TerminalText}). */
    void add(String... cells) {
        var row = new ArrayList<String>();
        for (String c : cells) {
            row.add(c == null ? "" : TerminalText.line(c));
        }
        rows.add(row);
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out, Ansi ansi) {
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = header.get(i).length();
            for (List<String> r : rows) {
                widths[i] = Math.max(widths[i], r.get(i).length());
            }
        }
        out.println(ansi.bold(line(header, widths)));
        for (List<String> r : rows) {
            out.println(line(r, widths));
        }
    }

    private static String line(List<String> cells, int[] widths) {
        var sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            sb.append(c);
            if (i < cells.size() - 1) {
                sb.append(" ".repeat(widths[i] - c.length() + 2));
            }
        }
        return sb.toString().stripTrailing();
    }
}
