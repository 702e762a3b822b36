package dev.flow.yaml.gates;

import static dev.flow.yaml.YamlTestSupport.corpus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Command;
import dev.flow.model.GateDef;
import dev.flow.model.NameRef;
import dev.flow.model.Severity;
import dev.flow.model.SourceRef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateRegistryReaderTest {

    private static final SourceRef NAMED_AT = SourceRef.of("flow.yaml", 0, 0, 1, 1);

    @Test
    void readsTheCorpusRegistryWithPositionsInTheRegistryFile() {
        GateRegistry registry = GateRegistryReader.read(corpus("supervisor-yaml", "gates.yaml"), "gates.yaml", NAMED_AT);
        assertThat(registry.diagnostics()).isEmpty();
        assertThat(registry.gates()).extracting(GateDef::name).containsExactly("test", "lint", "type_check", "security", "format_check");
        GateDef test = registry.gate("test").orElseThrow();
        assertThat(test).isEqualTo(new GateDef("test", "Run unit tests",
                new Command.Argv(List.of("pytest", "-v", "--tb=short", "-p", "no:cacheprovider"), test.command().source()),
                Duration.ofMinutes(5), Map.of("PYTHONDONTWRITEBYTECODE", "1"), false, List.of(".coverage", "htmlcov/**", ".pytest_cache/**"),
                List.of(), Severity.ERROR, SourceRef.of("gates.yaml", test.source().offset(), 4, 7, 3)));
        assertThat(test.command().source().line()).isEqualTo(9);
        assertThat(test.command().source().column()).isEqualTo(14);
        GateDef typeCheck = registry.gate("type_check").orElseThrow();
        assertThat(typeCheck.dependsOn()).extracting(NameRef::name).containsExactly("lint");
        assertThat(typeCheck.dependsOn().get(0).source().line()).isEqualTo(26);
        assertThat(registry.gate("security").orElseThrow().severity()).isEqualTo(Severity.WARNING);
        assertThat(registry.gate("lint").orElseThrow().parallelSafe()).isTrue();
        assertThat(registry.text()).isPresent();
    }

    @Test
    void reportsEveryProblemOfARegistry() {
        String text = "gates:\n  a:\n    comand: [x]\n  b:\n    command: \"make test\"\n  c:\n    command: [x]\n    severity: fatal\n    timeout: soon\n"
                + "  a:\n    command: [y]\n";
        GateRegistry registry = GateRegistryReader.read(text, "g.yaml");
        // "comand" is one unknown key, read as the "command" it suggests: not also a missing command
        assertThat(registry.diagnostics()).extracting(Diagnostic::code).containsExactly(
                Code.YAML_UNKNOWN_GATE_KEY, Code.YAML_WRONG_TYPE, Code.YAML_INVALID_VALUE, Code.YAML_WRONG_TYPE,
                Code.YAML_DUPLICATE_KEY);
        assertThat(registry.diagnostics().get(0).suggestions()).containsExactly("command");
        assertThat(registry.gate("a").orElseThrow().command()).isNotNull();
        // So the gate is not also one without a command once the registries it overlays are known.
        assertThat(GateOverlay.missingCommands(GateRegistry.combine(List.of(registry)))).isEmpty();
        assertThat(registry.diagnostics().get(1).message())
                .isEqualTo("\"command\" of gate \"b\" must be a list of the program and its arguments, such as [\"pytest\", \"-q\"], not a string (\"make test\")");
        assertThat(registry.diagnostics()).allSatisfy(d -> assertThat(d.source().file()).isEqualTo("g.yaml"));
        assertThat(registry.gates()).extracting(GateDef::name).containsExactly("a", "b", "c");
    }

    @Test
    void reportsARegistryWithoutGates() {
        // "gate" is "gates" misspelt: reported once, and its gates read
        GateRegistry misspelt = GateRegistryReader.read("gate:\n  a: {command: [x]}\n", "g.yaml");
        assertThat(misspelt.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_UNKNOWN_KEY);
        assertThat(misspelt.gates()).extracting(GateDef::name).containsExactly("a");
        assertThat(GateRegistryReader.read("", "g.yaml").diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_MISSING_FIELD);
        assertThat(GateRegistryReader.read("- a\n", "g.yaml").diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_WRONG_TYPE);
        assertThat(GateRegistryReader.read("gates:\n", "g.yaml").diagnostics()).isEmpty();
    }

    @Test
    void reportsAMissingRegistryWhereItWasNamed(@TempDir Path dir) {
        GateRegistry registry = GateRegistryReader.read(dir.resolve("nope.yaml"), "nope.yaml", NAMED_AT);
        assertThat(registry.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.UNKNOWN_IMPORT);
        assertThat(registry.diagnostics().get(0).source()).isEqualTo(NAMED_AT);
        assertThat(registry.diagnostics().get(0).message()).isEqualTo("the gate registry \"nope.yaml\" does not exist");
        assertThat(registry.text()).isEmpty();
    }

    @Test
    void refusesARegistryThatIsNotUtf8(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gates.yaml");
        Files.write(file, new byte[] {'g', 'a', 't', 'e', 's', ':', '\n', ' ', ' ', 'a', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'});
        GateRegistry registry = GateRegistryReader.read(file, "gates.yaml", NAMED_AT);
        assertThat(registry.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.UNREADABLE_INPUT);
        assertThat(registry.diagnostics().get(0).message()).contains("not UTF-8");
    }

    /** The supervisor's GateConfig keys: working_dir becomes the gate's cwd, the cache and shell keys are read and checked. */
    @Test
    void acceptsEveryKeyOfTheSupervisorsGateConfig() {
        String text = """
                gates:
                  test:
                    command: [pytest]
                    description: Unit tests
                    timeout: 60
                    depends_on: [lint]
                    severity: warning
                    env: {CI: "1"}
                    working_dir: services/api
                    parallel_safe: true
                    cache: true
                    cache_inputs: ["src/**", "tests/**"]
                    force_hash_large_cache_inputs: false
                    skip_on_dependency_failure: true
                    allowed_writes: [".coverage"]
                    allow_shell: false
                  lint: {command: [ruff, check, .]}
                """;
        GateRegistry registry = GateRegistryReader.read(text, "g.yaml");
        assertThat(registry.diagnostics()).isEmpty();
        GateDef test = registry.gate("test").orElseThrow();
        assertThat(test.cwd()).isEqualTo("services/api");
        assertThat(test.severity()).isEqualTo(Severity.WARNING);
        assertThat(registry.entries().get(0).keys()).contains("working_dir", "command").doesNotContain("cache", "allow_shell");
        assertThat(registry.gate("lint").orElseThrow().cwd()).isNull();
    }

    @Test
    void warnsOfAnUnknownKeyAndChecksTheTypesOfTheKeysItDoesNotActOn() {
        String text = "gates:\n  test:\n    command: [pytest]\n    retries: 2\n    cache: sometimes\n    cache_inputs: src\n";
        GateRegistry registry = GateRegistryReader.read(text, "g.yaml");
        assertThat(registry.diagnostics()).extracting(Diagnostic::code)
                .containsExactly(Code.YAML_UNKNOWN_GATE_KEY, Code.YAML_WRONG_TYPE, Code.YAML_WRONG_TYPE);
        assertThat(registry.diagnostics().get(0).isError()).isFalse();
        assertThat(registry.diagnostics().get(0).message()).startsWith("unknown key \"retries\" in gate \"test\"");
        assertThat(registry.gate("test").orElseThrow().command()).isNotNull();
    }

    /** A project's overlay refines the base registry key by key: the keys it writes replace, the others stay. */
    @Test
    void anOverlayRefinesTheGatesOfTheRegistryBeforeIt() {
        GateRegistry base = GateRegistryReader.read("""
                gates:
                  test: {command: [pytest, -v], timeout: 300, env: {A: "1"}, severity: warning}
                  lint: {command: [ruff, check, .]}
                """, "base.yaml");
        GateRegistry overlay = GateRegistryReader.read("""
                gates:
                  test: {timeout: 600, env: {B: "2"}}
                  test_gate: {command: [sh, -c, "exit 0"], depends_on: [lint]}
                """, "overlay.yaml");
        assertThat(overlay.diagnostics()).isEmpty();
        var combined = GateOverlay.definitions(GateRegistry.combine(List.of(base, overlay)));
        assertThat(combined).extracting(GateDef::name).containsExactly("test", "lint", "test_gate");
        GateDef test = combined.get(0);
        assertThat(test.command()).isEqualTo(base.gate("test").orElseThrow().command());
        assertThat(test.timeout()).isEqualTo(Duration.ofSeconds(600));
        assertThat(test.env()).isEqualTo(Map.of("B", "2"));
        assertThat(test.severity()).isEqualTo(Severity.WARNING);
        assertThat(test.source().file()).isEqualTo("overlay.yaml");
        assertThat(GateOverlay.missingCommands(GateRegistry.combine(List.of(base, overlay)))).isEmpty();
        // Alone, the overlay's refinement of "test" has no command.
        var alone = GateOverlay.missingCommands(GateRegistry.combine(List.of(overlay)));
        assertThat(alone).extracting(Diagnostic::code).containsExactly(Code.YAML_MISSING_FIELD);
        assertThat(alone.get(0).source().file()).isEqualTo("overlay.yaml");
        assertThat(alone.get(0).message()).startsWith("gate \"test\" has no \"command\" (here or in a registry it overlays)");
        // A later registry wins over an earlier one: the order matters.
        var reversed = GateOverlay.definitions(GateRegistry.combine(List.of(overlay, base)));
        assertThat(reversed.get(0).timeout()).isEqualTo(Duration.ofSeconds(300));
        assertThat(reversed.get(0).env()).isEqualTo(Map.of("A", "1"));
    }
}
