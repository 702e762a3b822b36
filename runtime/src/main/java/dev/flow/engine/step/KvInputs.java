package dev.flow.engine.step;

import dev.flow.model.KvRef;
import dev.flow.store.KvEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A task's {@code inputs} as its process meets them, read in the claiming transaction: a section of
 * the agent's prompt that lists each value (inlined when it is at most {@value #INLINE_MAX} bytes,
 * as seed 003 advises, so that a large one does not bloat the prompt; otherwise the command that
 * reads it), and the same list in the context file ({@code kv_inputs}).
 */
public final class KvInputs {
    /** Values up to this many bytes (UTF-8) are written into the prompt. */
    public static final int INLINE_MAX = 2 * 1024;
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:@%+=,-]+");

    private KvInputs() {}

    /**
     * @param section the prompt's section, starting with a line that says what it is
     * @param context one object a value for the context file: {@code node}, {@code key}, {@code as},
     *     {@code found}, {@code bytes}, {@code value} (when inlined) and {@code command}
     */
    record Rendered(String section, List<Map<String, Object>> context) {}

    static Rendered of(Step step, RunContext ctx, List<KvRef> refs) {
        var text = new StringBuilder("Inputs from the key-value store (\"$FLOW_BIN\" kv get reads them again):\n");
        var context = new ArrayList<Map<String, Object>>();
        for (KvRef ref : refs) {
            String scope = ref.readsRun() ? KvEntry.RUN_SCOPE : ref.node().name();
            KvEntry entry = step.tx.kv().get(ctx.id(), scope, ref.key()).orElse(null);
            String command = command(ref);
            var item = new LinkedHashMap<String, Object>();
            item.put("node", scope);
            item.put("key", ref.key());
            if (ref.as() != null) {
                item.put("as", ref.as());
            }
            item.put("found", entry != null);
            text.append("- ").append(ref.as() == null ? "" : ref.as() + ", ").append(ref.describe()).append(":");
            if (entry == null) {
                text.append(" no value yet\n");
            } else if (entry.value() != null && entry.bytes() <= INLINE_MAX) {
                item.put("bytes", entry.bytes());
                item.put("value", entry.value());
                text.append(entry.value().contains("\n") ? "\n" + indent(entry.value()) : " " + entry.value()).append('\n');
            } else {
                item.put("bytes", entry.bytes());
                text.append(' ').append(size(entry.bytes())).append(", not shown: ").append(command).append('\n');
            }
            item.put("command", command);
            context.add(item);
        }
        return new Rendered(text.toString().stripTrailing(), context);
    }

    /** The command that prints the value, as the task's process can run it. */
    private static String command(KvRef ref) {
        return "\"$FLOW_BIN\" kv get " + (ref.readsRun() ? "--run" : "--node " + shell(ref.node().name())) + " " + shell(ref.key());
    }

    private static String shell(String word) {
        return PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    private static String indent(String value) {
        return value.stripTrailing().lines().map(l -> "  " + l).reduce((a, b) -> a + "\n" + b).orElse("");
    }

    private static String size(long bytes) {
        return bytes < 1024 * 1024 ? String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0)
                : String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
    }
}
