package dev.flow.cli;

import dev.flow.frontend.WorkflowFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The files {@code flow check} is given, with each folder replaced by the workflow files in it:
 * every {@code .flow} file, and the {@code .yaml}/{@code .yml} files with a top-level {@code nodes:}
 * (either dialect) or {@code gates:} (a registry) key; other YAML (CI configurations, compose
 * files) is not Flow's to judge, nor are Facebook Flow's {@code *.js.flow} declarations. Hidden
 * folders, dependencies and build output are not searched ({@link WorkflowFiles}).
 */
final class CheckedFiles {
    /** Enough of a file to find its top-level keys; the YAML bridge itself refuses what is too large. */
    private static final int SNIFFED = 1 << 20;

    private CheckedFiles() {}

    static List<Path> expand(List<Path> arguments) {
        var out = new ArrayList<Path>();
        for (Path argument : arguments) {
            if (Files.isDirectory(argument)) {
                List<Path> found = inFolder(argument);
                if (found.isEmpty()) {
                    throw new UserError("no workflow files in \"" + argument + "\": flow check looks there for .flow files, and .yaml or"
                            + " .yml files with a top-level nodes: or gates: key", ExitCode.USAGE);
                }
                out.addAll(found);
            } else {
                // a file named on the command line is checked whatever it holds, and a missing one reported
                out.add(argument);
            }
        }
        return out;
    }

    private static List<Path> inFolder(Path folder) {
        var found = new ArrayList<Path>();
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    boolean skipped = !dir.equals(folder) && !WorkflowFiles.isSearchedFolder(name);
                    return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    throw cannotSearch(file, e);
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile() && isWorkflowFile(file)) {
                        found.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw cannotSearch(folder, e);
        }
        found.sort(null);
        return found;
    }

    private static UserError cannotSearch(Path path, IOException e) {
        return new UserError("cannot search \"" + path + "\" for workflow files: " + FlowCli.describe(e), ExitCode.USAGE);
    }

    private static boolean isWorkflowFile(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".flow")) {
            return WorkflowFiles.isFlowSource(name);
        }
        if (!WorkflowFiles.isYamlName(name)) {
            return false;
        }
        try (var in = Files.newInputStream(file)) {
            String head = new String(in.readNBytes(SNIFFED), StandardCharsets.ISO_8859_1);
            return WorkflowFiles.isFlowYaml(head);
        } catch (IOException e) {
            return true; // let the check say why it cannot be read
        }
    }
}
