package dev.flow.frontend;

import java.nio.file.Path;
import java.util.Locale;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which files of a project are Flow's, by name, for every tool that searches a folder for
 * workflows ({@code flow check FOLDER}, the language server's workspace scan and file watcher):
 * the {@code .flow} files outside hidden folders, dependencies and build output. Other tools' files that end in
 * {@code .flow} are not: Facebook Flow's type declarations ({@code api.js.flow}) and the folder in
 * which {@code flow run} keeps its database ({@code .flow/}). A YAML file is Flow's by its content
 * ({@link #isFlowYaml}), since YAML files of every tool end in {@code .yaml}.
 */
public final class WorkflowFiles {
    /** Folders of other tools, never searched: dependencies and build output. */
    private static final Set<String> NOT_SEARCHED = Set.of("target", "node_modules", "build", "out");
    private static final String EXTENSION = ".flow";
    /** Facebook Flow's declaration files: a JavaScript file's name followed by {@code .flow}. */
    private static final List<String> FACEBOOK_FLOW = List.of(".js.flow", ".jsx.flow", ".mjs.flow", ".cjs.flow");

    /** A top-level {@code nodes:} (a workflow of either dialect) or {@code gates:} (a registry) key. */
    private static final Pattern FLOW_YAML = Pattern.compile("(?m)^(nodes|gates)\\s*:");

    private WorkflowFiles() {}

    /** Whether a file of this name is YAML ({@code .yaml} or {@code .yml}, in any case). */
    public static boolean isYamlName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".yaml") || lower.endsWith(".yml");
    }

    /**
     * Whether YAML text is Flow's: it has a top-level {@code nodes:} key (a workflow of either
     * dialect) or {@code gates:} key (a gate registry). Other YAML (CI configurations, compose
     * files) is not Flow's to judge: {@code flow check FOLDER} skips it and the language server
     * leaves it alone.
     */
    public static boolean isFlowYaml(CharSequence text) {
        return FLOW_YAML.matcher(text).find();
    }

    /** Whether a folder of this name is searched: not hidden ({@code .git}, {@code .flow}), not dependencies or build output. */
    public static boolean isSearchedFolder(String name) {
        return !name.startsWith(".") && !NOT_SEARCHED.contains(name);
    }

    /**
     * Whether a file of this name is Flow source: {@code NAME.flow}, but not {@code .flow} alone (the
     * name of the folder {@code flow run} keeps its database in) nor a Facebook Flow declaration.
     */
    public static boolean isFlowSource(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(EXTENSION) && lower.length() > EXTENSION.length() && FACEBOOK_FLOW.stream().noneMatch(lower::endsWith);
    }

    /**
     * Whether a file under {@code root} lies in a searched folder: no folder between the root and
     * the file is hidden, dependencies or build output. Neither the root's own name nor the file's
     * counts, so that a project kept under a hidden folder is still searched.
     */
    public static boolean isInSearchedFolder(Path root, Path file) {
        Path relative = root.relativize(file);
        if (relative.startsWith("..")) {
            return false;
        }
        Path folders = relative.getParent();
        if (folders == null) {
            return true;
        }
        for (Path folder : folders) {
            if (!isSearchedFolder(folder.toString())) {
                return false;
            }
        }
        return true;
    }
}
