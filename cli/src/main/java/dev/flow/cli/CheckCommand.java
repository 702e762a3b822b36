package dev.flow.cli;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow check FILE...}: every problem in every file, before anything runs. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Check workflows (.flow, .yaml, .yml, compiled .json) and print every problem."
                + " A folder stands for the workflow files in it and below: .flow files, and YAML files with a top-level"
                + " nodes: or gates: key (hidden folders, target, build, out and node_modules are not searched).",
                "Exit status: 0 no errors (warnings allowed), 1 errors, 2 usage or I/O problems."})
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Workflow files, or folders of them, to check.")
    List<Path> files;

    @Mixin
    InputOptions input;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "text (FILE:LINE:COL: severity CODE: message, with the source line) or json (an array of objects).")
    String format;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class, description = "Colour the text output.")
    ColorMode color;

    @Override
    public Integer call() {
        if (!format.equals("text") && !format.equals("json")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--format must be text or json, not \"" + format + "\"");
        }
        var compilations = new ArrayList<Compilation>();
        for (Path file : CheckedFiles.expand(files)) {
            compilations.add(Workflows.compile(file, input.toLoadOptions()));
        }
        int exit = compilations.stream().mapToInt(Workflows::exitCode).max().orElse(ExitCode.OK);
        var shown = once(compilations);
        var out = spec.commandLine().getOut();
        if (format.equals("json")) {
            out.println(DiagnosticPrinter.json(shown));
            out.flush();
        } else {
            var printer = new DiagnosticPrinter(out, Ansi.choose(color));
            shown.forEach(printer::print);
            spec.commandLine().getErr().println(DiagnosticPrinter.summary(shown));
            spec.commandLine().getErr().flush();
        }
        // The worst file decides: an unreadable one (2) over one with errors (1).
        return exit;
    }

    /**
     * Each diagnostic once: a file checked on its own and read by another checked file (a
     * {@code gates.yaml} beside a dialect 1 workflow, a library a workflow imports) had its problems
     * reported by both, twice at one spot ({@code flow check *.yaml}).
     */
    static List<Compilation> once(List<Compilation> compilations) {
        var seen = new HashSet<Diagnostic>();
        var out = new ArrayList<Compilation>();
        for (Compilation c : compilations) {
            var fresh = c.diagnostics().stream().filter(seen::add).toList();
            out.add(fresh.size() == c.diagnostics().size() ? c : new Compilation(c.source(), c.graph(), fresh, c.sources(), c.misread()));
        }
        return out;
    }
}
