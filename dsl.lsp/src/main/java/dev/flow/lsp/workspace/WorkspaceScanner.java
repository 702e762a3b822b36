package dev.flow.lsp.workspace;

import dev.flow.frontend.WorkflowFiles;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.util.IAcceptor;
import org.eclipse.xtext.util.IFileSystemScanner;

/**
 * The Flow files of a workspace folder, for the server's first build: regular {@code .flow} files
 * ({@link WorkflowFiles#isFlowSource}), without descending into hidden folders ({@code .git},
 * {@code .flow}), dependencies or build output (nor into linked folders, which may loop). Xtext's own scanner walks everything, folders
 * included, and offers every path it meets to the build.
 */
public final class WorkspaceScanner implements IFileSystemScanner {

    @Override
    public void scan(URI root, IAcceptor<URI> acceptor) {
        if (root == null || !root.isFile()) {
            return;
        }
        Path start = Path.of(root.toFileString());
        if (!Files.isDirectory(start)) {
            return;
        }
        try {
            Files.walkFileTree(start, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    boolean searched = dir.equals(start) || WorkflowFiles.isSearchedFolder(dir.getFileName().toString());
                    return searched ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    boolean regular = attributes.isRegularFile() || attributes.isSymbolicLink() && Files.isRegularFile(file);
                    if (regular && WorkflowFiles.isFlowSource(file.getFileName().toString())) {
                        acceptor.accept(uriOf(file));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // an unreadable folder holds nothing the server can build
                }
            });
        } catch (IOException e) {
            // the walk itself failed: the files found so far are all there is to build
        }
    }

    /** A file's URI in the form Xtext's own scanner gives it, so that both name a file the same way. */
    static URI uriOf(Path file) {
        return URI.createURI(file.toAbsolutePath().toUri().toString());
    }
}
