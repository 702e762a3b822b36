package dev.flow.studio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real runs the studio's node, history and versions views are tested on: isolated steps in a git
 * repository made here (one change applied, one rejected by its gate and retried with feedback), a
 * graph grown by a scripted planner (its first answer refused, its second one applied), and an agent
 * that speaks claude's stream-json (what it does, then its result with tokens, cost and a refused
 * action) and, on its first attempt, works until a file appears.
 */
final class Scenarios {
    private Scenarios() {}

    static Path scriptedAgent() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("examples/agents/scripted-agent"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("cannot find examples/agents/scripted-agent above " + Path.of("").toAbsolutePath());
        }
        return p.resolve("examples/agents/scripted-agent");
    }

    /** A git repository in {@code dir/project} whose greeting.txt says "Hello, world", in one commit. */
    static Path project(Path dir) throws IOException, InterruptedException {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("greeting.txt"), "Hello, world\n");
        git(project, "init", "-q");
        git(project, "add", "greeting.txt");
        git(project, "-c", "user.name=Test", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "A greeting");
        return project;
    }

    private static void git(Path dir, String... args) throws IOException, InterruptedException {
        var argv = new java.util.ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + out);
        }
    }

    /**
     * Two isolated agents on the project: "polite" passes its gate and is applied (and sets the state
     * and counts itself); "curt" fails its gate on both attempts, so its changes are kept, never applied.
     */
    static String changes() {
        return """
                workflow changes "An applied change and a rejected one" {
                    continue on failure
                    isolate worktree
                    repository "project"

                    state {
                        notes: string = "none"
                        applied: int = 0
                    }

                    agent scripted {
                        run ["%s"]
                    }

                    gate greets {
                        sh "echo checking greeting.txt; cat greeting.txt; grep -q '^Hello' greeting.txt"
                        timeout 1m
                    }

                    task polite "Make the greeting polite" {
                        agent scripted
                        prompt "Make the greeting polite.\\n@write greeting.txt=Hello, dear world\\n@summary made the greeting polite\\n@state notes=\\"polite\\\\nkept the hello\\""
                        gates greets
                        on done set applied = applied + 1
                    }

                    task curt "Make the greeting curt" {
                        agent scripted
                        prompt "Make the greeting curt.\\n@write greeting.txt=Bye\\n@summary made the greeting curt"
                        gates greets
                    }

                    start -> polite -> curt -> end
                }
                """.formatted(scriptedAgent());
    }

    /** A planner whose first answer adds a cycle (refused by the checker) and whose second adds three steps. */
    static String growing(Path dir) throws IOException {
        Files.writeString(dir.resolve("cycle.json"), """
                {"output": "done",
                 "next": {"addNodes": [
                   {"id": "fix", "dependsOn": ["check"]},
                   {"id": "check", "dependsOn": ["fix"]}]}}
                """);
        Files.writeString(dir.resolve("three.json"), """
                {"output": "done", "summary": "three small steps",
                 "next": {"addNodes": [
                   {"id": "design", "title": "Design it", "prompt": "Design.\\n@summary designed"},
                   {"id": "build", "title": "Build it", "dependsOn": ["design"], "prompt": "Build.\\n@summary built"},
                   {"id": "test", "title": "Test it", "dependsOn": ["design"], "command": ["sh", "-c", "echo testing"]}]}}
                """);
        return """
                workflow growing "A graph that grows" {
                    grows max 5 nodes, max 20 in all

                    agent scripted {
                        run ["%s"]
                    }

                    task plan "Plan the work" {
                        agent scripted
                        prompt "Split the work into small steps.\\n@json cycle.json,three.json"
                        planner grows max 4 nodes
                    }

                    task report "Report" {
                        agent scripted
                        prompt "Report.\\n@summary all three ran"
                    }

                    start -> plan -> report -> end
                }
                """.formatted(scriptedAgent());
    }

    /**
     * An agent that prints claude's stream-json: it edits greeting.txt and runs make test; on its first
     * attempt it goes on printing a line every fifth of a second until {@code go} exists, then reports
     * a refused action (so the attempt fails and the next one is given feedback); the second attempt
     * succeeds.
     */
    static String streaming(Path dir, Path go) throws IOException {
        Path agent = dir.resolve("streaming-agent");
        Files.writeString(agent, """
                #!/bin/sh
                echo '{"type":"system","subtype":"init","session_id":"s-1"}'
                echo 'warming up' >&2
                echo '{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Edit","input":{"file_path":"/w/greeting.txt"}}]}}'
                echo '{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Bash","input":{"command":"make test"}}]}}'
                if [ "$FLOW_ATTEMPT" = 1 ]; then
                  i=0
                  while [ ! -f '%s' ]; do i=$((i+1)); echo "{\\"type\\":\\"user\\",\\"line\\":$i}"; sleep 0.2; done
                  echo '{"type":"result","subtype":"success","is_error":false,"result":"{\\"output\\": \\"done\\", \\"summary\\": \\"tried\\"}","usage":{"input_tokens":1200,"output_tokens":300},"total_cost_usd":0.0123,"session_id":"s-1","permission_denials":[{"tool_name":"Bash","tool_input":{"command":"rm -rf /tmp/build"}}]}'
                else
                  echo '{"type":"result","subtype":"success","is_error":false,"result":"{\\"output\\": \\"done\\", \\"summary\\": \\"fixed\\"}","usage":{"input_tokens":900,"output_tokens":200},"total_cost_usd":0.0091,"session_id":"s-1","permission_denials":[]}'
                fi
                """.formatted(go));
        Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwxr-xr-x"));
        return """
                workflow streaming "An agent whose activity shows" {
                    agent streamer {
                        run ["%s"]
                    }

                    task work "Do the work" {
                        agent streamer
                        prompt "Make the tests pass."
                    }

                    start -> work -> end
                }
                """.formatted(agent);
    }
}
