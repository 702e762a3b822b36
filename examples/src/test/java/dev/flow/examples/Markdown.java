package dev.flow.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The parts of the project's Markdown that tests read: fenced code blocks, sections, backquoted spans. */
final class Markdown {
    private Markdown() {}

    /**
     * A fenced code block.
     *
     * @param info the words after the opening fence ({@code flow}, {@code flow error}, {@code yaml})
     * @param line the line of the opening fence, for messages
     */
    record Block(String info, String text, int line) {
        String language() {
            return info.isEmpty() ? "" : info.split(" ")[0];
        }

        @Override
        public String toString() {
            return "```" + info + " at line " + line;
        }
    }

    /** Every fenced block, in order. */
    static List<Block> blocks(String markdown) {
        var out = new ArrayList<Block>();
        var lines = markdown.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("```")) {
                continue;
            }
            int start = i;
            var text = new StringBuilder();
            for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                text.append(lines.get(i)).append('\n');
            }
            out.add(new Block(lines.get(start).substring(3).strip(), text.toString(), start + 1));
        }
        return out;
    }

    /** The text under a heading, up to the next heading of the same or a higher level, or a rule. */
    static String section(String markdown, String heading) {
        int start = markdown.indexOf("\n" + heading + "\n");
        if (start < 0) {
            return null;
        }
        start += heading.length() + 2;
        String level = heading.substring(0, heading.indexOf(' ') + 1);
        var end = Pattern.compile("(?m)^(#{1," + (level.length() - 1) + "} |---$)").matcher(markdown);
        return markdown.substring(start, end.find(start) ? end.start() : markdown.length());
    }

    /** The paragraph that starts with {@code prefix}, up to the next blank line, or null. */
    static String paragraph(String markdown, Pattern prefix) {
        var m = Pattern.compile("(?m)^" + prefix.pattern()).matcher(markdown);
        if (!m.find()) {
            return null;
        }
        int end = markdown.indexOf("\n\n", m.start());
        return markdown.substring(m.start(), end < 0 ? markdown.length() : end);
    }

    /** The backquoted spans of a text, with runs of white space (line breaks of wrapped text) made single spaces. */
    static List<String> spans(String text) {
        var out = new ArrayList<String>();
        var m = Pattern.compile("`([^`]+)`").matcher(text);
        while (m.find()) {
            out.add(normalize(m.group(1)));
        }
        return out;
    }

    static String normalize(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }
}
