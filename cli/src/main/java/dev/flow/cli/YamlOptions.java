package dev.flow.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** How to read YAML workflows: the gate registry and the dialect. Part of {@link InputOptions}; alone in {@code flow import}. */
public final class YamlOptions {

    @Option(names = "--gates", paramLabel = "GATES.yaml",
            description = "Gate registry to resolve gate names against (default: gates.yaml beside a dialect 1 YAML workflow)."
                    + " Repeat it to overlay a project's registry on a base one: a later registry wins, and its entry for a gate"
                    + " the earlier ones define refines it (the keys it writes replace, the others stay).")
    List<Path> gates = List.of();

    @Option(names = "--dialect", paramLabel = "1|2",
            description = "YAML dialect to read (default: detected from the top-level keys).")
    String dialect;

    List<Path> gatesFiles() {
        return gates;
    }

    Optional<String> dialectName() {
        return Optional.ofNullable(dialect);
    }
}
