package dev.flow.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flow.engine.exec.AgentCommands;
import dev.flow.engine.exec.AgentSurvey;
import dev.flow.engine.exec.CliCredentials;
import dev.flow.engine.exec.CliVersion;
import dev.flow.engine.exec.RoleAgents;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code flow agents [WORKFLOW]}: each agent a workflow uses (or, without one, the built-in CLIs),
 * the exact command line Flow will run for it, whether its program is there, its version and
 * whether its credentials are set. It calls no model: the only program it starts is a known CLI
 * with {@code --version}.
 */
@Command(name = "agents", mixinStandardHelpOptions = true,
        description = {"Show the agents a workflow uses (without one: the built-in claude, codex and gemini), each with the exact command"
                + " line Flow will run (its permissions applied), whether its program is on the PATH, its version (from PROGRAM --version,"
                + " asked of claude, codex and gemini only) and whether its credentials are set (the variable's or login file's name;"
                + " never a value). No model is called.",
                "Exit status: 0 every agent can run, 1 an agent's program is missing or it has no command, 2 usage or input problems."})
final class AgentsCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How long a CLI may take to print its version: gemini starts a large Node program. */
    static final Duration VERSION_TIMEOUT = Duration.ofSeconds(30);

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "WORKFLOW", arity = "0..1", description = "The workflow whose agents to show (default: the built-in ones).")
    Path file;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text", description = "text (default) or json.")
    String format;

    @Option(names = "--no-version", description = "Do not run PROGRAM --version.")
    boolean noVersion;

    @Mixin
    RoleOptions roles;

    @Mixin
    InputOptions input;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class,
            description = "Colour the output (auto: on a terminal, unless NO_COLOR is set).")
    ColorMode color;

    @Override
    public Integer call() {
        boolean asJson = Formats.json(spec, format);
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        var env = System.getenv();
        var commands = new AgentCommands(java.util.Map.of(), env);
        List<AgentSurvey.Entry> entries;
        if (file == null) {
            entries = AgentSurvey.installation(commands, env, Path.of("").toAbsolutePath());
        } else {
            Workflows.Read read = Workflows.readWithoutErrors(file, input.toLoadOptions(), err, Ansi.choose(color), "no agent was looked at");
            if (read.refused()) {
                return read.exitCode();
            }
            Path dir = file.toAbsolutePath().normalize().getParent();
            entries = AgentSurvey.of(read.graph(), commands, new RoleAgents(roles.commands(), env), env, dir);
        }
        if (asJson) {
            out.println(json(entries));
        } else {
            text(out, Ansi.choose(color), entries);
        }
        out.flush();
        return entries.stream().anyMatch(e -> e.problem() != null) ? ExitCode.FAILED : ExitCode.OK;
    }

    private String version(AgentSurvey.Entry e) {
        if (e.program() == null || e.cli() == null) {
            return null;
        }
        return noVersion ? "not asked (--no-version)" : CliVersion.of(e.program(), e.env(), VERSION_TIMEOUT);
    }

    private void text(PrintWriter out, Ansi ansi, List<AgentSurvey.Entry> entries) {
        if (entries.isEmpty()) {
            out.println("the workflow runs no agent");
            return;
        }
        boolean first = true;
        for (AgentSurvey.Entry e : entries) {
            if (!first) {
                out.println();
            }
            first = false;
            out.println(ansi.bold("agent " + e.name()) + (e.nodes().isEmpty() ? "" : TerminalText.line("  (" + String.join(", ", e.nodes()) + ")")));
            if (!e.argv().isEmpty()) {
                out.println(TerminalText.line("  command      " + Formats.commandLine(e.argv())));
            }
            if (e.problem() != null) {
                out.println(ansi.red(TerminalText.line("  problem      " + e.problem())));
                continue;
            }
            out.println(TerminalText.line("  program      " + e.program()));
            String version = version(e);
            if (version != null) {
                out.println(TerminalText.line("  version      " + version));
            }
            CliCredentials.Finding c = e.credentials();
            if (c != null) {
                out.println(c.present() ? TerminalText.line("  credentials  " + c.found())
                        : ansi.yellow(TerminalText.line("  credentials  none found: " + c.hint())));
            }
        }
    }

    private String json(List<AgentSurvey.Entry> entries) {
        ArrayNode array = JSON.createArrayNode();
        for (AgentSurvey.Entry e : entries) {
            ObjectNode o = array.addObject();
            o.put("name", e.name());
            e.nodes().forEach(o.putArray("nodes")::add);
            e.argv().forEach(o.putArray("command")::add);
            o.put("program", e.program() == null ? null : e.program().toString());
            o.put("problem", e.problem());
            o.put("cli", e.cli());
            o.put("version", e.problem() == null ? version(e) : null);
            CliCredentials.Finding c = e.problem() == null ? e.credentials() : null;
            if (c != null) {
                ObjectNode cred = o.putObject("credentials");
                cred.put("found", c.found());
                cred.put("hint", c.hint());
            }
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(array);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
