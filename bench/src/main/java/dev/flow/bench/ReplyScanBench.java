package dev.flow.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.flow.engine.exec.AgentReply;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How long reading an agent's answer takes when 300 KB of braces come before it: Flow's scan
 * ({@link AgentReply#parse}: one pass over the text for the balanced spans, parsed from the last
 * one back) against the scan it replaced ({@link QuadraticScan}: every {@code '{'} tried for every
 * {@code '}'}), on the inputs that made the old one slow, with what each found. Each figure is the
 * median of nine runs after a warm-up; a scan that takes over a second is timed once.
 *
 * <p>Run with {@code bench/run.sh reply}; see bench/README.md.
 */
public final class ReplyScanBench {

    private static final int SIZE = 300 * 1024;
    private static final String ANSWER = "\n{\"output\": \"done\", \"summary\": \"found it\"}\n";

    public static void main(String[] args) {
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("300 KB of '}', no answer", "}".repeat(SIZE));
        inputs.put("the answer, then 300 KB of '}'", ANSWER + "}".repeat(SIZE));
        inputs.put("300 KB of '{', then the answer", "{".repeat(SIZE) + ANSWER);
        inputs.put("300 KB of '{', then one '}'", "{".repeat(SIZE) + "}");
        inputs.put("the answer, then 300 KB of nested garbage", ANSWER + "{\"a\": {\"b\": [} ".repeat(SIZE / 16));
        inputs.put("a normal 2 KB answer", "I looked at the code and fixed it.\n".repeat(60) + ANSWER);
        System.out.printf(Locale.ROOT, "%-44s %12s %8s %12s %8s%n", "input", "before", "found", "after", "found");
        for (var e : inputs.entrySet()) {
            String text = e.getValue();
            Timed before = time(text, s -> QuadraticScan.lastObject(s).map(o -> o.path("output").asText("(other)")));
            Timed after = time(text, s -> AgentReply.parse(s).map(r -> r.output() == null ? "(none)" : r.output()));
            System.out.printf(Locale.ROOT, "%-44s %9.1f ms %8s %9.2f ms %8s%n", e.getKey(), before.ms, before.found, after.ms, after.found);
        }
    }

    private record Timed(double ms, String found) {}

    /** The median of several runs after a warm-up; a scan that takes over a second is timed once. */
    private static Timed time(String text, Function<String, Optional<String>> scan) {
        long t0 = System.nanoTime();
        String found = scan.apply(text).orElse("-");
        double first = (System.nanoTime() - t0) / 1e6;
        if (first > 1000) {
            return new Timed(first, found);
        }
        double[] ms = new double[9];
        for (int i = 0; i < ms.length; i++) {
            long t = System.nanoTime();
            scan.apply(text);
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        return new Timed(ms[ms.length / 2], found);
    }

    /**
     * The reply scan Flow used before (kept here only as the baseline): from the last {@code '}'}
     * back, every {@code '{'} before it parsed as a candidate, up to 2,000 candidates, in the last
     * 512 KiB. Quadratic in the number of braces.
     */
    static final class QuadraticScan {
        private static final ObjectReader STRICT = new ObjectMapper().readerFor(JsonNode.class)
                .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        private static final int WINDOW = 512 * 1024;
        private static final int MAX_CANDIDATES = 2000;

        private QuadraticScan() {}

        static Optional<JsonNode> lastObject(String text) {
            String t = text.length() > WINDOW ? text.substring(text.length() - WINDOW) : text;
            int end = t.lastIndexOf('}');
            int tries = 0;
            while (end >= 0) {
                String head = t.substring(0, end + 1);
                for (int start = head.lastIndexOf('{'); start >= 0 && tries < MAX_CANDIDATES; start = head.lastIndexOf('{', start - 1)) {
                    tries++;
                    try {
                        JsonNode node = STRICT.readValue(head.substring(start));
                        if (node != null && node.isObject()) {
                            return Optional.of(node);
                        }
                    } catch (IOException e) {
                        // not an object that ends here
                    }
                }
                if (tries >= MAX_CANDIDATES) {
                    break;
                }
                end = t.lastIndexOf('}', end - 1);
            }
            return Optional.empty();
        }
    }
}
