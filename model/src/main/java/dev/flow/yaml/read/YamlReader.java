package dev.flow.yaml.read;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Reads one YAML text into a tree of {@link YNode}s with positions, and its comments. Built on the
 * event parser of SnakeYAML (the engine of jackson-dataformat-yaml): Jackson's own YAML parser
 * would drop comments, hand aliases over as plain strings and hide the scalars' styles, all of
 * which Flow needs. Never throws for bad input: syntax errors and refusals ({@link YamlLimits})
 * become diagnostics with a position.
 */
public final class YamlReader {
    private YamlReader() {}

    public static YamlRead read(String text, String file) {
        return read(text, file, YamlLimits.DEFAULT);
    }

    public static YamlRead read(String text, String file, YamlLimits limits) {
        var positions = new TextPositions(file, text);
        var diagnostics = new ArrayList<Diagnostic>();
        if (text.length() > limits.maxChars()) {
            diagnostics.add(Diagnostic.of(Code.INPUT_TOO_LARGE, String.format(
                    "\"%s\" has %,d characters; Flow reads YAML workflows of at most %,d", file, text.length(), limits.maxChars()),
                    positions.range(0, 0)));
            return failed(diagnostics, positions);
        }
        var builder = new TreeBuilder(positions, limits, diagnostics);
        try {
            var parser = new ParserImpl(new StreamReader(text), loaderOptions(limits));
            int documents = 0;
            for (Event event = parser.getEvent(); !event.is(Event.ID.StreamEnd); event = parser.getEvent()) {
                if (event.is(Event.ID.DocumentStart) && ++documents > 1) {
                    diagnostics.add(Diagnostic.of(Code.YAML_SYNTAX,
                            "a second YAML document starts here; a workflow file holds exactly one: remove the \"---\" and what follows, or split the file",
                            at(positions, event.getStartMark())));
                    return failed(diagnostics, positions);
                }
                builder.accept(event);
            }
        } catch (TreeBuilder.Refused refused) {
            diagnostics.add(refused.diagnostic);
            return failed(diagnostics, positions);
        } catch (MarkedYAMLException e) {
            diagnostics.add(syntaxError(e, positions));
            return failed(diagnostics, positions);
        } catch (ReaderException e) {
            diagnostics.add(Diagnostic.of(Code.YAML_SYNTAX, String.format(
                    "the character U+%04X cannot appear in YAML; remove it", e.getCodePoint()), pointAt(positions, positions.charOffset(e.getPosition()))));
            return failed(diagnostics, positions);
        } catch (YAMLException | IllegalArgumentException | IllegalStateException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            diagnostics.add(Diagnostic.of(Code.YAML_SYNTAX, "the YAML cannot be read: " + why, positions.range(0, 0)));
            return failed(diagnostics, positions);
        }
        var comments = CommentScanner.scan(positions, builder.scalarRanges());
        return new YamlRead(Optional.ofNullable(builder.root()), diagnostics, comments, positions);
    }

    private static LoaderOptions loaderOptions(YamlLimits limits) {
        var options = new LoaderOptions();
        // The tree builder applies Flow's own limits, with positions; SnakeYAML's are set just above
        // them so that they never fire first.
        options.setCodePointLimit(limits.maxChars() + 1);
        options.setNestingDepthLimit(limits.maxDepth() + 1);
        options.setProcessComments(false);
        return options;
    }

    private static YamlRead failed(List<Diagnostic> diagnostics, TextPositions positions) {
        return new YamlRead(Optional.empty(), diagnostics, List.of(), positions);
    }

    private static Diagnostic syntaxError(MarkedYAMLException e, TextPositions positions) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        String problem = e.getProblem() == null ? "the text is not valid YAML" : e.getProblem();
        var message = new StringBuilder("YAML syntax error: ").append(problem.strip());
        if (e.getContext() != null && e.getContextMark() != null) {
            message.append(" (").append(e.getContext().strip()).append(" that starts at line ")
                    .append(at(positions, e.getContextMark()).line()).append(')');
        }
        if (problem.contains("\\t") || problem.contains("\t")) {
            message.append("; YAML indents with spaces, never tabs");
        }
        return Diagnostic.of(Code.YAML_SYNTAX, message.toString(), mark == null ? positions.range(0, 0) : at(positions, mark));
    }

    private static SourceRef at(TextPositions positions, Mark mark) {
        return pointAt(positions, positions.charOffset(mark.getIndex()));
    }

    private static SourceRef pointAt(TextPositions positions, int offset) {
        int end = offset < positions.text().length() && !isLineBreak(positions.text().charAt(offset)) ? offset + 1 : offset;
        return positions.range(offset, end);
    }

    private static boolean isLineBreak(char c) {
        return c == '\n' || c == '\r';
    }
}
