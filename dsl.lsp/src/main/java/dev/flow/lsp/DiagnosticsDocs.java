package dev.flow.lsp;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the diagnostics catalog is, for the links on diagnostic codes: the {@code
 * docs/diagnostics.md} that ships beside the server (a Flow checkout, an install, the VS Code
 * extension), else the published catalog.
 */
final class DiagnosticsDocs {
    /** The published catalog; each code's entry is at {@code #flow306-uncontrolled-cycle} and so on. */
    static final String PUBLISHED = "https://flow.dev/docs/diagnostics";

    private DiagnosticsDocs() {}

    static String locate() {
        try {
            var location = FlowLanguageServer.class.getProtectionDomain().getCodeSource();
            if (location == null) {
                return PUBLISHED;
            }
            Path dir = Path.of(location.getLocation().toURI()).getParent();
            // server jar in dsl.lsp/target, cli/target or an extension's server/ folder
            for (int up = 0; up < 3 && dir != null; up++, dir = dir.getParent()) {
                Path catalog = dir.resolve("docs").resolve("diagnostics.md");
                if (Files.isRegularFile(catalog)) {
                    return catalog.toUri().toString();
                }
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            // A class loaded from somewhere that is not a file: use the published catalog.
        }
        return PUBLISHED;
    }
}
