package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A scalar: its text as written (after YAML's unquoting and folding), the type YAML 1.1 gives it
 * (the same rules as PyYAML and SnakeYAML: {@code yes} is a boolean, {@code 1.0} a float), and its
 * style. Where a name or a text is expected the readers take {@link #text()} whatever the type, so
 * {@code outputs: [yes, no]} names the outputs "yes" and "no".
 */
public record YScalar(String text, Type type, Style style, SourceRef source) implements YNode {

    public YScalar {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(style, "style");
    }

    /** The type YAML resolved for the scalar. Quoted scalars are always strings. */
    public enum Type {
        STRING("a string"),
        INT("a whole number"),
        FLOAT("a number"),
        BOOL("a boolean"),
        NULL("null");

        private final String description;

        Type(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** How the scalar was written. */
    public enum Style {
        PLAIN,
        SINGLE_QUOTED,
        DOUBLE_QUOTED,
        LITERAL,
        FOLDED;

        public boolean isQuoted() {
            return this == SINGLE_QUOTED || this == DOUBLE_QUOTED;
        }
    }

    @Override
    public long expandedSize() {
        return 1;
    }

    @Override
    public String description() {
        return type == Type.STRING ? "a string (\"" + abbreviate(text) + "\")" : type.description() + " (" + abbreviate(text) + ")";
    }

    public boolean isNull() {
        return type == Type.NULL;
    }

    /** The value as a whole number, when YAML typed it as one and it fits in a long. */
    public Optional<Long> asLong() {
        if (type != Type.INT) {
            return Optional.empty();
        }
        try {
            return Optional.of(parseInt(text).longValueExact());
        } catch (ArithmeticException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The value as a number, when YAML typed it as an int or a float. */
    public Optional<Double> asDouble() {
        if (type == Type.INT) {
            try {
                return Optional.of(parseInt(text).doubleValue());
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        if (type != Type.FLOAT) {
            return Optional.empty();
        }
        String t = text.replace("_", "");
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".inf")) {
            return Optional.of(lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        }
        if (lower.equals(".nan")) {
            return Optional.of(Double.NaN);
        }
        try {
            return Optional.of(t.contains(":") ? sexagesimal(t) : Double.parseDouble(t));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The value as a boolean, when YAML typed it as one ({@code true}, {@code yes}, {@code on} and their opposites). */
    public Optional<Boolean> asBoolean() {
        if (type != Type.BOOL) {
            return Optional.empty();
        }
        String lower = text.toLowerCase(Locale.ROOT);
        return Optional.of(lower.equals("true") || lower.equals("yes") || lower.equals("on") || lower.equals("y"));
    }

    /** The scalar as a plain data value of its YAML type. */
    public Value toValue() {
        return switch (type) {
            case INT -> asLong().<Value>map(Value::of).orElseGet(() -> Value.of(text));
            case FLOAT -> asDouble().<Value>map(Value::of).orElseGet(() -> Value.of(text));
            case BOOL -> Value.of(asBoolean().orElse(false));
            case NULL -> Value.Null.INSTANCE;
            case STRING -> Value.of(text);
        };
    }

    /** YAML 1.1 integers: decimal, 0x hex, 0b binary, leading-0 octal, base 60, with _ separators. */
    private static BigInteger parseInt(String written) {
        String t = written.replace("_", "");
        int sign = 1;
        if (t.startsWith("-") || t.startsWith("+")) {
            sign = t.startsWith("-") ? -1 : 1;
            t = t.substring(1);
        }
        BigInteger magnitude;
        if (t.startsWith("0x")) {
            magnitude = new BigInteger(t.substring(2), 16);
        } else if (t.startsWith("0b")) {
            magnitude = new BigInteger(t.substring(2), 2);
        } else if (t.contains(":")) {
            magnitude = BigInteger.valueOf((long) sexagesimal(t));
        } else if (t.length() > 1 && t.startsWith("0")) {
            magnitude = new BigInteger(t.substring(1), 8);
        } else {
            magnitude = new BigInteger(t);
        }
        return sign < 0 ? magnitude.negate() : magnitude;
    }

    private static double sexagesimal(String t) {
        boolean negative = t.startsWith("-");
        double value = 0;
        for (String part : t.replaceFirst("^[-+]", "").split(":")) {
            value = value * 60 + Double.parseDouble(part);
        }
        return negative ? -value : value;
    }

    static String abbreviate(String text) {
        String oneLine = text.replace("\n", "\\n");
        return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "...";
    }
}
