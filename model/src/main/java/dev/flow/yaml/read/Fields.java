package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Typed, checked access to the keys of one YAML mapping: each getter reports a value of the wrong
 * type (and returns empty), {@link #require} reports missing keys, {@link #allowOnly} unknown ones.
 * A key whose value is null ({@code key:} with nothing after it) counts as absent.
 *
 * <p>A misspelt key stands in for the key it was meant to be: once {@link #allowOnly} (or
 * {@link #recognise}) has seen {@code sourcex} beside no {@code source}, it reports the unknown key
 * once, with "did you mean", and the getters read {@code source} from it, so that the same typo is
 * not also a missing key, and what depends on the value (an edge, a node's configuration) is read.
 *
 * @param owner how messages name the mapping, e.g. {@code node 'analyze'}
 * @param anchor where "missing key" diagnostics point (the mapping's name, or its first key)
 * @param misspelt the entries read in place of the keys they were meant to be, by intended key
 */
public record Fields(YMap map, String owner, SourceRef anchor, Problems problems, Map<String, YEntry> misspelt) {

    public Fields(YMap map, String owner, SourceRef anchor, Problems problems) {
        this(map, owner, anchor, problems, new HashMap<>());
    }

    /** A view of {@code node} if it is a mapping; reports it otherwise. */
    public static Optional<Fields> of(YNode node, String owner, SourceRef anchor, Problems problems) {
        if (node instanceof YMap map) {
            return Optional.of(new Fields(map, owner, anchor, problems));
        }
        problems.wrongType(node, owner, "a mapping of keys");
        return Optional.empty();
    }

    /**
     * A list item that must be a mapping, named in messages by its id ({@code node 'analyze'}) or,
     * without one, by its place ({@code node #2}); missing keys are reported at the id, or at the
     * item's first key.
     */
    public static Optional<Fields> item(YNode item, int index, String kind, String idKey, Problems problems) {
        String byPlace = kind + " #" + (index + 1);
        if (!(item instanceof YMap map)) {
            problems.wrongType(item, byPlace, "a mapping of keys");
            return Optional.empty();
        }
        var id = new Fields(map, byPlace, item.source(), problems).text(idKey);
        String owner = id.map(i -> kind + " \"" + i.value() + "\"").orElse(byPlace);
        SourceRef anchor = id.map(Located::source).orElse(map.entries().isEmpty() ? map.source() : map.entries().get(0).key().source());
        return Optional.of(new Fields(map, owner, anchor, problems));
    }

    /** Reports every key not in {@code known}; {@code hint} gives a message for keys that mean something elsewhere. */
    public void allowOnly(Collection<String> known, Function<String, String> hint) {
        recognise(known);
        allowOnly(dev.flow.diagnostic.Code.YAML_UNKNOWN_KEY, known, hint);
    }

    /**
     * Takes each key not in {@code known} whose nearest known key is absent as that key misspelt,
     * without reporting it (for readers that report unknown keys themselves).
     */
    public void recognise(Collection<String> known) {
        for (YEntry e : map.entries()) {
            if (!known.contains(e.name())) {
                dev.flow.check.NameSuggester.best(e.name(), known)
                        .filter(meant -> !map.has(meant))
                        .ifPresent(meant -> misspelt.putIfAbsent(meant, e));
            }
        }
    }

    public void allowOnly(Collection<String> known) {
        allowOnly(known, key -> null);
    }

    /** Reports every key not in {@code known} under {@code code} (a warning code where unknown keys are only ignored). */
    public void allowOnly(dev.flow.diagnostic.Code code, Collection<String> known, Function<String, String> hint) {
        for (YEntry e : map.entries()) {
            if (!known.contains(e.name())) {
                problems.unknownKey(code, e, owner, known, hint.apply(e.name()));
            }
        }
    }

    /** Reports each of {@code keys} that is absent or null. */
    public boolean require(String key, String hint) {
        if (node(key).isEmpty()) {
            problems.missing(owner, key, anchor, hint);
            return false;
        }
        return true;
    }

    public boolean has(String key) {
        return node(key).isPresent();
    }

    public Optional<YEntry> entry(String key) {
        return map.entry(key).or(() -> Optional.ofNullable(misspelt.get(key))).filter(e -> !(e.value() instanceof YScalar s && s.isNull()));
    }

    public Optional<YNode> node(String key) {
        return entry(key).map(YEntry::value);
    }

    /** The key's own position (for elements that a key names). */
    public Optional<SourceRef> keySource(String key) {
        return map.entry(key).map(e -> e.key().source());
    }

    public Optional<YScalar> scalar(String key, String expected) {
        return nodeOf(key, YScalar.class, expected);
    }

    /** The text of a scalar as written, without reporting anything when there is none. */
    public Optional<String> writtenText(String key) {
        return node(key).filter(YScalar.class::isInstance).map(n -> ((YScalar) n).text());
    }

    /** A text: any scalar, by its text as written ({@code version: 1.0} is "1.0"). */
    public Optional<Located<String>> text(String key) {
        return scalar(key, "a text").map(s -> new Located<>(s.text(), s.source()));
    }

    /** A text that must be one of {@code allowed} ({@code wait_for: all}); reports any other. */
    public Optional<Located<String>> choice(String key, List<String> allowed) {
        return scalar(key, "one of " + String.join(", ", allowed)).flatMap(s -> {
            if (allowed.contains(s.text())) {
                return Optional.of(new Located<>(s.text(), s.source()));
            }
            problems.invalidValue(s, what(key), allowed);
            return Optional.empty();
        });
    }

    public Optional<Located<Boolean>> bool(String key) {
        return scalar(key, "true or false").flatMap(s -> typed(s, s.asBoolean(), key, "true or false"));
    }

    public Optional<Located<Long>> whole(String key, String expected) {
        return scalar(key, expected).flatMap(s -> typed(s, s.asLong(), key, expected));
    }

    public Optional<Located<Double>> number(String key, String expected) {
        return scalar(key, expected).flatMap(s -> typed(s, s.asDouble(), key, expected));
    }

    /** A duration written as a number of {@code unit}s ("timeout: 300" with seconds). */
    public Optional<Located<Duration>> duration(String key, Duration unit, String expected) {
        return number(key, expected).map(n -> new Located<>(
                Duration.ofMillis(Math.round(n.value() * unit.toMillis())), n.source()));
    }

    public Optional<YSeq> list(String key, String expected) {
        return nodeOf(key, YSeq.class, expected);
    }

    public Optional<YMap> mapping(String key, String expected) {
        return nodeOf(key, YMap.class, expected);
    }

    /** The value under {@code key} if it is a {@code type}; reports any other value. */
    private <T extends YNode> Optional<T> nodeOf(String key, Class<T> type, String expected) {
        var node = node(key);
        if (node.isEmpty()) {
            return Optional.empty();
        }
        if (type.isInstance(node.get())) {
            return Optional.of(type.cast(node.get()));
        }
        problems.wrongType(node.get(), what(key), expected);
        return Optional.empty();
    }

    /** A view of the mapping under {@code key}, named {@code childOwner} in messages. */
    public Optional<Fields> child(String key, String childOwner) {
        return mapping(key, "a mapping of keys").map(m -> new Fields(m, childOwner, keySource(key).orElse(anchor), problems));
    }

    /** A list of texts ({@code [a, b]}); items that are not scalars are reported and skipped. */
    public Optional<List<Located<String>>> texts(String key) {
        return list(key, "a list of names").map(seq -> {
            var out = new ArrayList<Located<String>>();
            for (YNode item : seq.items()) {
                if (item instanceof YScalar s && !s.isNull()) {
                    out.add(new Located<>(s.text(), s.source()));
                } else {
                    problems.wrongType(item, "each item of " + what(key), "a name");
                }
            }
            return out;
        });
    }

    /** A mapping of texts to texts ({@code env: {A: "1"}}). */
    public Optional<Map<String, String>> textMap(String key) {
        return mapping(key, "a mapping of names to texts").map(m -> {
            var out = new LinkedHashMap<String, String>();
            for (YEntry e : m.entries()) {
                if (e.value() instanceof YScalar s) {
                    out.put(e.name(), s.text());
                } else {
                    problems.wrongType(e.value(), "\"" + e.name() + "\" in " + what(key), "a text");
                }
            }
            return out;
        });
    }

    /** Reads each item of a list with its index (from 0), keeping the items that could be read. */
    public static <T> List<T> eachItem(List<YNode> items, BiFunction<YNode, Integer, Optional<T>> reader) {
        var out = new ArrayList<T>(items.size());
        for (int i = 0; i < items.size(); i++) {
            reader.apply(items.get(i), i).ifPresent(out::add);
        }
        return out;
    }

    /** Any YAML node as plain data: scalars by their YAML type, lists, mappings. */
    public static Value toValue(YNode node) {
        if (node instanceof YScalar s) {
            return s.toValue();
        }
        if (node instanceof YSeq seq) {
            return new Value.ListOf(seq.items().stream().map(Fields::toValue).toList());
        }
        var fields = new LinkedHashMap<String, Value>();
        for (YEntry e : ((YMap) node).entries()) {
            fields.put(e.name(), toValue(e.value()));
        }
        return new Value.Obj(fields);
    }

    /** How messages name a key of this mapping: {@code 'timeout' of node 'fix'}. */
    public String what(String key) {
        return "\"" + key + "\" of " + owner;
    }

    private <T> Optional<Located<T>> typed(YScalar scalar, Optional<T> value, String key, String expected) {
        if (value.isEmpty()) {
            problems.wrongType(scalar, what(key), expected);
        }
        return value.map(v -> new Located<>(v, scalar.source()));
    }
}
