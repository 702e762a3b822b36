package dev.flow.dsl.validation.checks;

import com.google.inject.Inject;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.NearestNames;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.imports.Imports;
import dev.flow.yaml.gates.GateOverlay;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.eclipse.emf.common.util.URI;

/**
 * FLOW209 for an import that points at nothing readable (with the nearest file name in that
 * folder), the syntax errors (FLOW001) of imported {@code .flow} libraries, at their place in the
 * library, and the problems of imported registries (FLOW606 for a gate that no registry, combined
 * in import order, gives a command).
 */
final class ImportCheck implements LanguageCheck {

    private final Imports imports;

    @Inject
    ImportCheck(Imports imports) {
        this.imports = imports;
    }

    /** The path with control characters written as escapes, so that the message shows them. */
    private static String visible(String written) {
        var out = new StringBuilder();
        written.codePoints().forEach(c -> out.append(Character.isISOControl(c) ? String.format("\\u%04x", c) : Character.toString(c)));
        return out.toString();
    }

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        for (Imports.Resolved r : imports.of(file, positions.names())) {
            var at = positions.of(r.statement(), FlowPackage.Literals.IMPORT__IMPORT_URI);
            String written = r.statement().getImportURI();
            if (r.uri() == null) {
                report.accept(Diagnostic.of(Code.UNKNOWN_IMPORT, "\"" + visible(written) + "\" is not a path Flow can read"
                        + (written.chars().anyMatch(Character::isISOControl) ? ": it holds a control character" : ""), at));
            } else if (!r.exists()) {
                var suggestions = siblings(r.uri(), written);
                String hint = suggestions.isEmpty() ? "" : "; did you mean \"" + suggestions.get(0) + "\"?";
                report.accept(Diagnostic.of(Code.UNKNOWN_IMPORT,
                        "cannot find \"" + written + "\" (looked for " + positions.names().displayName(r.uri()) + ")" + hint, at)
                        .withSuggestions(suggestions));
            } else if (r.foreignLibrary() != null) {
                r.foreignLibrary().unreadable().ifPresent(why -> report.accept(Diagnostic.of(Code.UNKNOWN_IMPORT, why, at)));
                r.foreignLibrary().diagnostics().forEach(report);
            } else if (r.flowLibrary() == null) {
                report.accept(Diagnostic.of(Code.UNKNOWN_IMPORT, "\"" + written + "\" cannot be read as a Flow file", at));
            } else {
                SyntaxErrors.of(r.flowLibrary(), positions).forEach(report);
            }
        }
        // A registry entry may refine a gate of a registry imported before it; one that no import
        // gives a command is reported once the imports are combined.
        GateOverlay.missingCommands(imports.foreignEntries(file, positions.names())).forEach(report);
    }

    /** Import paths to files beside the missing one whose names are close to it. */
    private static List<String> siblings(URI missing, String written) {
        if (!missing.isFile()) {
            return List.of();
        }
        File dir = new File(missing.toFileString()).getParentFile();
        String[] names = dir == null ? null : dir.list();
        if (names == null) {
            return List.of();
        }
        String prefix = written.contains("/") ? written.substring(0, written.lastIndexOf('/') + 1) : "";
        return NearestNames.of(missing.lastSegment(), Arrays.asList(names)).stream().map(n -> prefix + n).toList();
    }
}
