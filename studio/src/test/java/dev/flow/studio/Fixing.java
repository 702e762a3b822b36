package dev.flow.studio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A workflow whose agent fails its first attempt and is retried, then a person reviews: what the
 * find, timeline, cost and fork tests drive. The agent is a real script that answers as claude
 * does (an envelope with its tokens and cost), so the engine records them as for a real agent.
 */
final class Fixing {
    private Fixing() {}

    /** Writes the agent's script into {@code dir} and returns the workflow {@code id}'s source. */
    static String workflow(Path dir, String id) throws IOException {
        Path agent = dir.resolve("agent.sh");
        Files.writeString(agent, """
                cat > /dev/null
                if [ "$FLOW_ATTEMPT" -lt 2 ]; then echo "the model was overloaded" >&2; exit 1; fi
                echo '{"type":"result","result":"{\\"output\\":\\"done\\",\\"summary\\":\\"fixed the login page\\"}","usage":{"input_tokens":1200,"output_tokens":300},"total_cost_usd":0.25}'
                """);
        return """
                workflow %s "Fix, then a person looks" {
                    input issue: string = "the login page"
                    agent fake {
                        run ["sh", "%s"]
                    }
                    task fix "Fix" {
                        agent fake
                        prompt "Fix ${issue}"
                        retry 2 backoff 100ms
                    }
                    human review "Look at the fix" {
                        outputs approved, rejected
                    }
                    task ship "Ship" {
                        sh "echo shipped"
                    }
                    start -> fix -> review
                    review -> ship when approved
                    review -> end when rejected
                    ship -> end
                }
                """.formatted(id, agent);
    }
}
