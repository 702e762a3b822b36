package dev.flow.engine.eval;

import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Values written as the supervisor's Python writes them, so that a dialect 1 prompt reads the same
 * in Flow: {@link #jsonDump} is {@code json.dumps(value, indent=2)} (ASCII only, as its default
 * {@code ensure_ascii} makes it), {@link #str} and {@link #repr} are Python's {@code str()} and
 * {@code repr()} of the value ({@code True}, {@code None}, {@code ['a', 1]}, {@code 1e-05}).
 * Values are those of a run: String, Long, Double, Boolean, List, Map, null.
 */
public final class PythonText {
    private PythonText() {}

    /** {@code json.dumps(value, indent=2)}. */
    public static String jsonDump(Object value) {
        var out = new StringBuilder();
        json(value, 0, out);
        return out.toString();
    }

    /** {@code str(value)}. */
    public static String str(Object value) {
        return value instanceof String s ? s : repr(value);
    }

    /** {@code repr(value)}. */
    public static String repr(Object value) {
        if (value == null) {
            return "None";
        } else if (value instanceof Boolean b) {
            return b ? "True" : "False";
        } else if (value instanceof Double || value instanceof Float) {
            return floatRepr(((Number) value).doubleValue(), "nan", "inf");
        } else if (value instanceof Number n) {
            return n.toString();
        } else if (value instanceof String s) {
            return stringRepr(s);
        } else if (value instanceof List<?> list) {
            var out = new StringBuilder("[");
            for (Iterator<?> it = list.iterator(); it.hasNext(); ) {
                out.append(repr(it.next())).append(it.hasNext() ? ", " : "");
            }
            return out.append(']').toString();
        } else if (value instanceof Map<?, ?> map) {
            var out = new StringBuilder("{");
            for (Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator(); it.hasNext(); ) {
                var e = it.next();
                out.append(repr(e.getKey())).append(": ").append(repr(e.getValue())).append(it.hasNext() ? ", " : "");
            }
            return out.append('}').toString();
        }
        return stringRepr(value.toString());
    }

    /** {@code ascii(value)}: repr with every non-ASCII character escaped. */
    public static String ascii(Object value) {
        String repr = repr(value);
        var out = new StringBuilder(repr.length());
        repr.codePoints().forEach(cp -> {
            if (cp < 0x80) {
                out.appendCodePoint(cp);
            } else if (cp <= 0xff) {
                out.append(String.format("\\x%02x", cp));
            } else if (cp <= 0xffff) {
                out.append(String.format("\\u%04x", cp));
            } else {
                out.append(String.format("\\U%08x", cp));
            }
        });
        return out.toString();
    }

    private static void json(Object value, int depth, StringBuilder out) {
        if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append('{');
            String sep = "\n";
            for (var e : map.entrySet()) {
                out.append(sep).append("  ".repeat(depth + 1));
                jsonString(String.valueOf(e.getKey()), out);
                out.append(": ");
                json(e.getValue(), depth + 1, out);
                sep = ",\n";
            }
            out.append('\n').append("  ".repeat(depth)).append('}');
        } else if (value instanceof List<?> list) {
            if (list.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append('[');
            String sep = "\n";
            for (Object item : list) {
                out.append(sep).append("  ".repeat(depth + 1));
                json(item, depth + 1, out);
                sep = ",\n";
            }
            out.append('\n').append("  ".repeat(depth)).append(']');
        } else if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean b) {
            out.append(b ? "true" : "false");
        } else if (value instanceof Double || value instanceof Float) {
            out.append(floatRepr(((Number) value).doubleValue(), "NaN", "Infinity"));
        } else if (value instanceof Number n) {
            out.append(n);
        } else {
            jsonString(value.toString(), out);
        }
    }

    /** A JSON string with every character outside printable ASCII escaped, as {@code ensure_ascii} does. */
    private static void jsonString(String s, StringBuilder out) {
        JsonStrings.quote(out, s, JsonStrings.Style.PYTHON_ASCII);
    }

    /** Python's repr of a str: single quotes unless the text holds one and no double quote. */
    private static String stringRepr(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        var out = new StringBuilder().append(quote);
        s.codePoints().forEach(cp -> {
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
                out.append(String.format("\\x%02x", cp));
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.append(quote).toString();
    }

    /**
     * Python's repr of a float: the shortest digits that read back to it, positional from 1e-4 up
     * to 1e16 ({@code 0.0001}, {@code 3.0}), scientific outside ({@code 1e-05}, {@code 1.5e+16}).
     */
    static String floatRepr(double d, String nan, String infinity) {
        if (Double.isNaN(d)) {
            return nan;
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? infinity : "-" + infinity;
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
        String digits = exact.unscaledValue().toString();
        int exponent = digits.length() - 1 - exact.scale();
        String sign = d < 0 ? "-" : "";
        if (exponent >= -4 && exponent < 16) {
            String plain = exact.toPlainString();
            return sign + (plain.contains(".") ? plain : plain + ".0");
        }
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + String.format("%02d", Math.abs(exponent));
    }
}
