package dev.flow.dsl.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What each keyword of the language means, in a sentence or two of Markdown: the text editors show
 * on hover, and the keyword reference of {@code docs/language.md}. Both read it from one place,
 * the resource {@code dev/flow/dsl/docs/keywords.md}.
 */
public final class KeywordDocs {

    private static final String RESOURCE = "/dev/flow/dsl/docs/keywords.md";
    private static final Map<String, String> DOCS = load();

    private KeywordDocs() {}

    /** The documentation of a keyword, when it has one. */
    public static Optional<String> of(String keyword) {
        return Optional.ofNullable(DOCS.get(keyword));
    }

    /** Every documented keyword with its documentation, in alphabetical order. */
    public static Map<String, String> all() {
        return DOCS;
    }

    /** The keyword reference as Markdown: a heading and the text for each keyword. */
    public static String markdown() {
        var out = new StringBuilder();
        DOCS.forEach((keyword, text) -> out.append("#### `").append(keyword).append("`\n\n").append(text).append("\n\n"));
        return out.toString().stripTrailing() + "\n";
    }

    private static Map<String, String> load() {
        try (InputStream in = KeywordDocs.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
            var docs = new LinkedHashMap<String, String>();
            String keyword = null;
            var body = new StringBuilder();
            for (String line : text.split("\n", -1)) {
                if (line.startsWith("## ")) {
                    put(docs, keyword, body);
                    keyword = line.substring(3).strip();
                    body.setLength(0);
                } else if (keyword != null) {
                    body.append(line).append('\n');
                }
            }
            put(docs, keyword, body);
            return Collections.unmodifiableMap(docs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void put(Map<String, String> docs, String keyword, StringBuilder body) {
        if (keyword != null) {
            docs.put(keyword, body.toString().strip());
        }
    }
}
