package dev.flow.dsl.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.FlowTesting;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command line and the editor report the same problems at the same places: for each fixture,
 * the front end's diagnostics plus the checker's equal the editor's issues (code, severity, offset,
 * length), with the same checker double on both sides. Choosing a workflow (FLOW004) and the note
 * on files without one are the command line's business only.
 */
class AgreementTest {

    /** A stand-in for the shared checker: loop edges (FLOW306 at the edge) and edges to unknown nodes (FLOW201 at the name). */
    static List<Diagnostic> fakeChecker(FlowGraph graph) {
        var out = new ArrayList<Diagnostic>();
        for (var w : graph.all()) {
            for (Edge e : w.edges()) {
                if (e.isLoop()) {
                    out.add(Diagnostic.of(Code.UNCONTROLLED_CYCLE, "loop " + e.id(), e.source()));
                }
                if (w.node(e.to().name()).isEmpty()) {
                    out.add(Diagnostic.of(Code.UNKNOWN_NODE, "unknown " + e.to().name(), e.to().source()).withSuggestions(List.of("a")));
                }
            }
        }
        return out;
    }

    static Stream<Path> fixtures() throws IOException, URISyntaxException {
        Path dir = Path.of(AgreementTest.class.getResource("/agreement").toURI());
        try (var files = Files.list(dir)) {
            return files.sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void theCommandLineAndTheEditorAgree(Path fixture) throws IOException {
        String text = Files.readString(fixture);
        var compilation = FlowTesting.compile(fixture, fixture.toString());
        Set<String> cli = new LinkedHashSet<>();
        for (Diagnostic d : compilation.diagnostics()) {
            if (d.code() != Code.AMBIGUOUS_WORKFLOW && d.code() != Code.UNREADABLE_INPUT) {
                cli.add(key(d.code().id(), d.severity().label(), d.source().offset(), d.source().length()));
            }
        }
        if (compilation.graph().isPresent()) {
            fakeChecker(compilation.graph().get()).forEach(d -> cli.add(key(d.code().id(), d.severity().label(), d.source().offset(), d.source().length())));
        } else if (compilation.diagnostics().stream().anyMatch(d -> d.code() == Code.AMBIGUOUS_WORKFLOW)) {
            // The editor checks every workflow of a file; the command line checks the one chosen.
            for (var name : List.of("first", "second")) {
                var chosen = new dev.flow.dsl.frontend.FlowFrontEnd().load(new dev.flow.frontend.SourceFile(fixture, fixture.toString(), text),
                        new dev.flow.frontend.LoadOptions(List.of(), Optional.empty(), Optional.of(name)));
                fakeChecker(chosen.graph().orElseThrow()).forEach(d -> cli.add(key(d.code().id(), d.severity().label(), d.source().offset(), d.source().length())));
            }
        }
        var editor = CheckerDoubles.validate(AgreementTest::fakeChecker, text, fixture).stream()
                .map(i -> key(i.getCode(), i.getSeverity().name().toLowerCase(Locale.ROOT), i.getOffset(), i.getLength()))
                .toList();
        assertThat(editor).containsExactlyInAnyOrderElementsOf(cli);
        if (!fixture.getFileName().toString().equals("clean.flow")) {
            assertThat(cli).as("each fixture but clean.flow shows something").isNotEmpty();
        }
    }

    private static String key(String code, String severity, int offset, int length) {
        return code + " " + severity + " @" + offset + "+" + length;
    }
}
