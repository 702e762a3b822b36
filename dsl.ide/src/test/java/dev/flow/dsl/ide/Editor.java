package dev.flow.dsl.ide;

import com.google.inject.Injector;
import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

/**
 * Flow text as an editor holds it, and the editor services of {@link FlowIdeModule} called on it
 * directly: no language server, no workspace, no JSON in between. The text is the file
 * {@code main.flow} of a folder the test owns, so that it can import files written next to it
 * ({@link #write}); it may mark the cursor with {@code <|>}.
 */
public final class Editor {
    /** Where the cursor is in a test's text; removed before the text is parsed. */
    static final String CURSOR = "<|>";
    /** The name the opened text has in its folder. */
    public static final String FILE = "main.flow";

    private static final Injector INJECTOR = new FlowIdeSetup().createInjectorAndDoEMFRegistration();

    private final XtextResource resource;
    private final Document document;
    private final int cursor;

    private Editor(XtextResource resource, Document document, int cursor) {
        this.resource = resource;
        this.document = document;
        this.cursor = cursor;
    }

    /** Writes a file for the opened text to import ({@code import "NAME"}). */
    public static void write(Path folder, String name, String text) {
        try {
            Files.writeString(folder.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Opens {@code marked} (the cursor at {@code <|>}, if anywhere) as {@code main.flow} in {@code folder}. */
    public static Editor open(Path folder, String marked) {
        int cursor = marked.indexOf(CURSOR);
        String text = cursor < 0 ? marked : marked.substring(0, cursor) + marked.substring(cursor + CURSOR.length());
        XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
        URI uri = URI.createFileURI(folder.resolve(FILE).toAbsolutePath().toString());
        XtextResource resource = (XtextResource) set.createResource(uri);
        try {
            resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), set.getLoadOptions());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Editor(resource, new Document(1, text), cursor);
    }

    /** The text without the cursor mark. */
    public String text() {
        return document.getContents();
    }

    /** The completion list at the cursor, in the order the editor shows it. */
    public List<CompletionItem> complete() {
        var params = new CompletionParams(identifier(), cursor());
        return service(ContentAssistService.class).createCompletionList(document, resource, params, CancelIndicator.NullImpl).getItems();
    }

    /** The hover at the cursor, or null where there is none. */
    public Hover hover() {
        return service(IHoverService.class).hover(document, resource, new HoverParams(identifier(), cursor()), CancelIndicator.NullImpl);
    }

    /** The edits that format the whole text, four spaces to an indent. */
    public List<? extends TextEdit> format() {
        var params = new DocumentFormattingParams(identifier(), new FormattingOptions(4, true));
        return service(FormattingService.class).format(document, resource, params, CancelIndicator.NullImpl);
    }

    /** The outline. */
    public List<DocumentSymbol> outline() {
        return service(HierarchicalDocumentSymbolService.class).getSymbols(resource, CancelIndicator.NullImpl);
    }

    /** A stretch of text the semantic highlighter colours, with its styles (LSP token type and modifiers). */
    public record Highlight(String text, int offset, List<String> styles) {
        @Override
        public String toString() {
            return text + " " + String.join(" ", styles);
        }
    }

    /** What the semantic highlighter colours, in the order of the text. */
    public List<Highlight> highlights() {
        var found = new ArrayList<Highlight>();
        service(ISemanticHighlightingCalculator.class).provideHighlightingFor(resource,
                (offset, length, styles) -> found.add(new Highlight(text().substring(offset, offset + length), offset, List.of(styles))),
                CancelIndicator.NullImpl);
        found.sort(Comparator.comparingInt(Highlight::offset));
        return found;
    }

    /**
     * The diagnostics the language server would publish for the text: every issue of every check,
     * converted as Xtext's server converts it and completed by {@link LspDiagnostics} (code,
     * suggested names as data), as the server's {@code toDiagnostic} does.
     */
    public List<Diagnostic> diagnostics() {
        var lsp = new LspDiagnostics("https://flow.dev/diagnostics");
        return service(IResourceValidator.class).validate(resource, CheckMode.ALL, CancelIndicator.NullImpl).stream()
                .map(issue -> lsp.complete(toDiagnostic(issue), issue)).toList();
    }

    private static Diagnostic toDiagnostic(Issue issue) {
        var diagnostic = new Diagnostic();
        diagnostic.setCode(issue.getCode());
        diagnostic.setMessage(issue.getMessage());
        diagnostic.setSeverity(switch (issue.getSeverity()) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case INFO -> DiagnosticSeverity.Information;
            case IGNORE -> DiagnosticSeverity.Hint;
        });
        var start = new Position(issue.getLineNumber() - 1, issue.getColumn() - 1);
        var end = new Position(issue.getLineNumberEnd() - 1, issue.getColumnEnd() - 1);
        diagnostic.setRange(new Range(start, end));
        return diagnostic;
    }

    /** The one diagnostic with this code; fails when there is none or more than one. */
    public Diagnostic diagnostic(String code) {
        var found = diagnostics().stream().filter(d -> d.getCode() != null && code.equals(d.getCode().getLeft())).toList();
        if (found.size() != 1) {
            throw new AssertionError("expected one " + code + " among " + diagnostics());
        }
        return found.get(0);
    }

    /** The quick fixes offered for a diagnostic, with their edits, as the server's code action request answers. */
    public List<CodeAction> fixes(Diagnostic diagnostic) {
        var options = new ICodeActionService2.Options();
        options.setDocument(document);
        options.setResource(resource);
        options.setURI(uri());
        options.setLanguageServerAccess(new OneDocumentAccess(resource, document));
        options.setCodeActionParams(new CodeActionParams(identifier(), diagnostic.getRange(), new CodeActionContext(List.of(diagnostic))));
        options.setCancelIndicator(CancelIndicator.NullImpl);
        return service(ICodeActionService2.class).getCodeActions(options).stream().map(action -> action.getRight()).toList();
    }

    /** The text with one quick fix applied. */
    public String apply(CodeAction fix) {
        return apply(fix.getEdit().getChanges().get(uri()));
    }

    /** The text with edits applied, as an editor applies them: each against the text before any of them. */
    public String apply(List<? extends TextEdit> edits) {
        var sorted = new ArrayList<TextEdit>(edits);
        sorted.sort(Comparator.comparingInt((TextEdit e) -> document.getOffSet(e.getRange().getStart())).reversed());
        var result = new StringBuilder(text());
        for (TextEdit edit : sorted) {
            result.replace(document.getOffSet(edit.getRange().getStart()), document.getOffSet(edit.getRange().getEnd()), edit.getNewText());
        }
        return result.toString();
    }

    /** The range of the first {@code word} in the text at or after the first {@code after}. */
    public Range rangeOf(String word, String after) {
        int from = text().indexOf(after);
        int at = from < 0 ? -1 : text().indexOf(word, from);
        if (at < 0) {
            throw new IllegalArgumentException("'" + word + "' after '" + after + "' is not in the text");
        }
        return new Range(document.getPosition(at), document.getPosition(at + word.length()));
    }

    private Position cursor() {
        if (cursor < 0) {
            throw new IllegalStateException("the text marks no cursor (" + CURSOR + ")");
        }
        return document.getPosition(cursor);
    }

    private String uri() {
        return resource.getURI().toString();
    }

    private TextDocumentIdentifier identifier() {
        return new TextDocumentIdentifier(uri());
    }

    private static <T> T service(Class<T> type) {
        return INJECTOR.getInstance(type);
    }
}
