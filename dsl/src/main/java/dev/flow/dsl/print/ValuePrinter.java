package dev.flow.dsl.print;

import dev.flow.dsl.conversion.Durations;
import dev.flow.dsl.conversion.Names;
import dev.flow.dsl.conversion.Numbers;
import dev.flow.model.Literals;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Names, keys, types, constants and durations as the grammar reads them. */
final class ValuePrinter {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

    private final Names names;

    ValuePrinter(Names names) {
        this.names = names;
    }

    /** A name where the grammar expects one: plain, {@code ^keyword} or {@code `other-name`}. */
    String name(String name) {
        return names.escape(name);
    }

    /** A field after a dot. */
    String field(String name) {
        return names.escapeField(name);
    }

    /** A key of an object or an env block: a plain name when it is one, else a string. */
    String key(String key) {
        return IDENTIFIER.matcher(key).matches() && names.escape(key).equals(key) ? key : Literals.quote(key);
    }

    String string(String s) {
        return Literals.quote(s);
    }

    String duration(Duration d) {
        return Durations.format(d);
    }

    String number(double d) {
        return Numbers.decimal(d);
    }

    String type(Type t) {
        if (t instanceof Type.ListType l) {
            return "list<" + type(l.element()) + ">";
        } else if (t instanceof Type.EnumType e) {
            return e.values().stream().map(this::name).collect(Collectors.joining(", ", "enum(", ")"));
        }
        return t.name();
    }

    /** A constant: the same text in declarations and, except objects, in expressions. */
    String value(Value v) {
        if (v instanceof Value.Str s) {
            return string(s.value());
        } else if (v instanceof Value.Int i) {
            return Long.toString(i.value());
        } else if (v instanceof Value.Real r) {
            return number(r.value());
        } else if (v instanceof Value.Bool b) {
            return Boolean.toString(b.value());
        } else if (v instanceof Value.ListOf l) {
            return l.items().stream().map(this::value).collect(Collectors.joining(", ", "[", "]"));
        } else if (v instanceof Value.Obj o) {
            return object(o.fields());
        }
        return "null";
    }

    String object(Map<String, Value> fields) {
        if (fields.isEmpty()) {
            return "{ }";
        }
        return fields.entrySet().stream()
                .map(e -> key(e.getKey()) + ": " + value(e.getValue()))
                .collect(Collectors.joining(", ", "{ ", " }"));
    }
}
