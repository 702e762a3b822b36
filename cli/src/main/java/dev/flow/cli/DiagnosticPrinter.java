package dev.flow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import dev.flow.model.Severity;
import dev.flow.model.SourceRef;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * Prints diagnostics the way compilers do: {@code FILE:LINE:COL: error FLOW306: message}, then the
 * source line with a caret under the range, then related locations as notes. Or as a JSON array.
 */
final class DiagnosticPrinter {

    private final PrintWriter out;
    private final Ansi ansi;

    DiagnosticPrinter(PrintWriter out, Ansi ansi) {
        this.out = out;
        this.ansi = ansi;
    }

    void print(Compilation compilation) {
        for (Diagnostic d : compilation.diagnostics()) {
            print(d, compilation);
        }
        out.flush();
    }

    private void print(Diagnostic d, Compilation compilation) {
        SourceRef at = d.source();
        String severity = d.severity().label();
        String severityText = switch (d.severity()) {
            case ERROR -> ansi.red(severity);
            case WARNING -> ansi.yellow(severity);
            case INFO -> ansi.cyan(severity);
        };
        out.println(ansi.bold(location(at, compilation)) + ": " + severityText + " " + ansi.bold(d.code().id()) + ": " + d.message());
        quote(at, compilation);
        for (Diagnostic.Related related : d.related()) {
            out.println("  " + location(related.source(), compilation) + ": " + ansi.cyan("note") + ": " + related.message());
        }
    }

    private static String location(SourceRef at, Compilation compilation) {
        String file = at.file().isEmpty() ? compilation.source().displayName() : at.file();
        if (at.isUnknown()) {
            return file;
        }
        return file + ":" + at.line() + ":" + at.column();
    }

    /** The offending line and a caret line under the range (to the end of the line if it spans lines). */
    private void quote(SourceRef at, Compilation compilation) {
        if (at.isUnknown()) {
            return;
        }
        String file = at.file().isEmpty() ? compilation.source().displayName() : at.file();
        Optional<String> text = compilation.text(file);
        if (text.isEmpty() || text.get().isEmpty()) {
            return;
        }
        Optional<String> line = line(text.get(), at.line());
        if (line.isEmpty()) {
            return;
        }
        String source = line.get();
        int start = Math.max(0, Math.min(source.length(), at.column() - 1));
        int end = at.endLine() == at.line() ? Math.min(source.length(), at.endColumn() - 1) : source.length();
        var caret = new StringBuilder("    ");
        for (int i = 0; i < start; i++) {
            caret.append(source.charAt(i) == '\t' ? '\t' : ' ');
        }
        caret.append('^');
        for (int i = start + 1; i < end; i++) {
            caret.append('~');
        }
        out.println("    " + source);
        out.println(ansi.green(caret.toString()));
    }

    static Optional<String> line(String text, int lineNumber) {
        int start = 0;
        for (int l = 1; l < lineNumber; l++) {
            int next = text.indexOf('\n', start);
            if (next < 0) {
                return Optional.empty();
            }
            start = next + 1;
        }
        int end = text.indexOf('\n', start);
        String line = end < 0 ? text.substring(start) : text.substring(start, end);
        return Optional.of(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
    }

    /** One line for the end: "2 errors and 1 warning in 3 files". */
    static String summary(List<Compilation> compilations) {
        long errors = count(compilations, Severity.ERROR);
        long warnings = count(compilations, Severity.WARNING);
        String files = compilations.size() == 1 ? "1 file" : compilations.size() + " files";
        if (errors == 0 && warnings == 0) {
            long notes = count(compilations, Severity.INFO);
            return "no problems in " + files + (notes == 0 ? "" : " (" + plural(notes, "note") + ")");
        }
        return plural(errors, "error") + " and " + plural(warnings, "warning") + " in " + files;
    }

    private static long count(List<Compilation> compilations, Severity severity) {
        return compilations.stream().flatMap(c -> c.diagnostics().stream()).filter(d -> d.severity() == severity).count();
    }

    static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /** The JSON array of {@code flow check --format json}. */
    static String json(List<Compilation> compilations) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ArrayNode array = mapper.createArrayNode();
        for (Compilation c : compilations) {
            for (Diagnostic d : c.diagnostics()) {
                array.add(toJson(mapper, d, c));
            }
        }
        try {
            return mapper.writeValueAsString(array);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode toJson(ObjectMapper mapper, Diagnostic d, Compilation c) {
        SourceRef at = d.source();
        ObjectNode o = mapper.createObjectNode();
        o.put("file", at.file().isEmpty() ? c.source().displayName() : at.file());
        o.put("line", at.line());
        o.put("column", at.column());
        o.put("endLine", at.endLine());
        o.put("endColumn", at.endColumn());
        o.put("severity", d.severity().label());
        o.put("code", d.code().id());
        o.put("name", d.code().slug());
        o.put("message", d.message());
        if (!d.suggestions().isEmpty()) {
            ArrayNode s = o.putArray("suggestions");
            d.suggestions().forEach(s::add);
        }
        if (!d.related().isEmpty()) {
            ArrayNode related = o.putArray("related");
            for (Diagnostic.Related r : d.related()) {
                ObjectNode ro = related.addObject();
                ro.put("file", r.source().file().isEmpty() ? c.source().displayName() : r.source().file());
                ro.put("line", r.source().line());
                ro.put("column", r.source().column());
                ro.put("message", r.message());
            }
        }
        return o;
    }
}
