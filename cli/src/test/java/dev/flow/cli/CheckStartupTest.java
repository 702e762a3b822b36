package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.yaml.YamlTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a short command leaves out of its start, counted in the classes a real process loads (the
 * JVM's class-loading log) rather than timed: the models of the other verbs (of every verb, for
 * {@code flow --version}), the Guice injector of Xtext's Terminals language, picocli's converters
 * for {@code java.sql} and {@code java.time}, and for YAML all of Xtext and Guice. bench/README.md's
 * start-up section has what each costs. Three JVM starts (a few seconds on a loaded machine).
 */
class CheckStartupTest {

    @TempDir
    Path dir;

    @Test
    void aFlowFileBuildsOnlyTheCheckVerbAndOneInjector() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.flow"), "workflow tiny {\n    task a { sh \"true\" }\n    start -> a -> end\n}\n");
        Set<String> loaded = classesLoadedBy("check", file.toString());

        assertThat(loaded).contains("dev.flow.cli.CheckCommand", "dev.flow.cli.InputOptions", "com.google.inject.Injector");
        assertThat(loaded).as("the options of verbs other than check").doesNotContain("dev.flow.cli.DatabaseOptions", "dev.flow.cli.DriveOptions");
        assertThat(loaded).as("Terminals' injector, which nothing asks a service of")
                .doesNotContain("org.eclipse.xtext.common.TerminalsRuntimeModule");
    }

    @Test
    void theVersionBuildsNoVerb() throws Exception {
        Set<String> loaded = classesLoadedBy("--version");

        assertThat(loaded).contains("dev.flow.cli.FlowCli$Version").doesNotContain("dev.flow.cli.CheckCommand", "dev.flow.cli.RunCommand");
    }

    @Test
    void aYamlFileLoadsNeitherXtextNorGuice() throws Exception {
        Path file = YamlTestSupport.repositoryRoot().resolve("examples/yaml/review-loop.yaml");
        Set<String> loaded = classesLoadedBy("check", file.toString());

        assertThat(loaded).contains("dev.flow.cli.CheckCommand");
        assertThat(loaded).as("picocli's converters for types no option of Flow's has").doesNotContain("java.sql.Time", "java.time.MonthDay", "java.time.YearMonth");
        assertThat(loaded.stream().filter(c -> c.startsWith("org.eclipse.xtext.") || c.startsWith("com.google.inject.")))
                .as("Xtext and Guice classes").isEmpty();
    }

    /** The classes {@code flow ARGS} loads, read from the JVM's log of class loading. */
    private Set<String> classesLoadedBy(String... args) throws Exception {
        Path log = dir.resolve("classes.log");
        FlowProcess check = FlowProcess.run(dir, Map.of("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + log), args);
        assertThat(check.exit()).as(check.err()).isZero();
        List<String> lines = Files.readAllLines(log);
        // [0.012s][info][class,load] dev.flow.cli.FlowCli source: ...
        return lines.stream().map(l -> l.substring(l.indexOf("] ", l.indexOf("class,load")) + 2).split(" ")[0]).collect(Collectors.toSet());
    }
}
