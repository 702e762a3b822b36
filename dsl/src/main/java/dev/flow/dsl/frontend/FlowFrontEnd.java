package dev.flow.dsl.frontend;

import com.google.inject.Injector;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.FlowStandaloneSetup;
import dev.flow.dsl.compiler.Compiled;
import dev.flow.dsl.compiler.FlowCompiler;
import dev.flow.dsl.naming.SourceNames;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.imports.Imports;
import dev.flow.dsl.imports.LibraryReader;
import dev.flow.dsl.parser.GuardedParseResult;
import dev.flow.dsl.scoping.BuiltinLibrary;
import dev.flow.dsl.validation.checks.LanguageChecks;
import dev.flow.dsl.validation.checks.SyntaxErrors;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.FrontEnd;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.GateDef;
import dev.flow.yaml.gates.GateOverlay;
import dev.flow.model.SourceRef;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;

/**
 * The Flow language as a {@link FrontEnd}: reads a {@code .flow} file into the graph model. Found by
 * {@link dev.flow.frontend.Compiler#withInstalledFrontEnds()} through {@code META-INF/services}.
 *
 * <p>It reports what only the language sees: syntax errors (FLOW001), text nested too deeply to
 * parse (FLOW002), imports it cannot read (FLOW209), the language-only checks (FLOW005-FLOW008,
 * FLOW201 for {@code outputs of}) and which workflow to take (FLOW004). It never runs the shared
 * checker (the {@link dev.flow.frontend.Compiler} pipeline does, once) and never throws for bad
 * input. A file with syntax errors, in itself or in a library it imports, gives no graph: the
 * checker would only misread a half-parsed file.
 */
public final class FlowFrontEnd implements FrontEnd {

    /** Xtext's services, created once per class loader (creating them costs about a second). */
    private static final class Holder {
        static final Injector INJECTOR = built();

        private static Injector built() {
            Injector injector = new FlowStandaloneSetup().createInjectorAndDoEMFRegistration();
            dev.flow.timing.Phases.mark("xtext injector built");
            return injector;
        }
    }

    /** The language's Guice injector, shared by every front end instance. */
    public static Injector injector() {
        return Holder.INJECTOR;
    }

    @Override
    public String name() {
        return "flow";
    }

    @Override
    public boolean handles(String extension) {
        return extension.equals("flow");
    }

    @Override
    public Compilation load(SourceFile file, LoadOptions options) {
        try {
            return read(file, options);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // A bug of ours must still reach the user as a diagnostic with a position, never as a stack trace.
            String why = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            return new Compilation(file, Optional.empty(), List.of(Diagnostic.of(Code.UNREADABLE_INPUT,
                    "Flow could not read this file (" + why + "); please report this as a bug with the file attached",
                    SourceRef.of(file.displayName(), 0, 0, 1, 1))), null);
        }
    }

    private Compilation read(SourceFile file, LoadOptions options) {
        Injector injector = injector();
        XtextResourceSet resources = injector.getInstance(XtextResourceSet.class);
        // This front end's services, whichever Flow injector registered itself globally last.
        resources.getResourceFactoryRegistry().getExtensionToFactoryMap()
                .put("flow", injector.getInstance(org.eclipse.xtext.resource.IResourceFactory.class));
        URI uri = uriOf(file);
        XtextResource resource = (XtextResource) resources.createResource(uri);
        try {
            resource.load(new ByteArrayInputStream(file.text().getBytes(StandardCharsets.UTF_8)), resources.getLoadOptions());
        } catch (IOException e) {
            return failed(file, Diagnostic.of(Code.UNREADABLE_INPUT, "cannot read \"" + file.displayName() + "\": " + e.getMessage(),
                    SourceRef.of(file.displayName(), 0, 0, 1, 1)));
        }
        var names = SourceNames.relativeTo(uri, file.displayName());
        var positions = new SourceRefs(names);
        var refusal = GuardedParseResult.refusalOf(resource.getParseResult());
        if (refusal.isPresent()) {
            var crossing = refusal.get();
            return failed(file, Diagnostic.of(Code.INPUT_TOO_LARGE, crossing.message(),
                    positions.range(resource, crossing.offset(), crossing.offset() + crossing.length())));
        }
        var diagnostics = new ArrayList<>(SyntaxErrors.of(resource, positions));
        FlowFile root = resource.getContents().isEmpty() ? null : (FlowFile) resource.getContents().get(0);
        diagnostics.addAll(injector.getInstance(LanguageChecks.class).check(root, positions));
        if (SyntaxErrors.blockCompilation(diagnostics) || root == null) {
            if (root == null && diagnostics.isEmpty()) {
                diagnostics.add(new Diagnostic(Code.UNREADABLE_INPUT, dev.flow.model.Severity.INFO,
                        "this file is empty: nothing to run", positions.range(resource, 0, 0), List.of(), List.of(), Set.of()));
            }
            return new Compilation(file, Optional.empty(), diagnostics, sources(resources, resource, names));
        }
        var sources = sources(resources, resource, names);
        Map<String, GateDef> registry = registry(options, injector, diagnostics, sources);
        Compiled compiled = injector.getInstance(FlowCompiler.class).compile(root, options.workflow(), names, registry);
        diagnostics.addAll(compiled.diagnostics());
        foreignSources(resources, names, injector, sources);
        return new Compilation(file, compiled.graph(), diagnostics, sources);
    }

