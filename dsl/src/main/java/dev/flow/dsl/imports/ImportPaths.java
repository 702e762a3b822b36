package dev.flow.dsl.imports;

import org.eclipse.emf.common.util.URI;

/** Where an {@code import "..."} points: a path relative to the importing file, or an absolute one. */
public final class ImportPaths {
    private ImportPaths() {}

    /** The imported file's URI, or null when the written path is not a usable URI. */
    public static URI resolve(String written, URI importer) {
        // No file name holds a NUL or another control character; such a path is reported as
        // unreadable instead of failing deep inside the file system.
        if (written == null || written.isBlank() || written.chars().anyMatch(Character::isISOControl)) {
            return null;
        }
        try {
            URI uri = written.startsWith("/") ? URI.createFileURI(written) : URI.createURI(written);
            if (uri.isRelative() && importer != null && importer.isHierarchical() && !importer.isRelative()) {
                uri = uri.resolve(importer);
            }
            return uri;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether the URI names a file in the Flow language (which Xtext loads itself). */
    public static boolean isFlowFile(URI uri) {
        return "flow".equalsIgnoreCase(uri.fileExtension());
    }
}
