package dev.flow.lsp.workspace;

import dev.flow.frontend.WorkflowFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.FileChangeType;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.resource.IResourceDescriptions;

/**
 * What the changes an editor's file watcher reports mean to the server. Watchers report folders
 * too ({@code .flow/} when a run creates its database, a folder named {@code x.flow}) and whatever
 * lies in hidden folders and {@code node_modules}; Xtext would try to load each as a Flow file, and
 * a folder that fails to load stays queued, failing every later build. Here only Flow files in
 * searched folders are built; a created folder stands for the Flow files in it, a deleted one for
 * the files it held; other files (a {@code gates.yaml}) are passed on for the workflows that import
 * them.
 */
public final class WatchedFiles {

    /**
     * @param dirty Flow files to build
     * @param deleted Flow files to drop from the index
     * @param others files of other kinds that changed, for the Flow files that import them
     */
    public record Changes(List<URI> dirty, List<URI> deleted, List<URI> others) {
        public boolean isEmpty() {
            return dirty.isEmpty() && deleted.isEmpty() && others.isEmpty();
        }
    }

    /** One change as the watcher reported it. */
    public record Change(URI uri, FileChangeType type) {}

    private final WorkspaceScanner scanner;
    private final Function<URI, URI> baseDirOf;
    private final Predicate<URI> isFlowFile;
    private final IResourceDescriptions index;

    /**
     * @param baseDirOf the folder of the workspace that holds a file, or null when none does
     * @param isFlowFile whether the server builds a file of this URI
     * @param index what the server has built so far
     */
    public WatchedFiles(WorkspaceScanner scanner, Function<URI, URI> baseDirOf, Predicate<URI> isFlowFile, IResourceDescriptions index) {
        this.scanner = scanner;
        this.baseDirOf = baseDirOf;
        this.isFlowFile = isFlowFile;
        this.index = index;
    }

    public Changes sort(List<Change> changes) {
        var sorted = new Changes(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (Change change : changes) {
            URI uri = withoutTrailingSeparator(change.uri());
            URI base = uri.isFile() ? baseDirOf.apply(uri) : null;
            if (base == null || !WorkflowFiles.isInSearchedFolder(Path.of(base.toFileString()), Path.of(uri.toFileString()))) {
                continue; // outside the workspace, or in a hidden folder, dependencies or build output
            }
            if (change.type() == FileChangeType.Deleted) {
                deleted(uri, sorted);
            } else {
                changed(uri, sorted);
            }
        }
        return sorted;
    }

    private void deleted(URI uri, Changes sorted) {
        if (index.getResourceDescription(uri) != null) {
            sorted.deleted().add(uri);
            return;
        }
        List<URI> held = indexedUnder(uri);
        if (!held.isEmpty()) {
            sorted.deleted().addAll(held); // a folder went, with the Flow files in it
        } else if (!isFlowFile.test(uri)) {
            sorted.others().add(uri);
        }
    }

    private void changed(URI uri, Changes sorted) {
        Path path = Path.of(uri.toFileString());
        if (Files.isDirectory(path)) {
            if (WorkflowFiles.isSearchedFolder(path.getFileName().toString())) {
                scanner.scan(uri, sorted.dirty()::add); // a folder came, with the Flow files in it
            }
        } else if (Files.isRegularFile(path)) {
            (isFlowFile.test(uri) ? sorted.dirty() : sorted.others()).add(uri);
        }
        // else gone again already, or a pipe or socket: nothing to read
    }

    private List<URI> indexedUnder(URI folder) {
        String prefix = folder.toString() + "/";
        var held = new ArrayList<URI>();
        for (IResourceDescription description : index.getAllResourceDescriptions()) {
            if (description.getURI().toString().startsWith(prefix)) {
                held.add(description.getURI());
            }
        }
        return held;
    }

    private static URI withoutTrailingSeparator(URI uri) {
        return uri.hasTrailingPathSeparator() ? uri.trimSegments(1) : uri;
    }
}
