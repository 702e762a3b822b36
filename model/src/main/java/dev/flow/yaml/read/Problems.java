package dev.flow.yaml.read;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The diagnostics a YAML reader collects, with the messages every reader shares: unknown keys with
 * the nearest known one, wrong value types, missing keys, values outside a fixed set.
 */
public final class Problems {
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final Set<SourceRef> misread = new LinkedHashSet<>();
    private int errors;

    public void add(Diagnostic diagnostic) {
        diagnostics.add(diagnostic);
        if (diagnostic.isError()) {
            errors++;
        }
    }

    /** How many errors have been reported so far: compare before and after reading an element. */
    public int errorCount() {
        return errors;
    }

    /** Notes that the element named at {@code at} had errors of its own (see {@link dev.flow.frontend.Compilation#misread()}). */
    public void misread(SourceRef at) {
        misread.add(at);
    }

    /** The elements read with errors. */
    public Set<SourceRef> misread() {
        return Collections.unmodifiableSet(misread);
    }

    public void addAll(Collection<Diagnostic> more) {
        more.forEach(this::add);
    }

    public List<Diagnostic> all() {
        return List.copyOf(diagnostics);
    }

    /** FLOW602: a key the schema does not have; {@code hint} (may be null) says more. */
    public void unknownKey(YEntry entry, String owner, Collection<String> known, String hint) {
        unknownKey(Code.YAML_UNKNOWN_KEY, entry, owner, known, hint);
    }

    /** An unknown key reported under {@code code} (FLOW602, or FLOW609 for a gate definition, a warning). */
    public void unknownKey(Code code, YEntry entry, String owner, Collection<String> known, String hint) {
        var nearest = dev.flow.check.NameSuggester.best(entry.name(), known);
        var message = new StringBuilder("unknown key \"").append(entry.name()).append("\" in ").append(owner);
        if (hint != null) {
            message.append("; ").append(hint);
        } else if (nearest.isPresent()) {
            message.append("; did you mean \"").append(nearest.get()).append("\"?");
        } else {
            message.append("; the keys here are ").append(String.join(", ", known));
        }
        add(Diagnostic.of(code, message.toString(), entry.key().source())
                .withSuggestions(hint == null ? nearest.stream().toList() : List.of()));
    }

    /** FLOW603: {@code what} (such as {@code "timeout" of node "fix"}) must be {@code expected}. */
    public void wrongType(YNode node, String what, String expected) {
        add(Diagnostic.of(Code.YAML_WRONG_TYPE, what + " must be " + expected + ", not " + node.description(), node.source()));
    }

    /** FLOW606: {@code owner} lacks {@code key}; {@code hint} (may be null) says what to write. */
    public void missing(String owner, String key, SourceRef at, String hint) {
        add(Diagnostic.of(Code.YAML_MISSING_FIELD, owner + " has no \"" + key + "\"" + (hint == null ? "" : "; " + hint), at));
    }

    /** FLOW608: {@code what} is not one of {@code allowed}. */
    public void invalidValue(YScalar value, String what, Collection<String> allowed) {
        var nearest = dev.flow.check.NameSuggester.best(value.text(), allowed);
        String message = what + " is \"" + YScalar.abbreviate(value.text()) + "\", which is not one of " + String.join(", ", allowed)
                + nearest.map(n -> "; did you mean \"" + n + "\"?").orElse("");
        add(Diagnostic.of(Code.YAML_INVALID_VALUE, message, value.source()).withSuggestions(nearest.stream().toList()));
    }
}
