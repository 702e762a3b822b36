package dev.flow.dsl.ide.yaml;

import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.frontend.WorkflowFiles;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One YAML document as Flow read it: its text and, when the text is Flow's, what the pipeline of
 * {@code flow check} made of it. Diagnostics name files by their absolute path (the registry read
 * beside a workflow too), so that each one maps back to an address.
 *
 * @param compilation empty when the text is not a Flow workflow or registry
 */
public record YamlFile(String uri, String text, Optional<Compilation> compilation) {

    /** Reads {@code text} as the document at {@code uri}; compiles it only when it is Flow's. */
    public static YamlFile read(Compiler compiler, String uri, String text) {
        if (!WorkflowFiles.isFlowYaml(text)) {
            return new YamlFile(uri, text, Optional.empty());
        }
        Path path = pathOf(uri);
        // An unsaved buffer has no path: it is read by its address, with no registry beside it.
        var source = path != null ? new SourceFile(path, path.toString(), text) : new SourceFile(null, uri, text);
        return new YamlFile(uri, text, Optional.of(compiler.compile(source, LoadOptions.DEFAULT)));
    }

    /** Whether the document is a Flow workflow or gate registry. */
    public boolean isFlows() {
        return compilation.isPresent();
    }

    /** How diagnostics name this document. */
    public String displayName() {
        return compilation.map(c -> c.source().displayName()).orElse(uri);
    }

    /** The address of a file the diagnostics name: this document, or another file by its path. */
    public String uriOf(String displayName) {
        if (displayName.isEmpty() || displayName.equals(displayName())) {
            return uri;
        }
        Path file = Path.of(displayName);
        return file.isAbsolute() ? file.toUri().toString() : displayName;
    }

    /** The file at a {@code file:} address, or null for any other (an unsaved buffer). */
    static Path pathOf(String uri) {
        try {
            return uri.startsWith("file:") ? Path.of(URI.create(uri)) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
