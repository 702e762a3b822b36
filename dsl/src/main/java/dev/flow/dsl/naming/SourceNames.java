package dev.flow.dsl.naming;

import java.nio.file.Path;
import org.eclipse.emf.common.util.URI;

/**
 * How diagnostics and {@link dev.flow.model.SourceRef}s name the files of a compilation: the main
 * file under the name the user gave it ({@code examples/debug_loop.flow}), and every file it
 * imports relative to that name ({@code examples/lib/gates.flow}), so that messages point at paths
 * the user can open.
 */
@FunctionalInterface
public interface SourceNames {

    String displayName(URI uri);

    /** Names every file by its URI: the file path for {@code file:} URIs, else the URI itself. */
    static SourceNames byUri() {
        return SourceNames::uriName;
    }

    /**
     * Names {@code main} as {@code mainName} and every other local file by its path relative to
     * {@code main}'s folder, appended to {@code mainName}'s folder.
     */
    static SourceNames relativeTo(URI main, String mainName) {
        return uri -> {
            if (uri.equals(main)) {
                return mainName;
            }
            if (uri.isFile() && main.isFile()) {
                Path mainDir = Path.of(main.toFileString()).toAbsolutePath().getParent();
                Path relative = mainDir.relativize(Path.of(uri.toFileString()).toAbsolutePath());
                Path shownDir = Path.of(mainName).getParent();
                return (shownDir == null ? relative : shownDir.resolve(relative)).normalize().toString();
            }
            return uriName(uri);
        };
    }

    private static String uriName(URI uri) {
        return uri.isFile() ? uri.toFileString() : uri.toString();
    }
}
