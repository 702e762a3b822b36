package dev.flow.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Defensive copies for record constructors: never null, never mutable, order kept. */
final class Models {
    private Models() {}

    static <T> List<T> list(List<T> items) {
        return items == null ? List.of() : List.copyOf(items);
    }

    static <K, V> Map<K, V> map(Map<K, V> entries) {
        return entries == null || entries.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }
}
