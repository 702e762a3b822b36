package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.AnyType;
import dev.flow.dsl.flow.BoolType;
import dev.flow.dsl.flow.BoolValue;
import dev.flow.dsl.flow.EnumType;
import dev.flow.dsl.flow.FloatType;
import dev.flow.dsl.flow.FloatValue;
import dev.flow.dsl.flow.IntType;
import dev.flow.dsl.flow.IntValue;
import dev.flow.dsl.flow.ListType;
import dev.flow.dsl.flow.ListValue;
import dev.flow.dsl.flow.ObjectEntry;
import dev.flow.dsl.flow.ObjectValue;
import dev.flow.dsl.flow.OutputsType;
import dev.flow.dsl.flow.StringType;
import dev.flow.dsl.flow.StringValue;
import dev.flow.dsl.flow.TypeRef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/** Types and constant values (defaults, initial values, metadata). */
final class Constants {
    private Constants() {}

    /**
     * The model type of a written type; {@code outputs of n} is the enum of n's outputs (defaults
     * of its kind included), or {@code any} when n is unknown (the validator reports it).
     */
    static Type type(TypeRef t) {
        if (t == null || t instanceof AnyType) {
            return Type.ANY;
        } else if (t instanceof BoolType) {
            return Type.BOOL;
        } else if (t instanceof IntType) {
            return Type.INT;
        } else if (t instanceof FloatType) {
            return Type.FLOAT;
        } else if (t instanceof StringType) {
            return Type.STRING;
        } else if (t instanceof ListType l) {
            return Type.list(type(l.getElement()));
        } else if (t instanceof EnumType e) {
            return Type.enumOf(e.getValues());
        } else if (t instanceof OutputsType o) {
            var node = o.getNode();
            return node == null || node.eIsProxy() ? Type.ANY : Type.enumOf(Outputs.effective(node));
        }
        return Type.ANY;
    }

    /** The model value of a written constant; null when none is written. */
    static Value value(dev.flow.dsl.flow.Value v) {
        if (v == null) {
            return null;
        } else if (v instanceof StringValue s) {
            return Value.of(s.getValue() == null ? "" : s.getValue());
        } else if (v instanceof IntValue i) {
            return Value.of(i.getValue());
        } else if (v instanceof FloatValue f) {
            return Value.of(f.getValue());
        } else if (v instanceof BoolValue b) {
            return Value.of(b.isValue());
        } else if (v instanceof ListValue l) {
            var items = new ArrayList<Value>();
            for (var item : l.getItems()) {
                items.add(value(item));
            }
            return new Value.ListOf(items);
        } else if (v instanceof ObjectValue o) {
            return new Value.Obj(fields(o));
        }
        return Value.Null.INSTANCE;
    }

    /** The fields of an object constant, in the order written (a later key replaces an earlier one). */
    static Map<String, Value> fields(dev.flow.dsl.flow.Value v) {
        var out = new LinkedHashMap<String, Value>();
        if (v instanceof ObjectValue o) {
            for (ObjectEntry entry : o.getEntries()) {
                if (entry.getKey() != null) {
                    out.put(entry.getKey(), value(entry.getValue()));
                }
            }
        }
        return out;
    }
}
