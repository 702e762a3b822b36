package dev.flow.dsl.ide.graph;

import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.render.GraphRenderer;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.ide.server.ILanguageServerExtension;

/**
 * The {@code flow/graph} request: the workflow of an open document as Mermaid source, compiled
 * from the editor's text (saved or not) by the same pipeline as {@code flow graph}. The VS Code
 * extension's "Show graph" draws it.
 */
public class GraphRequest implements ILanguageServerExtension {
    /** The JSON-RPC method name. */
    public static final String METHOD = "flow/graph";

    private ILanguageServerAccess access;
    private final Compiler compiler = Compiler.withInstalledFrontEnds();

    @Override
    public void initialize(ILanguageServerAccess access) {
        this.access = access;
    }

    /** @param params {@code {"uri": "file:///..."}} */
    @JsonRequest(METHOD)
    public CompletableFuture<GraphResult> graph(GraphParams params) {
        return access.doRead(params.uri, context -> render(params.uri, context.getDocument().getContents()));
    }

    GraphResult render(String uri, String text) {
        Path path = uri.startsWith("file:") ? Path.of(URI.create(uri)) : null;
        String name = path == null ? uri : path.getFileName().toString();
        return picture(compiler.compile(new SourceFile(path, name, text), LoadOptions.DEFAULT));
    }

    /** The answer for a compiled workflow, whatever its format (a YAML workflow's too). */
    public static GraphResult picture(Compilation compilation) {
        var problems = compilation.diagnostics().stream().filter(d -> d.isError()).count();
        if (compilation.graph().isEmpty()) {
            String why = compilation.diagnostics().isEmpty() ? "it could not be compiled"
                    : compilation.diagnostics().get(0).message();
            return new GraphResult(null, "The workflow cannot be drawn: " + why, (int) problems);
        }
        String mermaid = GraphRenderer.forFormat("mermaid").orElseThrow().render(compilation.graph().get().main());
        return new GraphResult(mermaid, null, (int) problems);
    }

    /** The request's parameters. */
    public static final class GraphParams {
        public String uri;
    }

    /**
     * The answer: Mermaid source, or why there is none.
     *
     * @param errors how many errors the workflow has (a workflow with errors may still be drawn)
     */
    public record GraphResult(String mermaid, String problem, int errors) {}
}
