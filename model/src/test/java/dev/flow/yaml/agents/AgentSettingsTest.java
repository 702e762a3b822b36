package dev.flow.yaml.agents;

import static dev.flow.yaml.YamlTestSupport.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.check.Checker;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.AgentDef;
import dev.flow.model.AgentPermissions;
import dev.flow.model.Severity;
import dev.flow.model.Workflow;
import dev.flow.yaml.YamlTestSupport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code agents:} section of both dialects, and the checks on what it says (FLOW510, FLOW511). */
class AgentSettingsTest {

    private static final String TASK = "nodes:\n  fix: {type: task, agent: claude, prompt: Fix it, outputs: [done]}\nedges:\n  - {from: START, to: fix}\n"
            + "  - {from: fix, to: END}\n";

    private static String dialect2(String agents) {
        return "workflow: w\n" + agents + TASK;
    }

    private static List<Diagnostic> check(Workflow w) {
        return Checker.check(dev.flow.model.FlowGraph.of(w));
    }

    @Test
    void readsAnAgentsPermissionsWithTheirPositionInBothDialects() {
        String text = dialect2("agents:\n  claude: {permissions: run, allow: [\"mvn -q test\"]}\n");
        AgentDef claude = YamlTestSupport.workflow(text).agent("claude").orElseThrow();
        assertThat(claude.command()).isNull();
        assertThat(claude.permissions().level()).isEqualTo(AgentPermissions.RUN);
        assertThat(claude.permissions().allow()).containsExactly("mvn -q test");
        assertThat(claude.permissions().source()).isEqualTo(at(text, "run"));

        String dialect1 = "id: w\nname: W\nentry_point: a\nagents:\n  codex:\n    permissions: read\n"
                + "nodes:\n  - {id: a, type: task, task_config: {role: r}}\nedges: []\n";
        assertThat(YamlTestSupport.workflow(dialect1).agent("codex").orElseThrow().permissions().level()).isEqualTo(AgentPermissions.READ);
    }

    @Test
    void anUnknownLevelIsFlow510AtTheValueWithTheNearestLevel() {
        String text = dialect2("agents:\n  claude: {permissions: edits}\n");
        List<Diagnostic> found = check(YamlTestSupport.workflow(text));
        assertThat(found).extracting(Diagnostic::code).containsExactly(Code.UNKNOWN_PERMISSION);
        Diagnostic d = found.get(0);
        assertThat(d.source()).isEqualTo(at(text, "edits"));
        assertThat(d.message()).isEqualTo("agent \"claude\" has permissions \"edits\", which Flow does not know; use one of read, edit, run, full;"
                + " did you mean \"edit\"?");
    }

    @Test
    void knownLevelsAndNoSettingAreQuiet() {
        for (String level : List.of("read", "edit", "run")) {
            assertThat(check(YamlTestSupport.workflow(dialect2("agents:\n  claude: {permissions: " + level + "}\n")))).as(level).isEmpty();
        }
        assertThat(check(YamlTestSupport.workflow(dialect2("")))).isEmpty();
    }

    @Test
    void fullOutsideFlowsSandboxIsAWarningNamingTheTasks() {
        String text = dialect2("agents:\n  claude: {permissions: full}\n");
        List<Diagnostic> found = check(YamlTestSupport.workflow(text));
        assertThat(found).extracting(Diagnostic::code).containsExactly(Code.UNCONFINED_AGENT);
        assertThat(found.get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(found.get(0).source()).isEqualTo(at(text, "full"));
        assertThat(found.get(0).message()).contains("runs \"fix\" outside Flow's sandbox");
    }

    @Test
    void anUnknownKeyInAnAgentIsReported() {
        String text = dialect2("agents:\n  claude: {permission: run}\n");
        assertThat(YamlTestSupport.problems(text)).extracting(Diagnostic::code).containsExactly(Code.YAML_UNKNOWN_KEY);
    }
}
