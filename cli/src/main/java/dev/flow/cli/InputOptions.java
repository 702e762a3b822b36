package dev.flow.cli;

import dev.flow.frontend.LoadOptions;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** How to read workflow files: shared by every verb that takes one. */
public final class InputOptions {

    @Option(names = "--gates", paramLabel = "GATES.yaml",
            description = "Gate registry to resolve gate names against (default: gates.yaml beside a YAML workflow).")
    Path gates;

    @Option(names = "--dialect", paramLabel = "1|2",
            description = "YAML dialect to read (default: detected from the top-level keys).")
    String dialect;

    @Option(names = "--workflow", paramLabel = "NAME",
            description = "Which workflow to take from a file that holds several.")
    String workflow;

    LoadOptions toLoadOptions() {
        return new LoadOptions(Optional.ofNullable(gates), Optional.ofNullable(dialect), Optional.ofNullable(workflow));
    }
}
