package dev.flow.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The {@code --color} choice; any other value is a usage error (exit status 2), as for every option. */
enum ColorMode {
    /** On a terminal, unless {@code NO_COLOR} is set or the terminal is dumb. */
    AUTO,
    ALWAYS,
    NEVER;

    /** Reads {@code auto}, {@code always} or {@code never}, and nothing else. */
    static final class Converter implements ITypeConverter<ColorMode> {
        @Override
        public ColorMode convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "always" -> ALWAYS;
                case "never" -> NEVER;
                default -> throw new TypeConversionException("expected auto, always or never, not \"" + value + "\"");
            };
        }
    }
}
