package dev.flow.yaml.read;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the alternating keys and values of a mapping into entries: reports keys that are not
 * scalars and keys written twice (at the second occurrence, the first as related; the first is
 * kept), and applies YAML merge keys ({@code <<: *defaults}), whose entries fill in the keys the
 * mapping does not set itself.
 */
final class MappingBuilder {
    private static final String MERGE_KEY = "<<";

    private final List<Diagnostic> diagnostics;

    MappingBuilder(List<Diagnostic> diagnostics) {
        this.diagnostics = diagnostics;
    }

    List<YEntry> entries(List<YNode> keysAndValues) {
        var pairs = new ArrayList<YEntry>();
        for (int i = 0; i + 1 < keysAndValues.size(); i += 2) {
            YNode key = keysAndValues.get(i);
            if (key instanceof YScalar scalar) {
                pairs.add(new YEntry(scalar, keysAndValues.get(i + 1)));
            } else {
                diagnostics.add(Diagnostic.of(Code.YAML_WRONG_TYPE,
                        "a key must be a plain name, not " + key.description(), key.source()));
            }
        }
        Map<String, YEntry> first = new HashMap<>();
        for (YEntry e : pairs) {
            if (!isMerge(e)) {
                first.putIfAbsent(e.name(), e);
            }
        }
        var out = new ArrayList<YEntry>(pairs.size());
        Set<String> taken = new HashSet<>();
        for (YEntry e : pairs) {
            if (isMerge(e)) {
                merge(e, first.keySet(), taken, out);
            } else if (first.get(e.name()) != e) {
                duplicate(e, first.get(e.name()));
            } else if (taken.add(e.name())) {
                out.add(e);
            }
        }
        return out;
    }

    private void duplicate(YEntry again, YEntry original) {
        diagnostics.add(Diagnostic.of(Code.YAML_DUPLICATE_KEY, "the key \"" + again.name()
                        + "\" is written twice in this mapping; only the first is read: remove or rename this one", again.key().source())
                .withRelated(List.of(new Diagnostic.Related(original.key().source(), "\"" + original.name() + "\" first written here"))));
    }

    private void merge(YEntry merge, Set<String> explicit, Set<String> taken, List<YEntry> out) {
        List<YNode> sources = merge.value() instanceof YSeq seq ? seq.items() : List.of(merge.value());
        for (YNode source : sources) {
            if (!(source instanceof YMap map)) {
                diagnostics.add(Diagnostic.of(Code.YAML_WRONG_TYPE,
                        "\"<<\" merges mappings (such as \"<<: *defaults\"), not " + source.description(), source.source()));
                continue;
            }
            for (YEntry inherited : map.entries()) {
                if (!explicit.contains(inherited.name()) && taken.add(inherited.name())) {
                    out.add(inherited);
                }
            }
        }
    }

    private static boolean isMerge(YEntry e) {
        return e.key().style() == YScalar.Style.PLAIN && e.name().equals(MERGE_KEY);
    }
}
