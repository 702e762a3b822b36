package dev.flow.engine.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.model.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Plain values at run time (String, Long, Double, Boolean, List, Map, null, as {@link
 * dev.flow.model.Value#toJava()} gives them): truth, equality, order, text form, and conversion to
 * a declared {@link Type}.
 */
public final class Values {
    private Values() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** false, null, 0, "" and empty collections are false; everything else is true. */
    public static boolean truthy(Object v) {
        if (v == null) {
            return false;
        } else if (v instanceof Boolean b) {
            return b;
        } else if (v instanceof Number n) {
            return n.doubleValue() != 0;
        } else if (v instanceof String s) {
            return !s.isEmpty();
        } else if (v instanceof Collection<?> c) {
            return !c.isEmpty();
        } else if (v instanceof Map<?, ?> m) {
            return !m.isEmpty();
        }
        return true;
    }

    /** Equality where 3 equals 3.0 and lists and objects compare element by element. */
    public static boolean same(Object a, Object b) {
        if (a == null || b == null) {
            return a == null && b == null;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return x.size() == y.size() && x.entrySet().stream().allMatch(e -> y.containsKey(e.getKey()) && same(e.getValue(), y.get(e.getKey())));
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** Order of two numbers or two strings. */
    public static int compare(Object a, Object b, String op) {
        if (a instanceof Number x && b instanceof Number y) {
            return Double.compare(x.doubleValue(), y.doubleValue());
        }
        if (a instanceof String x && b instanceof String y) {
            return x.compareTo(y);
        }
        throw new EvalException("\"" + op + "\" compares two numbers or two strings, not " + describe(a) + " and " + describe(b));
    }

    /** A value as it appears in a prompt: text as is, numbers plainly, lists and objects as JSON. */
    public static String format(Object v) {
        if (v == null) {
            return "";
        } else if (v instanceof String s) {
            return s;
        } else if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return d.toString();
            }
            return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        } else if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        return json(v);
    }

    /** The value as compact JSON. */
    public static String json(Object v) {
        try {
            return JSON.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a plain value: " + v, e);
        }
    }

    /** The type of a value, for messages. */
    public static String describe(Object v) {
        if (v == null) {
            return "null";
        } else if (v instanceof String s) {
            return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
        } else if (v instanceof Boolean) {
            return "the bool " + v;
        } else if (v instanceof Long || v instanceof Integer) {
            return "the int " + v;
        } else if (v instanceof Number) {
            return "the float " + format(v);
        } else if (v instanceof List<?>) {
            return "a list";
        } else if (v instanceof Map<?, ?>) {
            return "an object";
        }
        return v.getClass().getSimpleName();
    }

    /**
     * Converts a plain value to {@code type}: ints to floats, integral floats to ints, strings to
     * enum values they name. Throws {@link EvalException} when the value does not fit.
     */
    public static Object coerce(Object v, Type type) {
        if (v == null || Type.ANY.equals(type)) {
            return normalize(v);
        }
        if (Type.BOOL.equals(type) && v instanceof Boolean) {
            return v;
        }
        if (Type.INT.equals(type) && v instanceof Number n) {
            double d = n.doubleValue();
            if (d == Math.rint(d) && !Double.isInfinite(d)) {
                return n.longValue();
            }
        }
        if (Type.FLOAT.equals(type) && v instanceof Number n) {
            return n.doubleValue();
        }
        if (Type.STRING.equals(type) && v instanceof String) {
            return v;
        }
        if (type instanceof Type.EnumType e && v instanceof String s && e.values().contains(s)) {
            return s;
        }
        if (type instanceof Type.ListType l && v instanceof List<?> items) {
            var out = new ArrayList<Object>(items.size());
            for (Object item : items) {
                out.add(coerce(item, l.element()));
            }
            return out;
        }
        throw new EvalException("expected " + type.name() + ", got " + describe(v));
    }

    /**
     * Converts a value to the type of the variable it is stored in: as {@link #coerce}, and text is
     * read as that type ({@code "87"} into an int, {@code "true"} into a bool), because a node's text
     * result is text whatever it holds. Throws {@link EvalException} when it does not read as one.
     */
    public static Object convert(Object v, Type type) {
        if (v instanceof String s && !Type.STRING.equals(type) && !Type.ANY.equals(type) && !(type instanceof Type.EnumType)) {
            return parse(s, type);
        }
        if (v instanceof List<?> items && type instanceof Type.ListType l) {
            var out = new ArrayList<Object>(items.size());
            for (Object item : items) {
                out.add(convert(item, l.element()));
            }
            return out;
        }
        return coerce(v, type);
    }

    /** Integers as Long, other numbers as Double, so that equal values have equal forms. */
    public static Object normalize(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigInteger b) {
            return b.longValue();
        }
        if (v instanceof Float || v instanceof BigDecimal) {
            return ((Number) v).doubleValue();
        }
        return v;
    }

    /**
     * Parses text typed on a command line ({@code --input n=3}) as a value of {@code type}: numbers,
     * {@code true}/{@code false}, lists as JSON arrays or comma-separated items, enums by name.
     */
    public static Object parse(String text, Type type) {
        String t = text.strip();
        if (Type.STRING.equals(type) || Type.ANY.equals(type)) {
            return text;
        }
        if (Type.BOOL.equals(type)) {
            switch (t.toLowerCase(Locale.ROOT)) {
                case "true", "yes", "1" -> {
                    return true;
                }
                case "false", "no", "0" -> {
                    return false;
                }
                default -> throw new EvalException("expected a bool (true or false), got \"" + text + "\"");
            }
        }
        if (Type.INT.equals(type)) {
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new EvalException("expected an int, got \"" + text + "\"");
            }
        }
        if (Type.FLOAT.equals(type)) {
            try {
                double d = Double.parseDouble(t);
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw new NumberFormatException();
                }
                return d;
            } catch (NumberFormatException e) {
                throw new EvalException("expected a float, got \"" + text + "\"");
            }
        }
        if (type instanceof Type.EnumType e) {
            if (e.values().contains(t)) {
                return t;
            }
            throw new EvalException("expected one of " + String.join(", ", e.values()) + ", got \"" + text + "\"");
        }
        if (type instanceof Type.ListType l) {
            List<?> items;
            if (t.startsWith("[")) {
                try {
                    items = JSON.readValue(t, List.class);
                } catch (JsonProcessingException ex) {
                    throw new EvalException("expected a JSON list, got \"" + text + "\"");
                }
                return coerce(items, type);
            }
            var out = new ArrayList<Object>();
            if (!t.isEmpty()) {
                for (String part : t.split(",", -1)) {
                    out.add(parse(part.strip(), l.element()));
                }
            }
            return out;
        }
        throw new EvalException("values of type " + type.name() + " cannot be given on the command line");
    }

    /** The zero value of a type: false, 0, 0.0, "", [], the first enum value, null. */
    public static Object zero(Type type) {
        if (Type.BOOL.equals(type)) {
            return false;
        } else if (Type.INT.equals(type)) {
            return 0L;
        } else if (Type.FLOAT.equals(type)) {
            return 0.0;
        } else if (Type.STRING.equals(type)) {
            return "";
        } else if (type instanceof Type.ListType) {
            return List.of();
        } else if (type instanceof Type.EnumType e && !e.values().isEmpty()) {
            return e.values().get(0);
        }
        return null;
    }
}
