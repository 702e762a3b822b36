package dev.flow.model;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A plain data value: the literals of conditions, the initial values of state variables, the
 * defaults of inputs, and node metadata. Values map one to one onto JSON values; integers and
 * floats stay distinct ({@code 3} is an {@link Int}, {@code 3.0} a {@link Real}).
 */
public sealed interface Value {

    /** The type this value has on its own (lists of mixed elements are {@code list<any>}). */
    Type type();

    /** The JSON-like Java form: String, Long, Double, Boolean, List, Map or null. */
    Object toJava();

    record Str(String value) implements Value {
        public Str {
            Objects.requireNonNull(value);
        }

        public Type type() {
            return Type.STRING;
        }

        public Object toJava() {
            return value;
        }

        @Override
        public String toString() {
            return Literals.quote(value);
        }
    }

    record Int(long value) implements Value {
        public Type type() {
            return Type.INT;
        }

        public Object toJava() {
            return value;
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    record Real(double value) implements Value {
        public Type type() {
            return Type.FLOAT;
        }

        public Object toJava() {
            return value;
        }

        @Override
        public String toString() {
            return Double.toString(value);
        }
    }

    record Bool(boolean value) implements Value {
        public static final Bool TRUE = new Bool(true);
        public static final Bool FALSE = new Bool(false);

        public Type type() {
            return Type.BOOL;
        }

        public Object toJava() {
            return value;
        }

        @Override
        public String toString() {
            return Boolean.toString(value);
        }
    }

    record ListOf(List<Value> items) implements Value {
        public ListOf {
            items = Models.list(items);
        }

        public Type type() {
            Type element = items.stream().map(Value::type).distinct().count() == 1
                    ? items.get(0).type()
                    : items.isEmpty() ? Type.STRING : Type.ANY;
            return Type.list(element);
        }

        public Object toJava() {
            return items.stream().map(Value::toJava).toList();
        }

        @Override
        public String toString() {
            return items.stream().map(Value::toString).collect(Collectors.joining(", ", "[", "]"));
        }
    }

    record Obj(Map<String, Value> fields) implements Value {
        public Obj {
            fields = Models.map(fields);
        }

        public Type type() {
            return Type.ANY;
        }

        public Object toJava() {
            var out = new LinkedHashMap<String, Object>();
            fields.forEach((k, v) -> out.put(k, v.toJava()));
            return out;
        }

        @Override
        public String toString() {
            return fields.entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining(", ", "{", "}"));
        }
    }

    record Null() implements Value {
        public static final Null INSTANCE = new Null();

        public Type type() {
            return Type.ANY;
        }

        public Object toJava() {
            return null;
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    static Value of(String s) {
        return new Str(s);
    }

    static Value of(long n) {
        return new Int(n);
    }

    static Value of(double d) {
        return new Real(d);
    }

    static Value of(boolean b) {
        return b ? Bool.TRUE : Bool.FALSE;
    }

    /** Converts the JSON-like Java form (see {@link #toJava()}) back to a value. */
    static Value fromJava(Object o) {
        if (o == null) {
            return Null.INSTANCE;
        } else if (o instanceof Value v) {
            return v;
        } else if (o instanceof String s) {
            return new Str(s);
        } else if (o instanceof Boolean b) {
            return of(b);
        } else if (o instanceof Integer || o instanceof Long || o instanceof Short || o instanceof Byte) {
            return new Int(((Number) o).longValue());
        } else if (o instanceof BigInteger big) {
            return new Int(big.longValueExact());
        } else if (o instanceof Number n) {
            return new Real(n.doubleValue());
        } else if (o instanceof List<?> l) {
            return new ListOf(l.stream().map(Value::fromJava).toList());
        } else if (o instanceof Map<?, ?> m) {
            var fields = new LinkedHashMap<String, Value>();
            m.forEach((k, v) -> fields.put(String.valueOf(k), fromJava(v)));
            return new Obj(fields);
        }
        throw new IllegalArgumentException("not a plain data value: " + o.getClass().getName());
    }
}
