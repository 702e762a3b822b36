package dev.flow.frontend;

/**
 * Turns one kind of file into the graph model. Front ends report what only they can see (syntax,
 * YAML keys, unresolvable imports); every semantic check is left to the shared checker, which
 * {@link Compiler} runs on what they produce.
 *
 * <p>The YAML and JSON front ends live in this module; the Flow language's front end lives in the
 * {@code dsl} module and is found through {@link java.util.ServiceLoader}, so the runtime never
 * depends on Xtext.
 */
public interface FrontEnd {

    /** A short name for messages, e.g. {@code flow}, {@code yaml}. */
    String name();

    /** Whether this front end reads files with this extension (lower case, no dot). */
    boolean handles(String extension);

    /**
     * Reads the file. Never throws for bad input: every problem becomes a diagnostic with a
     * position. The returned compilation's diagnostics must not include checker diagnostics.
     */
    Compilation load(SourceFile file, LoadOptions options);
}
