package dev.flow.yaml.gates;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compiler;
import dev.flow.model.SourceRef;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Problems;
import dev.flow.yaml.read.YamlRead;
import dev.flow.yaml.read.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads a {@code gates.yaml} registry: a top-level {@code gates:} mapping of gate names to their
 * definitions. Never throws for bad input; every problem is a diagnostic, positioned in the registry
 * (or, when the file cannot be read at all, where it was named).
 */
public final class GateRegistryReader {
    private GateRegistryReader() {}

    /**
     * Reads the registry at {@code file}.
     *
     * @param displayName how messages name the file
     * @param namedAt where the registry was asked for (an import, or the workflow for {@code --gates}),
     *     for the diagnostic when the file cannot be read
     */
    public static GateRegistry read(Path file, String displayName, SourceRef namedAt) {
        try {
            long size = Files.size(file);
            if (size > Compiler.MAX_FILE_BYTES) {
                return unread(displayName, Diagnostic.of(Code.INPUT_TOO_LARGE, String.format(
                        "the gate registry \"%s\" is %,d bytes; Flow reads files of at most %,d bytes", displayName, size, Compiler.MAX_FILE_BYTES), namedAt));
            }
            byte[] bytes = Files.readAllBytes(file);
            try {
                return read(Compiler.decodeUtf8(bytes, displayName), displayName);
            } catch (Compiler.NotUtf8Exception e) {
                return unread(displayName, Diagnostic.of(Code.UNREADABLE_INPUT, "the gate registry " + e.getMessage(), namedAt)
                        .withRelated(List.of(new Diagnostic.Related(e.at(), "the first byte that is not UTF-8"))));
            }
        } catch (NoSuchFileException e) {
            return unread(displayName, Diagnostic.of(Code.UNKNOWN_IMPORT, "the gate registry \"" + displayName + "\" does not exist", namedAt));
        } catch (IOException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return unread(displayName, Diagnostic.of(Code.UNKNOWN_IMPORT, "the gate registry \"" + displayName + "\" cannot be read: " + why, namedAt));
        }
    }

    /** Reads registry text that is already in memory. */
    public static GateRegistry read(String text, String displayName) {
        YamlRead read = YamlReader.read(text, displayName);
        var problems = new Problems();
        problems.addAll(read.diagnostics());
        List<GateEntry> gates = List.of();
        if (read.root().isPresent()) {
            gates = Fields.of(read.root().get(), "the gate registry", read.positions().range(0, 0), problems)
                    .map(f -> gates(f, problems))
                    .orElse(List.of());
        } else if (read.diagnostics().isEmpty()) {
            problems.missing("the gate registry \"" + displayName + "\"", "gates", read.positions().range(0, 0),
                    "a registry is a mapping such as gates: {test: {command: [\"pytest\"]}}");
        }
        return new GateRegistry(displayName, gates, problems.all(), Optional.of(text));
    }

    private static List<GateEntry> gates(Fields top, Problems problems) {
        top.allowOnly(List.of("gates"));
        if (!top.map().has("gates") && !top.has("gates")) {
            top.require("gates", "a registry is a mapping such as gates: {test: {command: [\"pytest\"]}}");
            return List.of();
        }
        return top.mapping("gates", "a mapping of gate names to their definitions")
                .map(m -> GateDefinitions.read(m, problems, null))
                .orElse(List.of());
    }

    private static GateRegistry unread(String displayName, Diagnostic why) {
        return new GateRegistry(displayName, List.of(), List.of(why), Optional.empty());
    }
}
