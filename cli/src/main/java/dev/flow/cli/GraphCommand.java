package dev.flow.cli;

import dev.flow.frontend.Compilation;
import dev.flow.model.Workflow;
import dev.flow.render.GraphRenderer;
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

/** {@code flow graph FILE --format mermaid|dot}: the workflow as a picture source. */
@Command(name = "graph", mixinStandardHelpOptions = true,
        description = {"Print a workflow as Mermaid or Graphviz DOT source: node kinds as shapes, loop limits on their edges.",
                "A workflow with errors is still drawn when it can be (problems go to standard error).",
                "Exit status: 0 drawn without errors, 1 errors, 2 usage or I/O problems."})
final class GraphCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The workflow to draw.")
    Path file;

    @Option(names = "--format", paramLabel = "mermaid|dot", defaultValue = "mermaid", description = "mermaid (default) or dot.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Where to write the picture source (default: standard output).")
    Path output;

    @Option(names = "--subworkflow", paramLabel = "NAME", description = "Draw this called workflow instead of the main one.")
    String subworkflow;

    @Mixin
    InputOptions input;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class, description = "Colour the diagnostics.")
    ColorMode color;

    @Override
    public Integer call() throws IOException {
        GraphRenderer renderer = GraphRenderer.forFormat(format).orElseThrow(() -> new picocli.CommandLine.ParameterException(
                spec.commandLine(), "--format must be mermaid or dot, not \"" + format + "\""));
        var err = spec.commandLine().getErr();
        Workflows.Read read = Workflows.read(file, input.toLoadOptions(), err, Ansi.choose(color));
        if (read.refused()) {
            return read.exitCode();
        }
        Compilation compilation = read.compilation();
        if (compilation.graph().isEmpty()) {
            return ExitCode.FAILED;
        }
        var graph = compilation.graph().get();
        Workflow workflow = graph.main();
        if (subworkflow != null) {
            var chosen = graph.workflow(subworkflow);
            if (chosen.isEmpty()) {
                err.println("flow graph: no workflow named \"" + subworkflow + "\" in " + file + "; it has: "
                        + String.join(", ", graph.all().stream().map(Workflow::id).toList()));
                err.flush();
                return ExitCode.USAGE;
            }
            workflow = chosen.get();
        }
        String picture = renderer.render(workflow);
        if (output == null) {
            spec.commandLine().getOut().print(picture);
            spec.commandLine().getOut().flush();
        } else {
            Files.writeString(output, picture, StandardCharsets.UTF_8);
        }
        return compilation.hasErrors() ? ExitCode.FAILED : ExitCode.OK;
    }
}
