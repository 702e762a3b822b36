package dev.flow.cli;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.importer.YamlImporter;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.LoadOptions;
import dev.flow.yaml.YamlDocument;
import dev.flow.yaml.YamlWorkflowReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code flow import FILE.yaml [-o OUT.flow]}: a YAML workflow as Flow source that compiles to the
 * same graph, with its comments and descriptions, importing the gate registry it was read with.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Write a YAML workflow (either dialect) as formatted Flow source that compiles to the same graph,"
                + " keeping its comments and descriptions.",
                "Gates from a registry (--gates, or gates.yaml beside a dialect 1 workflow) stay there: the Flow source imports it.",
                "The checker's findings (unknown gates, cycles...) are reported and carried over, so that flow check reports them"
                        + " in the Flow file too. YAML errors (syntax, unknown keys, wrong types...) are refused: the import would lose"
                        + " what Flow could not read.",
                "Exit status: 0 written, 1 YAML errors or a workflow the language cannot write (nothing written),"
                        + " 2 usage or I/O problems (such as an existing output file without --force)."})
final class ImportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The YAML workflow to import (.yaml or .yml).")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.flow", description = "Where to write the Flow source (default: standard output).")
    Path output;

    @Option(names = "--force", description = "Overwrite the output file if it exists.")
    boolean force;

    @Mixin
    YamlOptions yaml;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class, description = "Colour the diagnostics.")
    ColorMode color;

    @Override
    public Integer call() throws IOException {
        checkArguments();
        var err = spec.commandLine().getErr();
        Workflows.Read read = Workflows.read(file, options(), err, Ansi.choose(color));
        if (read.refused()) {
            return read.exitCode();
        }
        Compilation compilation = read.compilation();
        // A file that gave no graph at all (not UTF-8, not YAML) was refused before the YAML reader
        // saw it: count what was printed, not what re-reading an empty text would say.
        List<Diagnostic> yamlErrors = compilation.diagnostics().stream().filter(Diagnostic::isError).toList();
        YamlDocument document = null;
        if (compilation.graph().isPresent()) {
            document = YamlWorkflowReader.read(compilation.source(), options());
            yamlErrors = document.ownDiagnostics().stream().filter(Diagnostic::isError).toList();
        }
        if (document == null || !yamlErrors.isEmpty() || document.graph().isEmpty()) {
            err.println("flow import: " + DiagnosticPrinter.plural(yamlErrors.size(), "YAML error") + " in " + file
                    + ": the import would lose what Flow could not read; fix the YAML and import again (nothing written)");
            err.flush();
            return ExitCode.FAILED;
        }
        // Without -o the text is meant to be saved beside the YAML: the registry's path starts there.
        Path target = output != null ? output : file.resolveSibling(file.getFileName().toString().replaceAll("\\.(?i:ya?ml)$", ".flow"));
        var importer = YamlImporter.create();
        String text;
        try {
            text = importer.toFlow(document, target);
        } catch (IllegalArgumentException e) {
            err.println("flow import: " + file + " cannot be written in the Flow language: " + e.getMessage() + " (nothing written)");
            err.flush();
            return ExitCode.FAILED;
        }
        var difference = importer.verify(text, target, document.graph().get());
        if (difference.isPresent()) {
            err.println("flow import: internal error: the Flow source would not compile to the graph of " + file + " ("
                    + difference.get() + "); this is a bug in Flow, please report it with the file (nothing written)");
            err.flush();
            return ExitCode.INTERNAL;
        }
        write(text);
        // The YAML reader's own warnings (FLOW609, FLOW610) are about the YAML text: the Flow source
        // writes explicitly what they warn of, so they are not carried over.
        var readerOwn = new HashSet<>(document.diagnostics());
        Compilation carried = new Compilation(compilation.source(), compilation.graph(),
                compilation.diagnostics().stream().filter(d -> !readerOwn.contains(d)).toList(), Map.of());
        String aboutYaml = readerOwn.isEmpty() ? "" : "; " + DiagnosticPrinter.plural(readerOwn.size(), "warning")
                + " above " + (readerOwn.size() == 1 ? "is" : "are") + " about the YAML text and not carried over: the Flow source writes out what "
                + (readerOwn.size() == 1 ? "it warns" : "they warn") + " of";
        if (output != null) {
            err.println("wrote " + output + carriedOver(carried) + aboutYaml);
        } else if (!carried.diagnostics().isEmpty() || !readerOwn.isEmpty()) {
            err.println((carried.diagnostics().isEmpty() ? "no problems" : DiagnosticPrinter.summary(List.of(carried)).replace(" in 1 file", ""))
                    + " carried over into the Flow source" + aboutYaml);
        }
        err.flush();
        return ExitCode.OK;
    }

    /** Refuses what is not a YAML file, an output that is not a Flow file, and an existing output without --force. */
    private void checkArguments() {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".yaml") && !name.endsWith(".yml")) {
            throw new UserError("\"" + file + "\" is not a YAML file: flow import reads .yaml and .yml workflows", ExitCode.USAGE);
        }
        if (output != null && !output.toString().endsWith(".flow")) {
            throw new UserError("the output of flow import is Flow source: name it with .flow, not \"" + output + "\"", ExitCode.USAGE);
        }
        if (output != null && !force && Files.exists(output)) {
            throw new UserError("\"" + output + "\" exists; use --force to overwrite it", ExitCode.USAGE);
        }
    }

    private LoadOptions options() {
        return new LoadOptions(yaml.gatesFiles(), yaml.dialectName(), Optional.empty());
    }

    private void write(String text) throws IOException {
        if (output == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
            return;
        }
        try {
            // CREATE_NEW: a file that appeared since the check above is still not overwritten.
            Files.writeString(output, text, StandardCharsets.UTF_8, force
                    ? new StandardOpenOption[] {StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE}
                    : new StandardOpenOption[] {StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE});
        } catch (FileAlreadyExistsException e) {
            throw new UserError("\"" + output + "\" exists; use --force to overwrite it", ExitCode.USAGE);
        }
    }

    /** What the user should know about the written file: the problems it carries over from the YAML. */
    private static String carriedOver(Compilation compilation) {
        if (compilation.diagnostics().isEmpty()) {
            return "";
        }
        return "; it carries over the YAML's " + DiagnosticPrinter.summary(List.of(compilation)).replace(" in 1 file", "")
                + " (flow check reports them in the Flow file too)";
    }
}
