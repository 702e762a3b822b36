package dev.flow.frontend;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the user said about how to read a file.
 *
 * @param gatesFile a {@code gates.yaml} registry to resolve gate names against ({@code --gates})
 * @param dialect a YAML dialect to force ({@code --dialect 1|2}); empty to detect it
 * @param workflow which workflow of a file that holds several to take ({@code --workflow})
 */
public record LoadOptions(Optional<Path> gatesFile, Optional<String> dialect, Optional<String> workflow) {
    public static final LoadOptions DEFAULT = new LoadOptions(Optional.empty(), Optional.empty(), Optional.empty());

    public LoadOptions {
        gatesFile = gatesFile == null ? Optional.empty() : gatesFile;
        dialect = dialect == null ? Optional.empty() : dialect;
        workflow = workflow == null ? Optional.empty() : workflow;
    }

    public LoadOptions withGatesFile(Path gates) {
        return new LoadOptions(Optional.ofNullable(gates), dialect, workflow);
    }
}
