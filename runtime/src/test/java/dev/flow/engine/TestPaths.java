package dev.flow.engine;

import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Where the repository's files are, seen from the runtime module's tests. */
final class TestPaths {
    private TestPaths() {}

    static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("examples").resolve("agents"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("cannot find the repository root (a folder with examples/agents) above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    static Path scriptedAgent() {
        return repoRoot().resolve("examples/agents/scripted-agent");
    }

    /** The scripted agent of examples/agents, defined under {@code name}: for {@code GraphBuilder.agent(...)}. */
    static AgentDef scriptedAgent(String name) {
        return new AgentDef(name, null, new Command.Argv(List.of(scriptedAgent().toString()), null), AgentDef.PromptVia.STDIN, Map.of(), null);
    }
}
