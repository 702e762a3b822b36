package dev.flow.yaml.agents;

import dev.flow.model.AgentDef;
import dev.flow.model.AgentPermissions;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.read.YEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code agents: {claude: {permissions: run, allow: ["mvn -q test"]}}} into agent definitions
 * without a command of their own, so the built-in (or configured) command line runs with the
 * permissions written. The level is taken as written: the checker reports one it does not know
 * (FLOW510), at its position in the YAML, as it does for the language.
 */
public final class AgentSettings {
    /** The top-level key, in both dialects. */
    public static final String KEY = "agents";

    static final List<String> AGENT_KEYS = List.of("permissions", "allow");

    private AgentSettings() {}

    /** The agents of {@code top}'s {@code agents:} mapping, in the order written; none when it is absent. */
    public static List<AgentDef> read(Fields top) {
        var agents = new ArrayList<AgentDef>();
        top.mapping(KEY, "a mapping of agent names to their settings (claude: {permissions: run})").ifPresent(map -> {
            for (YEntry entry : map.entries()) {
                String owner = "agent \"" + entry.name() + "\"";
                Fields.of(entry.value(), owner, entry.key().source(), top.problems()).ifPresent(f -> {
                    f.allowOnly(AGENT_KEYS);
                    List<String> allow = f.texts("allow").orElse(List.of()).stream().map(Located::value).toList();
                    AgentPermissions permissions = f.text("permissions")
                            .map(level -> new AgentPermissions(level.value(), allow, level.source()))
                            .orElse(allow.isEmpty() ? null : new AgentPermissions(AgentPermissions.EDIT, allow, f.keySource("allow").orElse(null)));
                    agents.add(new AgentDef(entry.name(), null, null, null, Map.of(), null, entry.key().source(), List.of(), permissions));
                });
            }
        });
        return agents;
    }
}
