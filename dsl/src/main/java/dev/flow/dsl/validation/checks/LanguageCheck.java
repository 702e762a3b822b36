package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import java.util.function.Consumer;

/**
 * A rule that only the language can check, because the graph model no longer shows what it is
 * about (how the text was written). Semantic rules belong to the shared checker instead.
 */
interface LanguageCheck {

    void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report);
}
