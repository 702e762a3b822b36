package dev.flow.dsl.conversion;

import com.google.inject.Inject;
import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.AbstractNullSafeConverter;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Converts the language's names, numbers and durations between their written form and their value;
 * strings keep Xtext's defaults. Names lose their escapes ({@code ^merge} is {@code merge},
 * {@code `run-tests`} is {@code run-tests}); numbers that do not fit are syntax errors with a
 * message that says so.
 */
public class FlowValueConverters extends DefaultTerminalConverters {

    @Inject
    private Names names;

    @ValueConverter(rule = "ValidID")
    public IValueConverter<String> validId() {
        return nameConverter(false);
    }

    @ValueConverter(rule = "FieldName")
    public IValueConverter<String> fieldName() {
        return nameConverter(true);
    }

    private IValueConverter<String> nameConverter(boolean field) {
        return new AbstractNullSafeConverter<>() {
            @Override
            protected String internalToValue(String string, INode node) {
                return Names.unescape(string);
            }

            @Override
            protected String internalToString(String value) {
                return field ? names.escapeField(value) : names.escape(value);
            }
        };
    }

    @ValueConverter(rule = "Count")
    public IValueConverter<Integer> count() {
        return new AbstractNullSafeConverter<>() {
            @Override
            protected Integer internalToValue(String string, INode node) {
                try {
                    return Integer.parseInt(withoutSpaces(string));
                } catch (NumberFormatException e) {
                    throw new ValueConverterException(
                            "'" + string.strip() + "' is too large: counts go up to " + Integer.MAX_VALUE, node, e);
                }
            }

            @Override
            protected String internalToString(Integer value) {
                return Integer.toString(value);
            }
        };
    }

    @ValueConverter(rule = "Long")
    public IValueConverter<Long> unsignedLong() {
        return longs();
    }

    @ValueConverter(rule = "SignedInt")
    public IValueConverter<Long> signedInt() {
        return longs();
    }

    private static IValueConverter<Long> longs() {
        return new AbstractNullSafeConverter<>() {
            @Override
            protected Long internalToValue(String string, INode node) {
                try {
                    return Long.parseLong(withoutSpaces(string));
                } catch (NumberFormatException e) {
                    throw new ValueConverterException(
                            "'" + string.strip() + "' is not a whole number that fits in 64 bits", node, e);
                }
            }

            @Override
            protected String internalToString(Long value) {
                return Long.toString(value);
            }
        };
    }

    @ValueConverter(rule = "FLOAT")
    public IValueConverter<Double> floatTerminal() {
        return doubles();
    }

    @ValueConverter(rule = "SignedFloat")
    public IValueConverter<Double> signedFloat() {
        return doubles();
    }

    @ValueConverter(rule = "SignedNumber")
    public IValueConverter<Double> signedNumber() {
        return doubles();
    }

    private static IValueConverter<Double> doubles() {
        return new AbstractNullSafeConverter<>() {
            @Override
            protected Double internalToValue(String string, INode node) {
                try {
                    double value = Double.parseDouble(withoutSpaces(string));
                    if (Double.isInfinite(value)) {
                        throw new NumberFormatException("infinite");
                    }
                    return value;
                } catch (NumberFormatException e) {
                    throw new ValueConverterException("'" + string.strip() + "' is not a number Flow can hold", node, e);
                }
            }

            @Override
            protected String internalToString(Double value) {
                return Numbers.decimal(value);
            }
        };
    }

    /** Durations stay text in the syntax tree ({@code 10m}, {@code -5s}); the compiler reads them. */
    @ValueConverter(rule = "DurationValue")
    public IValueConverter<String> duration() {
        return new AbstractNullSafeConverter<>() {
            @Override
            protected String internalToValue(String string, INode node) {
                String text = withoutSpaces(string);
                if (Durations.parse(text) == null) {
                    throw new ValueConverterException("'" + text + "' is too long a duration", node, null);
                }
                return text;
            }

            @Override
            protected String internalToString(String value) {
                return value;
            }
        };
    }

    private static String withoutSpaces(String string) {
        return string.replaceAll("\\s+", "");
    }
}
