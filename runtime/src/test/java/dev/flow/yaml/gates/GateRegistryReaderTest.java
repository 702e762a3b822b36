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
                Code.YAML_UNKNOWN_KEY, Code.YAML_WRONG_TYPE, Code.YAML_INVALID_VALUE, Code.YAML_WRONG_TYPE, Code.YAML_DUPLICATE_KEY);
        assertThat(registry.diagnostics().get(0).suggestions()).containsExactly("command");
        assertThat(registry.gate("a").orElseThrow().command()).isNotNull();
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
}
