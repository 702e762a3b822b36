package dev.flow.dsl.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import dev.flow.dsl.FlowStandaloneSetup;
import dev.flow.dsl.flow.FlowPackage;
import java.util.Set;
import org.eclipse.emf.ecore.EValidator;
import org.eclipse.xtext.testing.GlobalRegistries;
import com.google.inject.Injector;
import com.google.inject.util.Modules;
import dev.flow.check.Checker;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.FlowRuntimeModule;
import dev.flow.dsl.FlowTesting;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.Severity;
import dev.flow.model.SourceRef;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The editor shows what the shared checker finds, at the checker's positions. The checker is
 * replaced by a double through Guice, so that the mapping is tested whatever the checker finds
 * today; {@link #theRealCheckersCycleReportIsShownWhereTheCommandLineShowsIt} uses the real one.
 */
class CheckerBridgeTest {

    /** Flags every loop edge as an uncontrolled cycle, to have something at a known place. */
    private static List<Diagnostic> flagLoops(FlowGraph graph) {
        var out = new ArrayList<Diagnostic>();
        for (var w : graph.all()) {
            for (Edge e : w.edges()) {
                if (e.isLoop()) {
                    out.add(Diagnostic.of(Code.UNCONTROLLED_CYCLE, "cycle through '" + e.to().name() + "'", e.source())
                            .withSuggestions(List.of("loop max 3", "loop max 5")));
                }
            }
        }
        return out;
    }

    private static final String TEXT = """
            workflow w {
                task a
                task b
                start -> a -> b
                b -> a loop max 2
                a -> end
            }
            """;

    @Test
    void everyDiagnosticIsShownAtItsRangeWithItsCodeAndSuggestions() {
        var issues = CheckerDoubles.validate(CheckerBridgeTest::flagLoops, TEXT, Path.of("bridge.flow"));
        assertThat(issues).singleElement().satisfies(i -> {
            assertThat(i.getCode()).isEqualTo("FLOW306");
            assertThat(TEXT.substring(i.getOffset(), i.getOffset() + i.getLength())).isEqualTo("b -> a");
            assertThat(i.getLineNumber()).isEqualTo(5);
            assertThat(i.getColumn()).isEqualTo(5);
            assertThat(i.getSeverity()).isEqualTo(org.eclipse.xtext.diagnostics.Severity.ERROR);
            assertThat(i.getData()).containsExactly("loop max 3", "loop max 5");
        });
    }

    @Test
    void relatedLocationsAndTagsTravelInTheIssueDataAfterTheSuggestions() {
        Path file = Path.of("bridge.flow").toAbsolutePath();
        var issues = CheckerDoubles.validate(g -> List.of(Diagnostic.of(Code.UNREACHABLE_NODE, "unreachable", g.main().node("b").orElseThrow().source())
                .withSuggestions(List.of("a"))
                .withRelated(List.of(new Diagnostic.Related(g.main().node("a").orElseThrow().source(), "the node before")))
                .withTags(Set.of(Diagnostic.Tag.UNNECESSARY))), TEXT, file);
        assertThat(issues).singleElement().satisfies(i -> {
            assertThat(IssueData.suggestions(i.getData())).containsExactly("a");
            assertThat(IssueData.tags(i.getData())).containsExactly(Diagnostic.Tag.UNNECESSARY);
            assertThat(IssueData.related(i.getData())).singleElement().satisfies(r -> {
                assertThat(r.file()).isEqualTo(file.toUri().toString());
                assertThat(TEXT.substring(r.at().offset(), r.at().offset() + r.at().length())).isEqualTo("a");
                assertThat(r.at().line()).isEqualTo(2);
                assertThat(r.at().column()).isEqualTo(10);
                assertThat(r.message()).isEqualTo("the node before");
            });
        });
    }

    @Test
    void severitiesAreMappedAndNothingIsDropped() {
        var issues = CheckerDoubles.validate(g -> List.of(
                Diagnostic.of(Code.UNREACHABLE_NODE, "warned", g.main().node("a").orElseThrow().source()),
                Diagnostic.of(Code.UNREACHABLE_NODE, "noted", g.main().node("b").orElseThrow().source()).withSeverity(Severity.INFO),
                Diagnostic.of(Code.DEAD_END, "failed", g.main().node("b").orElseThrow().source())), TEXT, Path.of("bridge.flow"));
        assertThat(issues).extracting(Issue::getMessage, Issue::getSeverity).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("warned", org.eclipse.xtext.diagnostics.Severity.WARNING),
                org.assertj.core.groups.Tuple.tuple("noted", org.eclipse.xtext.diagnostics.Severity.INFO),
                org.assertj.core.groups.Tuple.tuple("failed", org.eclipse.xtext.diagnostics.Severity.ERROR));
    }

    @Test
    void theIssueIsOnTheInnermostElementThatCoversTheRange() {
        var issues = CheckerDoubles.validate(g -> List.of(
                Diagnostic.of(Code.UNKNOWN_NODE, "here", g.main().edges().get(0).to().source())), TEXT, Path.of("bridge.flow"));
        assertThat(issues).singleElement().satisfies(i -> assertThat(i.getUriToProblem().fragment()).contains("steps"));
    }

    @Test
    void aWorkflowCalledByAnotherIsReportedOnce() {
        String text = "workflow main { subgraph s runs helper }\nworkflow helper { task h\nh -> h loop max 1 }\n";
        var issues = CheckerDoubles.validate(CheckerBridgeTest::flagLoops, text, Path.of("bridge.flow"));
        assertThat(issues).hasSize(1);
    }

    @Test
    void aDiagnosticWithoutPositionIsShownOnTheFirstWorkflow() {
        var issues = CheckerDoubles.validate(g -> List.of(Diagnostic.of(Code.NO_EXIT, "nowhere", SourceRef.NONE)), TEXT, Path.of("bridge.flow"));
        assertThat(issues).singleElement().satisfies(i -> assertThat(i.getOffset()).isEqualTo(TEXT.indexOf(" w ") + 1));
    }

    @Test
    void aDiagnosticInAnImportedFileIsShownOnTheImport(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lib.flow"), "gate tests { timeout 0s }");
        String text = "import \"lib.flow\"\nworkflow w { gate t uses tests }";
        var issues = CheckerDoubles.validate(g -> List.of(Diagnostic.of(Code.INVALID_TIMEOUT, "zero", g.main().gates().get(0).source())),
                text, dir.resolve("main.flow"));
        assertThat(issues).singleElement().satisfies(i -> {
            assertThat(i.getCode()).isEqualTo("FLOW503");
            assertThat(text.substring(i.getOffset(), i.getOffset() + i.getLength())).isEqualTo("\"lib.flow\"");
            assertThat(i.getMessage()).endsWith("lib.flow:1:6: zero");
        });
    }

    @Test
    void theCheckerWaitsUntilTheFileParses() {
        var issues = CheckerDoubles.validate(CheckerBridgeTest::flagLoops, TEXT.replace("task b", "task b {"), Path.of("bridge.flow"));
        assertThat(issues).extracting(Issue::getCode).containsOnly("FLOW001");
    }

    /**
     * With the real checker: a cycle without loop control shows in the editor exactly where the
     * command line shows it. Runs once the shared checker reports FLOW306 (until then it is assumed
     * away, not failed: the checker is written in parallel).
     */
    @Test
    void theRealCheckersCycleReportIsShownWhereTheCommandLineShowsIt() {
        String text = "workflow w {\n    task a\n    task b\n    start -> a -> b\n    b -> a\n    a -> end\n}\n";
        var compiled = FlowTesting.compile(text);
        var cli = Checker.check(compiled.graph().orElseThrow());
        Assumptions.assumeTrue(cli.stream().anyMatch(d -> d.code() == Code.UNCONTROLLED_CYCLE),
                "the shared checker does not report uncontrolled cycles yet");
        var issues = FlowTesting.validate(FlowTesting.parse(text));
        assertThat(issues).extracting(i -> i.getCode() + "@" + i.getOffset() + "+" + i.getLength())
                .containsExactlyInAnyOrderElementsOf(cli.stream()
                        .map(d -> d.code().id() + "@" + d.source().offset() + "+" + d.source().length()).toList());
    }
}
