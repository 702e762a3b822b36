package dev.flow.dsl.ide.diagnostics;

import dev.flow.diagnostic.Code;
import java.util.ArrayList;
import java.util.List;
import dev.flow.dsl.validation.IssueData;
import java.util.Optional;
import java.util.function.Function;
import dev.flow.model.SourceRef;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.DiagnosticCodeDescription;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticTag;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.xtext.validation.Issue;

/**
 * Completes the diagnostics Xtext builds from validation issues with what Flow's checker knows: the
 * stable code with a link to its entry in the diagnostics catalog, the related locations (the other
 * nodes of a cycle, the definition a name should match), the suggested names as data for quick
 * fixes, and the "unnecessary" tag that makes editors fade unreachable nodes.
 */
public final class LspDiagnostics {
    /** Shown by editors next to the message, e.g. "flow(FLOW306)". */
    public static final String SOURCE = "flow";

    private final String docsBase;

    /** @param docsBase the diagnostics catalog's address; entries are at {@code #flow306-uncontrolled-cycle} */
    public LspDiagnostics(String docsBase) {
        this.docsBase = docsBase;
    }

    /** Adds Flow's information to a diagnostic Xtext converted from this issue. */
    public Diagnostic complete(Diagnostic diagnostic, Issue issue) {
        diagnostic.setSource(SOURCE);
        var code = issue.getCode() == null ? Optional.<Code>empty() : Code.byId(issue.getCode());
        if (code.isEmpty()) {
            // Xtext's own syntax and linking errors: give them the code users look up.
            if (issue.isSyntaxError()) {
                code = Optional.of(Code.SYNTAX_ERROR);
                diagnostic.setCode(Code.SYNTAX_ERROR.id());
            }
        }
        code.ifPresent(c -> diagnostic.setCodeDescription(new DiagnosticCodeDescription(docsBase + "#" + c.docAnchor())));
        if (IssueData.tags(issue.getData()).contains(dev.flow.diagnostic.Diagnostic.Tag.UNNECESSARY)) {
            diagnostic.setTags(List.of(DiagnosticTag.Unnecessary));
        }
        List<String> suggestions = IssueData.suggestions(issue.getData());
        diagnostic.setData(suggestions.isEmpty() ? null : suggestions);
        var related = IssueData.related(issue.getData());
        if (!related.isEmpty()) {
            URI base = issue.getUriToProblem() == null ? null : issue.getUriToProblem().trimFragment();
            var infos = new ArrayList<DiagnosticRelatedInformation>();
            for (var r : related) {
                infos.add(new DiagnosticRelatedInformation(new Location(resolve(base, r.file()), range(r)), r.message()));
            }
            diagnostic.setRelatedInformation(infos);
        }
        return diagnostic;
    }

    /**
     * A diagnostic of Flow's own pipeline (a YAML workflow's, as {@code flow check} gives it) as an
     * editor shows it: the same code, link, related places, suggestions and tags as a {@code .flow}
     * file's.
     *
     * @param uriOf the address of a file the diagnostics name, by its display name
     */
    public Diagnostic of(dev.flow.diagnostic.Diagnostic found, Function<String, String> uriOf) {
        var diagnostic = new Diagnostic(range(found.source()), found.message(), severity(found.severity()), SOURCE, found.code().id());
        diagnostic.setCodeDescription(new DiagnosticCodeDescription(docsBase + "#" + found.code().docAnchor()));
        if (found.tags().contains(dev.flow.diagnostic.Diagnostic.Tag.UNNECESSARY)) {
            diagnostic.setTags(List.of(DiagnosticTag.Unnecessary));
        }
        diagnostic.setData(found.suggestions().isEmpty() ? null : found.suggestions());
        if (!found.related().isEmpty()) {
            diagnostic.setRelatedInformation(found.related().stream()
                    .map(r -> new DiagnosticRelatedInformation(new Location(uriOf.apply(r.source().file()), range(r.source())), r.message()))
                    .toList());
        }
        return diagnostic;
    }

    private static DiagnosticSeverity severity(dev.flow.model.Severity severity) {
        return switch (severity) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case INFO -> DiagnosticSeverity.Information;
        };
    }

    /** The editor's range of a position: lines and columns from 0, the end from the length when none is given. */
    public static Range range(SourceRef at) {
        Position start = new Position(Math.max(0, at.line() - 1), Math.max(0, at.column() - 1));
        Position end = at.endLine() > 0 ? new Position(at.endLine() - 1, Math.max(0, at.endColumn() - 1))
                : new Position(start.getLine(), start.getCharacter() + Math.max(0, at.length()));
        return new Range(start, end);
    }

    private static String resolve(URI base, String file) {
        if (file.contains(":/") || file.startsWith("file:")) {
            return file;
        }
        if (base == null) {
            return file;
        }
        URI relative = URI.createURI(file);
        return base.isHierarchical() && !base.isRelative() ? relative.resolve(base).toString() : file;
    }

    private static Range range(IssueData.Related r) {
        return range(r.at());
    }
}
