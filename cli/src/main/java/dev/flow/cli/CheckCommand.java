package dev.flow.cli;

import dev.flow.frontend.Compilation;
import java.nio.file.Path;
import java.util.ArrayList;
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
        var out = spec.commandLine().getOut();
        if (format.equals("json")) {
            out.println(DiagnosticPrinter.json(compilations));
            out.flush();
        } else {
            var printer = new DiagnosticPrinter(out, Ansi.choose(color));
            compilations.forEach(printer::print);
            spec.commandLine().getErr().println(DiagnosticPrinter.summary(compilations));
            spec.commandLine().getErr().flush();
        }
        // The worst file decides: an unreadable one (2) over one with errors (1).
        return compilations.stream().mapToInt(Workflows::exitCode).max().orElse(ExitCode.OK);
    }
}
