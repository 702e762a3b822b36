package dev.flow.frontend;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the user said about how to read a file.
 *
 * @param gatesFiles {@code gates.yaml} registries to resolve gate names against ({@code --gates},
 *     repeatable): each later one overlays the ones before it (see {@code docs/yaml.md})
 * @param dialect a YAML dialect to force ({@code --dialect 1|2}); empty to detect it
 * @param workflow which workflow of a file that holds several to take ({@code --workflow})
 */
public record LoadOptions(List<Path> gatesFiles, Optional<String> dialect, Optional<String> workflow) {
    public static final LoadOptions DEFAULT = new LoadOptions(List.of(), Optional.empty(), Optional.empty());

    public LoadOptions {
        gatesFiles = gatesFiles == null ? List.of() : List.copyOf(gatesFiles);
        dialect = dialect == null ? Optional.empty() : dialect;
        workflow = workflow == null ? Optional.empty() : workflow;
    }

    public LoadOptions withGatesFile(Path gates) {
        return withGatesFiles(gates == null ? List.of() : List.of(gates));
    }

    public LoadOptions withGatesFiles(List<Path> gates) {
        return new LoadOptions(gates, dialect, workflow);
    }
}
