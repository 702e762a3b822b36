package dev.flow.yaml.gates;

import dev.flow.diagnostic.Code;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads the mapping under a {@code gates:} key, in a registry or in a workflow, with the keys of the
 * supervisor's {@code GateConfig}. Flow honours {@code description}, {@code command},
 * {@code timeout}, {@code env}, {@code parallel_safe}, {@code allowed_writes}, {@code depends_on},
 * {@code severity} and {@code working_dir} (the gate's {@code cwd}); it reads and checks
 * {@code cache}, {@code cache_inputs}, {@code force_hash_large_cache_inputs},
 * {@code skip_on_dependency_failure} and {@code allow_shell} without acting on them (a gate always
 * runs, a dependency that fails always stops it); any other key is a warning (FLOW609), not an
 * error, since registries are shared with the supervisor, whose format grows.
 *
 * <p>An entry need not have a {@code command}: in a registry that overlays another it may refine a
 * gate defined earlier ({@link GateOverlay}), which reports a gate left without one.
 */
public final class GateDefinitions {
    /** The keys whose values Flow uses. */
    static final List<String> HONOURED = List.of(
            "description", "command", "timeout", "env", "parallel_safe", "allowed_writes", "depends_on", "severity", "working_dir");
    /** The supervisor's other keys: read and checked, not acted on. */
    static final List<String> ACCEPTED = List.of("cache", "cache_inputs", "force_hash_large_cache_inputs", "skip_on_dependency_failure",
            "allow_shell");
    private static final List<String> KEYS = Stream.concat(HONOURED.stream(), ACCEPTED.stream()).toList();
    private static final List<String> SEVERITIES = List.of("error", "warning", "info");

    private GateDefinitions() {}

    /** Every gate of {@code gates}, in the order written, with the keys each writes; {@code comments} may be null. */
    public static List<GateEntry> read(YMap gates, Problems problems, CommentAttacher comments) {
        var out = new ArrayList<GateEntry>();
        for (YEntry entry : gates.entries()) {
            String name = entry.name();
            var fields = Fields.of(entry.value(), "gate \"" + name + "\"", entry.key().source(), problems);
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

    private static GateEntry gate(String name, YEntry entry, Fields f, Problems problems) {
        f.recognise(KEYS); // a misspelt key is read as the one it suggests: one warning, not also a missing command
        f.allowOnly(Code.YAML_UNKNOWN_GATE_KEY, KEYS, key -> null);
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
        String cwd = f.text("working_dir").map(Located::value).orElse(null);
        f.bool("cache");
        f.bool("force_hash_large_cache_inputs");
        f.bool("skip_on_dependency_failure");
        f.bool("allow_shell");
        f.texts("cache_inputs");
        var written = new LinkedHashSet<String>();
        for (String key : HONOURED) {
            // A key written with a null value is as good as absent; a misspelt one counts as the key it stands for.
            if (f.has(key)) {
                written.add(key);
            }
        }
        var def = new GateDef(name, description, command, timeout, env, parallelSafe, writes, dependsOn, severity, entry.key().source(), cwd);
        return new GateEntry(def, written);
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
        return Severity.valueOf(s.text().toUpperCase(Locale.ROOT));
    }
}
