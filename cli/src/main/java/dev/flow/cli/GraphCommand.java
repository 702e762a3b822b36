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

/**
 * {@code flow graph FILE --format mermaid|dot}: the workflow as a picture source. {@code flow graph
 * EXECUTION}: the graph of an execution of the database, as it has grown (or {@code --graph-version N} of
 * it), each added node saying which node added it.
 */
@Command(name = "graph", mixinStandardHelpOptions = true,
        description = {"Print a workflow as Mermaid or Graphviz DOT source: node kinds as shapes, loop limits on their edges.",
                "A workflow with errors is still drawn when it can be (problems go to standard error).",
                "Given an execution id instead of a file (no such file exists), draws that execution's graph as it has grown at run time:"
                        + " the nodes planners added say who added them; --graph-version N draws an earlier version (0: as it started).",
                "Exit status: 0 drawn without errors, 1 errors, 2 usage or I/O problems."})
final class GraphCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE|EXECUTION", description = "The workflow to draw, or the id of an execution in the database.")
    String target;

    @Option(names = "--graph-version", paramLabel = "N", description = "With an execution: the version of its graph to draw (default: the latest).")
    Integer version;

    @Mixin
    DatabaseOptions database;

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
        Path file = Path.of(target);
        if (!Files.exists(file) && !target.contains("/") && !target.contains(".")) {
            return execution(renderer);
        }
        if (version != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--graph-version is for an execution's graph, not a file");
        }
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
        write(renderer.render(workflow));
        return compilation.hasErrors() ? ExitCode.FAILED : ExitCode.OK;
    }

    /** The graph of an execution: the version asked for, else the latest. */
    private int execution(GraphRenderer renderer) throws IOException {
        dev.flow.model.FlowGraph graph;
        try (var store = database.openExisting()) {
            graph = Engines.create(store).queries().graph(target, version);
        }
        Workflow workflow = graph.main();
        if (subworkflow != null) {
            workflow = graph.workflow(subworkflow).orElseThrow(() -> new UserError("no workflow named \"" + subworkflow + "\" in the graph of "
                    + target + "; it has: " + String.join(", ", graph.all().stream().map(Workflow::id).toList()), ExitCode.USAGE));
        }
        write(renderer.render(workflow));
        return ExitCode.OK;
    }

    private void write(String picture) throws IOException {
        if (output == null) {
            spec.commandLine().getOut().print(picture);
            spec.commandLine().getOut().flush();
        } else {
            Files.writeString(output, picture, StandardCharsets.UTF_8);
        }
    }
}
