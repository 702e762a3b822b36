package dev.flow.model;

import java.util.Arrays;
import java.util.List;

/**
 * The type of an input, a state variable, a node result field or an expression. Written in the
 * language and in JSON as {@code bool}, {@code int}, {@code float}, {@code string}, {@code any},
 * {@code list<T>} and {@code enum(a, b, c)}; the declared outputs of a node form an enum.
 */
public sealed interface Type {

    Type BOOL = new Primitive("bool");
    Type INT = new Primitive("int");
    Type FLOAT = new Primitive("float");
    Type STRING = new Primitive("string");
    /** Unknown statically (merged results, agent-defined fields): accepted wherever a value is. */
    Type ANY = new Primitive("any");

    /** The type's name as written, e.g. {@code list<string>}. */
    String name();

    static Type list(Type element) {
        return new ListType(element);
    }

    static Type enumOf(List<String> values) {
        return new EnumType(values);
    }

    /** Whether values of this type are numbers ({@code int} or {@code float}). */
    default boolean isNumeric() {
        return INT.equals(this) || FLOAT.equals(this);
    }

    /** Whether a value of type {@code other} may be stored where this type is expected. */
    default boolean accepts(Type other) {
        if (ANY.equals(this) || ANY.equals(other) || this.equals(other)) {
            return true;
        }
        if (FLOAT.equals(this) && INT.equals(other)) {
            return true;
        }
        if (STRING.equals(this) && other instanceof EnumType) {
            return true;
        }
        if (this instanceof EnumType && STRING.equals(other)) {
            return true;
        }
        if (this instanceof ListType l && other instanceof ListType o) {
            return l.element().accepts(o.element());
        }
        return this instanceof EnumType a && other instanceof EnumType b && a.values().containsAll(b.values());
    }

    /** Parses the written form; throws {@link IllegalArgumentException} on anything else. */
    static Type parse(String text) {
        String t = text.strip();
        switch (t) {
            case "bool", "boolean" -> {
                return BOOL;
            }
            case "int", "integer" -> {
                return INT;
            }
            case "float", "number" -> {
                return FLOAT;
            }
            case "string" -> {
                return STRING;
            }
            case "any" -> {
                return ANY;
            }
            default -> {
                if (t.startsWith("list<") && t.endsWith(">")) {
                    return list(parse(t.substring(5, t.length() - 1)));
                }
                if (t.startsWith("enum(") && t.endsWith(")")) {
                    var values = Arrays.stream(t.substring(5, t.length() - 1).split(","))
                            .map(String::strip)
                            .filter(s -> !s.isEmpty())
                            .toList();
                    return enumOf(values);
                }
                throw new IllegalArgumentException("unknown type \"" + text + "\"");
            }
        }
    }

    /** {@code bool}, {@code int}, {@code float}, {@code string} and {@code any}. */
    record Primitive(String name) implements Type {
        @Override
        public String toString() {
            return name;
        }
    }

    record ListType(Type element) implements Type {
        public String name() {
            return "list<" + element.name() + ">";
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** A closed set of names, such as the declared outputs of a node. */
    record EnumType(List<String> values) implements Type {
        public EnumType {
            values = Models.list(values);
        }

        public String name() {
            return "enum(" + String.join(", ", values) + ")";
        }

        @Override
        public String toString() {
            return name();
        }
    }
}
