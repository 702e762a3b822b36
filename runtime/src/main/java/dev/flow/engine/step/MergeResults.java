package dev.flow.engine.step;

import dev.flow.engine.eval.Values;
import dev.flow.model.MergeStrategy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a merge combines the results of the branches it joined, given in the order they finished.
 *
 * <ul>
 *   <li>{@code union} merges them deeply: objects key by key, at every depth; two lists make one, the
 *       later list's elements appended unless equal to one already there; anything else (two scalars,
 *       or values of different kinds) is the later branch's value.
 *   <li>{@code intersection} keeps what every branch agrees on, so that the result does not depend on
 *       which finished first: a key that every result has, with, when the values are all objects,
 *       their intersection (kept even when empty); when they are all lists, the elements of the first
 *       that every other list has; otherwise the value when they are all equal (numbers by value:
 *       {@code 1} and {@code 1.0} are equal), else nothing.
 *   <li>{@code first} is the result of the branch that finished first.
 * </ul>
 *
 * <p>Results are plain JSON values (maps, lists, strings, numbers, booleans, null); they are copied,
 * never changed.
 */
final class MergeResults {
    private MergeResults() {}

    static Map<String, Object> combine(MergeStrategy strategy, List<Map<String, Object>> results) {
        if (results.isEmpty()) {
            return new LinkedHashMap<>();
        }
        Map<String, Object> out = copy(results.get(0));
        for (Map<String, Object> next : results.subList(1, results.size())) {
            out = switch (strategy) {
                case FIRST -> out;
                case UNION -> union(out, next);
                case INTERSECTION -> intersection(out, next);
            };
        }
        return out;
    }

    private static Map<String, Object> union(Map<String, Object> earlier, Map<String, Object> later) {
        var out = new LinkedHashMap<>(earlier);
        later.forEach((key, value) -> out.put(key, out.containsKey(key) ? unionValues(out.get(key), copyValue(value)) : copyValue(value)));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object unionValues(Object earlier, Object later) {
        if (earlier instanceof Map<?, ?> a && later instanceof Map<?, ?> b) {
            return union((Map<String, Object>) a, (Map<String, Object>) b);
        }
        if (earlier instanceof List<?> a && later instanceof List<?> b) {
            var out = new ArrayList<Object>(a);
            for (Object element : b) {
                if (out.stream().noneMatch(e -> same(e, element))) {
                    out.add(element);
                }
            }
            return out;
        }
        return later;
    }

    private static Map<String, Object> intersection(Map<String, Object> a, Map<String, Object> b) {
        var out = new LinkedHashMap<String, Object>();
        a.forEach((key, value) -> {
            if (!b.containsKey(key)) {
                return;
            }
            Object common = intersectValues(value, b.get(key));
            if (common != NOTHING) {
                out.put(key, common);
            }
        });
        return out;
    }

    /** Marks a value the branches do not agree on (null is a value they may agree on). */
    private static final Object NOTHING = new Object();

    @SuppressWarnings("unchecked")
    private static Object intersectValues(Object a, Object b) {
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return intersection((Map<String, Object>) x, (Map<String, Object>) y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            return x.stream().filter(e -> y.stream().anyMatch(f -> same(e, f))).map(MergeResults::copyValue).toList();
        }
        return same(a, b) ? a : NOTHING;
    }

    /** Equal as JSON values: numbers by their value ({@code 1} and {@code 1.0}), containers element by element. */
    private static boolean same(Object a, Object b) {
        return Values.same(a, b);
    }

    private static Map<String, Object> copy(Map<String, Object> m) {
        var out = new LinkedHashMap<String, Object>();
        m.forEach((k, v) -> out.put(k, copyValue(v)));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object copyValue(Object v) {
        if (v instanceof Map<?, ?> m) {
            return copy((Map<String, Object>) m);
        }
        if (v instanceof List<?> l) {
            return new ArrayList<>(l.stream().map(MergeResults::copyValue).toList());
        }
        return v;
    }
}
