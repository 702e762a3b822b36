package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.util.List;

/** Whether a constant fits a declared type, value by value (an enum's values, a list's items). */
final class Values {
    private Values() {}

    /** Why a value does not fit a type, and the values the author probably meant. */
    record Misfit(String why, List<String> suggestions) {}

    /** Why {@code value} does not fit {@code type}, or null when it does. {@code null} fits every type. */
    static Misfit misfit(Value value, Type type) {
        if (Type.ANY.equals(type) || value instanceof Value.Null) {
            return null;
        }
        if (type instanceof Type.EnumType enumType && value instanceof Value.Str str) {
            if (enumType.values().contains(str.value())) {
                return null;
            }
            var suggestions = NameSuggester.suggest(str.value(), enumType.values());
            return new Misfit(str + " is not one of " + Messages.list(enumType.values()) + Messages.hint(suggestions), suggestions);
        }
        if (type instanceof Type.ListType list && value instanceof Value.ListOf items) {
            for (int i = 0; i < items.items().size(); i++) {
                Misfit item = misfit(items.items().get(i), list.element());
                if (item != null) {
                    return new Misfit("item " + (i + 1) + ": " + item.why(), item.suggestions());
                }
            }
            return null;
        }
        Type actual = value.type();
        boolean fits = !(actual instanceof Type.ListType) && !Type.ANY.equals(actual) && !(type instanceof Type.EnumType)
                && type.accepts(actual);
        String what = value instanceof Value.Obj ? "an object" : Messages.a(actual);
        return fits ? null : new Misfit(value + " is " + what + ", not " + Messages.a(type), List.of());
    }

    /** FLOW405: a string compared with or assigned to an enum is not one of its values. */
    static Diagnostic notInEnum(String value, Type.EnumType type, String whose, SourceRef at) {
        var suggestions = NameSuggester.suggest(value, type.values());
        String tail = suggestions.isEmpty() ? "; the values are " + Messages.list(type.values()) : Messages.hint(suggestions);
        return Diagnostic.of(Code.UNKNOWN_ENUM_VALUE, Messages.q(value) + " is not a value " + whose + tail, at)
                .withSuggestions(suggestions);
    }
}
