package dev.flow.studio;

import dev.flow.engine.ExecutionQueries;
import dev.flow.store.ExecutionFilter;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ExecutionStatus;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.jetty.util.Fields;

/**
 * A search of executions as {@code GET /api/executions} takes it in its query string (the page
 * copies its own address's query there, so a shared address shows the same list): {@code status}
 * (one or more, comma-separated), {@code workflow}, {@code id} (a prefix), {@code q} (text in
 * inputs or node results), {@code from} and {@code to} (epoch ms), {@code top} ({@code 1}: no
 * child executions), {@code after} (the {@code next} of the page before) and {@code limit}.
 */
record FindQuery(ExecutionFilter filter, ExecutionFilter.Cursor after, int limit) {
    /** Rows a page holds unless asked otherwise, and at most. */
    static final int PAGE = 50;
    static final int MAX_PAGE = 500;

    /** Reads the query string; a value that makes no sense is refused with 400 and a message naming it. */
    static FindQuery parse(Fields query) {
        var filter = new ExecutionFilter(statuses(query.getValues("status")), query.getValue("workflow"), query.getValue("id"),
                query.getValue("q"), time(query, "from"), time(query, "to"), "1".equals(query.getValue("top")));
        String limit = query.getValue("limit");
        int size = limit == null || limit.isEmpty() ? PAGE : (int) Math.min(MAX_PAGE, Math.max(1, number("limit", limit)));
        return new FindQuery(filter, cursor(query.getValue("after")), size);
    }

    /** The page: {@code executions} as the list shows them, and {@code next}, the {@code after} of the next page (null at the end). */
    Map<String, Object> page(ExecutionQueries queries) {
        List<ExecutionRow> rows = queries.find(filter, after, limit + 1); // one more says whether a next page exists
        var out = new LinkedHashMap<String, Object>();
        out.put("executions", rows.stream().limit(limit).map(StudioData::execution).toList());
        out.put("next", rows.size() > limit ? next(rows.get(limit - 1)) : null);
        return out;
    }

    /** The {@code after} that asks for the page following {@code last}: its creation time and id. */
    static String next(ExecutionRow last) {
        return last.createdAt() + "." + last.id();
    }

    private static ExecutionFilter.Cursor cursor(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        int dot = text.indexOf('.');
        if (dot <= 0 || dot == text.length() - 1) {
            throw new HttpProblem(400, "\"after\" is the \"next\" of an earlier page (TIME.ID), not \"" + text + "\"");
        }
        return new ExecutionFilter.Cursor(number("after", text.substring(0, dot)), text.substring(dot + 1));
    }

    private static Set<ExecutionStatus> statuses(List<String> values) {
        var out = EnumSet.noneOf(ExecutionStatus.class);
        if (values == null) {
            return out;
        }
        for (String value : values) {
            for (String keyword : value.split(",")) {
                if (keyword.isBlank()) {
                    continue;
                }
                out.add(Arrays.stream(ExecutionStatus.values()).filter(s -> s.keyword().equals(keyword.strip())).findFirst()
                        .orElseThrow(() -> new HttpProblem(400, "no status \"" + keyword.strip() + "\": one of "
                                + Arrays.stream(ExecutionStatus.values()).map(ExecutionStatus::keyword).collect(Collectors.joining(", ")))));
            }
        }
        return out;
    }

    private static Long time(Fields query, String name) {
        String text = query.getValue(name);
        return text == null || text.isEmpty() ? null : number(name, text);
    }

    private static long number(String name, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new HttpProblem(400, "\"" + name + "\" takes a number, not \"" + text + "\"");
        }
    }
}
