package dev.flow.dsl.conversion;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.AbstractNullSafeConverter;
import org.eclipse.xtext.nodemodel.INode;

/** Converts the language's numbers and durations; names and strings keep Xtext's defaults. */
public class FlowValueConverters extends DefaultTerminalConverters {

    @ValueConverter(rule = "SignedInt")
    public IValueConverter<Long> signedInt() {
        return new AbstractNullSafeConverter<>() {
            @Override
            protected Long internalToValue(String string, INode node) {
                try {
                    return Long.parseLong(string.replace(" ", ""));
                } catch (NumberFormatException e) {
                    throw new ValueConverterException("'" + string + "' is not a whole number that fits in 64 bits", node, e);
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

    @ValueConverter(rule = "Number")
    public IValueConverter<Double> number() {
        return doubles();
    }

    private static IValueConverter<Double> doubles() {
        return new AbstractNullSafeConverter<>() {
            @Override
            protected Double internalToValue(String string, INode node) {
                try {
                    return Double.parseDouble(string.replace(" ", ""));
                } catch (NumberFormatException e) {
                    throw new ValueConverterException("'" + string + "' is not a number", node, e);
                }
            }

            @Override
            protected String internalToString(Double value) {
                return Double.toString(value);
            }
        };
    }
}
