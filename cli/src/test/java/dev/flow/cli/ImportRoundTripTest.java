package dev.flow.cli;

import static dev.flow.yaml.YamlTestSupport.corpus;
import static dev.flow.yaml.YamlTestSupport.repositoryRoot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.frontend.FlowSourceFormatter;
import dev.flow.dsl.importer.YamlImporter;
import dev.flow.dsl.print.FlowPrinter;
import dev.flow.dsl.print.PrintComments;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.json.GraphJson;
import dev.flow.yaml.YamlWorkflowGenerator;
import dev.flow.yaml.read.YamlComment;
import dev.flow.yaml.read.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The import round trip on every YAML example, every corpus workflow and generated workflows of
 * both dialects: {@code flow import} writes formatted, stable Flow source that keeps every comment,
 * compiles to the YAML's graph, and that {@code flow check} finds the same problems in, on the same
 * elements.
 */
class ImportRoundTripTest {

    private static final Compiler COMPILER = Compiler.withInstalledFrontEnds();

    @TempDir
    static Path generated;

    @TempDir
    Path out;

    static Stream<Arguments> workflows() throws IOException {
        var all = new ArrayList<Arguments>();
        for (Path folder : List.of(repositoryRoot().resolve("examples/yaml"), corpus("supervisor-yaml"))) {
            try (var files = Files.list(folder)) {
                files.filter(f -> f.toString().endsWith(".yaml") && !f.getFileName().toString().endsWith("gates.yaml")).sorted()
                        .forEach(f -> all.add(Arguments.of(folder.getFileName() + "/" + f.getFileName(), f, List.of())));
            }
        }
        Path corpusGates = corpus("supervisor-yaml", "gates.yaml");
        all.add(Arguments.of("parallel_review.yaml --gates", corpus("supervisor-yaml", "parallel_review.yaml"),
                List.of("--gates", corpusGates.toString())));
        // A few hundred nodes of every kind each dialect has, with loops, fan-outs and state updates.
        all.add(Arguments.of("generated dialect 1", Files.writeString(generated.resolve("generated-1.yaml"), YamlWorkflowGenerator.dialect1(300)),
                List.of()));
        all.add(Arguments.of("generated dialect 2", Files.writeString(generated.resolve("generated-2.yaml"), YamlWorkflowGenerator.dialect2(300)),
                List.of()));
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workflows")
    void importingGivesFlowSourceThatCompilesToTheSameGraphWithTheSameProblems(String name, Path yaml, List<String> options) throws Exception {
        Path flow = out.resolve(yaml.getFileName().toString().replace(".yaml", ".flow"));
        String text = importTo(yaml, flow, options);

        LoadOptions load = options.isEmpty() ? LoadOptions.DEFAULT : LoadOptions.DEFAULT.withGatesFile(Path.of(options.get(1)));
        Compilation fromYaml = COMPILER.compile(yaml, yaml.toString(), load);
        Compilation fromFlow = COMPILER.compile(flow, flow.toString(), LoadOptions.DEFAULT);
        assertThat(GraphJson.writeWithoutSources(fromFlow.graph().orElseThrow()))
                .as("the graph of the imported source:\n" + text)
                .isEqualTo(GraphJson.writeWithoutSources(fromYaml.graph().orElseThrow()));
        assertSameProblems(fromYaml, fromFlow);

        assertThat(importTo(yaml, flow, append(options, "--force"))).as("importing again").isEqualTo(text);
        assertThat(printedAgain(fromFlow, text)).as("printing the compiled Flow source again, comments aside").isEqualTo(withoutComments(text));
        assertThat(FlowSourceFormatter.create().format(text)).as("the formatter changes nothing").isEqualTo(text);
        for (YamlComment comment : YamlReader.read(Files.readString(yaml), yaml.toString()).comments()) {
            String line = comment.text().isBlank() ? "//" : "// " + comment.text().stripTrailing();
            assertThat(text.lines().map(String::strip)).as("the comment at line " + comment.line()).contains(line);
        }
    }

    private static String importTo(Path yaml, Path flow, List<String> options) throws IOException {
        var args = new ArrayList<>(List.of("import", yaml.toString(), "-o", flow.toString()));
        args.addAll(options);
        Cli r = Cli.run(args.toArray(String[]::new));
        assertThat(r.exit()).as(r.err()).isZero();
        return Files.readString(flow);
    }

    /** The Flow source's graph printed again, with its imports and without the gates they provide. */
    private static String printedAgain(Compilation flow, String text) {
        var graph = YamlImporter.keepGates(flow.graph().orElseThrow(), g -> g.source().file().equals(flow.source().displayName()));
        var imports = text.lines().filter(l -> l.startsWith("import \"")).map(l -> l.substring(8, l.length() - 1)).toList();
        return withoutComments(FlowPrinter.create().print(graph, PrintComments.NONE, imports));
    }

    private static String withoutComments(String text) {
        return text.lines().filter(l -> !l.isBlank() && !l.strip().startsWith("//")).collect(Collectors.joining("\n"));
    }

    /** The same diagnostics (code, severity, message) on the same elements, as many of each. */
    private static void assertSameProblems(Compilation yaml, Compilation flow) {
        var yamlElements = new DiagnosticElements(yaml.graph().orElseThrow());
        var flowElements = new DiagnosticElements(flow.graph().orElseThrow());
        List<Diagnostic> unmatched = new ArrayList<>(flow.diagnostics());
        var missing = new ArrayList<String>();
        for (Diagnostic d : yaml.diagnostics()) {
            if (d.code() == dev.flow.diagnostic.Code.YAML_UNCONDITIONED_GATE_EDGE) {
                continue; // about the YAML only: the Flow source writes "when passed" on the edge
            }
            var on = yamlElements.on(d.source());
            var match = unmatched.stream().filter(f -> f.code() == d.code() && f.severity() == d.severity() && f.message().equals(d.message())
                    && flowElements.on(f.source()).stream().anyMatch(on::contains)).findFirst();
            if (match.isPresent()) {
                unmatched.remove(match.get());
            } else {
                missing.add(yamlElements.describe(d));
            }
        }
        assertThat(missing).as("reported in the YAML but not in the Flow source").isEmpty();
        assertThat(unmatched.stream().map(flowElements::describe).toList()).as("reported in the Flow source only").isEmpty();
    }

    private static List<String> append(List<String> list, String item) {
        var out = new ArrayList<>(list);
        out.add(item);
        return out;
    }
}
