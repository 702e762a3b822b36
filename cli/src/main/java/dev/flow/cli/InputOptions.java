package dev.flow.cli;

import dev.flow.frontend.LoadOptions;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How to read workflow files: shared by every verb that takes one. */
public final class InputOptions {

    @Mixin
    YamlOptions yaml;

    @Option(names = "--workflow", paramLabel = "NAME",
            description = "Which workflow to take from a file that holds several.")
    String workflow;

    LoadOptions toLoadOptions() {
        return new LoadOptions(yaml.gatesFiles(), yaml.dialectName(), Optional.ofNullable(workflow));
    }
}
