package dev.flow.dsl.ide.hover;

import com.google.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The documentation of the language's keywords, read once from the resource the language module
 * ships ({@value #RESOURCE}): Markdown where each keyword's entry starts with a heading
 * {@code ## keyword} (several keywords may share an entry: {@code ## max, parallel}).
 */
@Singleton
public class KeywordDocumentation {
    /** Where the language module keeps the keyword documentation. */
    public static final String RESOURCE = "dev/flow/dsl/keywords.md";

    private final Map<String, String> entries;

    public KeywordDocumentation() {
        this.entries = load();
    }

    /** The documentation of this keyword, in Markdown. */
    public Optional<String> lookup(String keyword) {
        return Optional.ofNullable(entries.get(keyword));
    }

    private static Map<String, String> load() {
        try (InputStream in = KeywordDocumentation.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            return in == null ? Map.of() : parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Map.of();
        }
    }

    static Map<String, String> parse(String markdown) {
        var entries = new HashMap<String, String>();
        String[] names = null;
        var body = new StringBuilder();
        for (String line : (markdown + "\n## \n").lines().toList()) {
            if (line.startsWith("## ")) {
                if (names != null && body.length() > 0) {
                    for (String name : names) {
                        entries.put(name, "**" + name + "**\n\n" + body.toString().strip());
                    }
                }
                names = line.substring(3).replace("`", "").strip().split("\\s*,\\s*");
                body.setLength(0);
            } else if (names != null) {
                body.append(line).append('\n');
            }
        }
        return Map.copyOf(entries);
    }
}
