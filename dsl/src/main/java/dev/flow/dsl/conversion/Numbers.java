package dev.flow.dsl.conversion;

import java.math.BigDecimal;

/** Numbers written the way the grammar reads them back. */
public final class Numbers {
    private Numbers() {}

    /**
     * A double as a decimal with a point and at least one digit after it ({@code 2.0},
     * {@code 0.0000001}, {@code -1500000000.0}): never in exponent form, which the grammar does not read.
     */
    public static String decimal(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(value + " cannot be written in the Flow language");
        }
        if (value == 0.0) {
            return 1 / value < 0 ? "-0.0" : "0.0";
        }
        String plain = new BigDecimal(Double.toString(value)).toPlainString();
        return plain.contains(".") ? plain : plain + ".0";
    }
}