    /**
     * The gates of the registries given on the command line ({@code --gates}), read through the
     * {@link LibraryReader}, each later one overlaying those before it.
     */
    private static Map<String, GateDef> registry(LoadOptions options, Injector injector, List<Diagnostic> diagnostics, Map<String, String> sources) {
        var out = new LinkedHashMap<String, GateDef>();
        var layers = new ArrayList<List<dev.flow.yaml.gates.GateEntry>>();
        for (Path gates : options.gatesFiles()) {
            var library = injector.getInstance(LibraryReader.class)
                    .read(URI.createFileURI(gates.toAbsolutePath().toString()), gates.toString());
            library.unreadable().ifPresent(why -> diagnostics.add(Diagnostic.of(Code.UNKNOWN_IMPORT, why, SourceRef.of(gates.toString(), 0, 0, 1, 1))));
            diagnostics.addAll(library.diagnostics());
            library.text().ifPresent(text -> sources.put(gates.toString(), text));
            layers.add(library.entries());
        }
        var combined = GateOverlay.combine(layers);
        diagnostics.addAll(GateOverlay.missingCommands(combined));
        GateOverlay.definitions(combined).forEach(g -> out.put(g.name(), g));
        return out;
    }

    private static Compilation failed(SourceFile file, Diagnostic diagnostic) {
        return new Compilation(file, Optional.empty(), List.of(diagnostic), null);
    }

    /** The texts of the imported libraries, by display name, so that tools can quote them. */
    private static Map<String, String> sources(XtextResourceSet set, Resource main, SourceNames names) {
        var out = new LinkedHashMap<String, String>();
        for (Resource r : List.copyOf(set.getResources())) {
            if (r != main && !BuiltinLibrary.isBuiltin(r) && r instanceof XtextResource x && x.getParseResult() != null) {
                out.put(names.displayName(r.getURI()), x.getParseResult().getRootNode().getText());
            }
        }
        return out;
    }

    /** Adds the texts of the registries that the file and its libraries import, which are not Xtext resources. */
    private static void foreignSources(XtextResourceSet set, SourceNames names, Injector injector, Map<String, String> into) {
        var imports = injector.getInstance(Imports.class);
        for (Resource r : List.copyOf(set.getResources())) {
            if (BuiltinLibrary.isBuiltin(r) || r.getContents().isEmpty() || !(r.getContents().get(0) instanceof FlowFile f)) {
                continue;
            }
            for (Imports.Resolved i : imports.of(f, names)) {
                if (i.foreignLibrary() != null) {
                    i.foreignLibrary().text().ifPresent(text -> into.putIfAbsent(names.displayName(i.uri()), text));
                }
            }
        }
    }

    /** Where the file is, so that its imports resolve: its path, or for text from elsewhere its display name. */
    private static URI uriOf(SourceFile file) {
        Path path = file.path() != null ? file.path() : Path.of(file.displayName());
        return URI.createFileURI(path.toAbsolutePath().normalize().toString());
    }
}
