package dev.flow.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Injector;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.frontend.FlowFrontEnd;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.FlowGraph;
import dev.flow.model.Workflow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

/** Reading Flow text the way the tools do: through the front end, or as an Xtext resource for the editor's view. */
public final class FlowTesting {
    private FlowTesting() {}

    /**
     * The workflows and libraries of the repository's {@code examples/} that are meant to be valid:
     * every {@code .flow} file but the deliberately broken ones of {@code examples/invalid/}.
     */
    public static Stream<Path> validExamples() throws IOException {
        Path dir = Path.of("").toAbsolutePath().getParent().resolve("examples");
        assertThat(dir).as("the repository's examples folder").isDirectory();
        try (var files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".flow") && !p.startsWith(dir.resolve("invalid"))).sorted().toList().stream();
        }
    }

    public static Injector injector() {
        return FlowFrontEnd.injector();
    }

    /** Compiles text as the command line does (without the shared checker). */
    public static Compilation compile(String text) {
        return new FlowFrontEnd().load(new SourceFile(null, "test.flow", text), LoadOptions.DEFAULT);
    }

    public static Compilation compile(Path file, String displayName) {
        try {
            return new FlowFrontEnd().load(new SourceFile(file, displayName, Files.readString(file)), LoadOptions.DEFAULT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The graph of text that must compile without any diagnostic. */
    public static FlowGraph graph(String text) {
        Compilation c = compile(text);
        assertThat(c.diagnostics()).as("diagnostics of\n" + text).isEmpty();
        assertThat(c.graph()).isPresent();
        return c.graph().get();
    }

    /** The main workflow of text that must compile cleanly. */
    public static Workflow workflow(String text) {
        return graph(text).main();
    }

    /** Text parsed and linked as an editor holds it, in a fresh resource set. */
    public static XtextResource parse(String text) {
        return parse(text, URI.createFileURI(Path.of("test.flow").toAbsolutePath().toString()));
    }

    public static XtextResource parse(Path file) {
        try {
            return parse(Files.readString(file), URI.createFileURI(file.toAbsolutePath().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static XtextResource parse(String text, URI uri) {
        XtextResourceSet set = injector().getInstance(XtextResourceSet.class);
        XtextResource resource = (XtextResource) set.createResource(uri);
        try {
            resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), set.getLoadOptions());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return resource;
    }

    public static FlowFile root(XtextResource resource) {
        return (FlowFile) resource.getContents().get(0);
    }

    /** What the editor shows for a resource: every issue of every check. */
    public static List<Issue> validate(XtextResource resource) {
        return resource.getResourceServiceProvider().get(IResourceValidator.class)
                .validate(resource, CheckMode.ALL, CancelIndicator.NullImpl);
    }

    /** Diagnostics as {@code CODE line:column message} lines, for readable assertions. */
    public static String lines(List<Diagnostic> diagnostics) {
        return diagnostics.stream()
                .map(d -> d.code().id() + " " + d.source().line() + ":" + d.source().column() + " " + d.message())
                .collect(Collectors.joining("\n"));
    }

    /** A workflow around some members, for short tests. */
    public static String wrap(String members) {
        return "workflow w {\n" + members + "\n}\n";
    }
}
