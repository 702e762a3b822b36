package dev.flow.cli;

import dev.flow.model.json.GraphJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow compile FILE [-o OUT.json]}: the checked graph as JSON ({@code flow-graph/1}). */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Compile a workflow to its graph as JSON (format flow-graph/1), refusing one with errors.",
                "Exit status: 0 written, 1 errors (nothing written), 2 usage or I/O problems."})
final class CompileCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The workflow to compile.")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.json", description = "Where to write the graph (default: standard output).")
    Path output;

    @Mixin
    InputOptions input;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class, description = "Colour the diagnostics.")
    ColorMode color;

    @Override
    public Integer call() throws IOException {
        var err = spec.commandLine().getErr();
        Workflows.Read read = Workflows.readWithoutErrors(file, input.toLoadOptions(), err, Ansi.choose(color), "nothing written");
        if (read.refused()) {
            return read.exitCode();
        }
        String json = GraphJson.write(read.graph());
        if (output == null) {
            spec.commandLine().getOut().print(json);
            spec.commandLine().getOut().flush();
        } else {
            Files.writeString(output, json, StandardCharsets.UTF_8);
            err.println("wrote " + output);
            err.flush();
        }
        return ExitCode.OK;
    }
}
