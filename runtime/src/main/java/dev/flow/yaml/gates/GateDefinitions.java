package dev.flow.yaml.gates;

import dev.flow.model.Command;
import dev.flow.model.GateDef;
import dev.flow.model.Severity;
import dev.flow.yaml.read.CommentAttacher;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.read.Problems;
import dev.flow.yaml.read.YEntry;
import dev.flow.yaml.read.YMap;
import dev.flow.yaml.read.YNode;
import dev.flow.yaml.read.YScalar;
import dev.flow.yaml.read.YSeq;
import dev.flow.yaml.read.YamlComments;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the mapping under a {@code gates:} key, in a registry or in a workflow: {@code name:
 * {description, command, timeout, env, parallel_safe, allowed_writes, depends_on, severity}}.
 */
public final class GateDefinitions {
    private static final List<String> KEYS = List.of(
            "description", "command", "timeout", "env", "parallel_safe", "allowed_writes", "depends_on", "severity");
    private static final List<String> SEVERITIES = List.of("error", "warning", "info");

    private GateDefinitions() {}

    /** Every gate of {@code gates}, in the order written; {@code comments} may be null. */
    public static List<GateDef> read(YMap gates, Problems problems, CommentAttacher comments) {
        var out = new ArrayList<GateDef>();
        for (YEntry entry : gates.entries()) {
            String name = entry.name();
            var fields = Fields.of(entry.value(), "gate '" + name + "'", entry.key().source(), problems);
            if (fields.isEmpty()) {
                continue;
            }
            if (comments != null) {
                comments.add(new YamlComments.Target(YamlComments.Kind.GATE, name), entry.span());
            }
            out.add(gate(name, entry, fields.get(), problems));
        }
        return out;
    }

    private static GateDef gate(String name, YEntry entry, Fields f, Problems problems) {
        f.allowOnly(KEYS);
        f.require("command", "give the program and its arguments as a list, such as command: [\"pytest\", \"-q\"]");
        Command command = f.list("command", "a list of the program and its arguments, such as [\"pytest\", \"-q\"]")
                .map(seq -> argv(seq, f, problems))
                .orElse(null);
        Duration timeout = f.duration("timeout", Duration.ofSeconds(1), "a number of seconds").map(Located::value).orElse(null);
        Map<String, String> env = f.textMap("env").orElse(Map.of());
        boolean parallelSafe = f.bool("parallel_safe").map(Located::value).orElse(false);
        List<String> writes = f.texts("allowed_writes").orElse(List.of()).stream().map(Located::value).toList();
        var dependsOn = f.texts("depends_on").orElse(List.of()).stream().map(Located::toNameRef).toList();
        Severity severity = f.scalar("severity", "error, warning or info").map(s -> severity(s, f, problems)).orElse(Severity.ERROR);
        String description = f.text("description").map(Located::value).orElse(null);
        return new GateDef(name, description, command, timeout, env, parallelSafe, writes, dependsOn, severity, entry.key().source());
    }

    private static Command argv(YSeq seq, Fields f, Problems problems) {
        var args = new ArrayList<String>();
        for (YNode item : seq.items()) {
            if (item instanceof YScalar s && !s.isNull()) {
                args.add(s.text());
            } else {
                problems.wrongType(item, "each item of " + f.what("command"), "a text");
            }
        }
        return new Command.Argv(args, seq.source());
    }

    private static Severity severity(YScalar s, Fields f, Problems problems) {
        if (!SEVERITIES.contains(s.text())) {
            problems.invalidValue(s, f.what("severity"), SEVERITIES);
            return Severity.ERROR;
        }
        return Severity.valueOf(s.text().toUpperCase(java.util.Locale.ROOT));
    }
}
