package dev.flow.yaml.read;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comments of a YAML workflow, attached to the elements they document, so that
 * {@code flow import} can print them beside the same elements of the {@code .flow} source. A
 * comment on its own line belongs to the element that follows it (its {@link Attached#before()});
 * a comment at the end of a line, or inside an element after its first line, belongs to that
 * element ({@link Attached#within()}). Comments above the first key document the whole workflow;
 * comments after the last element form the {@link #footer()}.
 */
public final class YamlComments {
    public static final YamlComments NONE = new YamlComments(Map.of(), List.of());

    private final Map<Target, Attached> byTarget;
    private final List<String> footer;

    YamlComments(Map<Target, Attached> byTarget, List<String> footer) {
        this.byTarget = Collections.unmodifiableMap(new LinkedHashMap<>(byTarget));
        this.footer = List.copyOf(footer);
    }

    /** What a comment can be attached to. */
    public enum Kind {
        /** The workflow itself: comments above the first key. */
        WORKFLOW,
        /** A top-level key ({@code nodes}, {@code state}, {@code limits}...), by name. */
        SECTION,
        NODE,
        EDGE,
        STATE_VARIABLE,
        GATE,
        /** An interrupt, by its index in the list (from 0). */
        INTERRUPT,
        /** A completion condition, by its index in the list (from 0). */
        COMPLETION
    }

    /** An element comments attach to: its kind and its name (node id, edge id, index...). */
    public record Target(Kind kind, String name) {
        public static final Target WORKFLOW = new Target(Kind.WORKFLOW, "");

        public static Target node(String id) {
            return new Target(Kind.NODE, id);
        }

        public static Target edge(String id) {
            return new Target(Kind.EDGE, id);
        }
    }

    /**
     * The comment lines of one element, each without its {@code #} and the blank after it.
     *
     * @param before the comments on the lines above the element
     * @param within the comments inside it or at the end of its lines
     */
    public record Attached(List<String> before, List<String> within) {
        public static final Attached NONE = new Attached(List.of(), List.of());

        public Attached {
            before = List.copyOf(before);
            within = List.copyOf(within);
        }

        public boolean isEmpty() {
            return before.isEmpty() && within.isEmpty();
        }
    }

    public Attached of(Target target) {
        return byTarget.getOrDefault(target, Attached.NONE);
    }

    /** The comments above the first key. */
    public List<String> header() {
        return of(Target.WORKFLOW).before();
    }

    public Attached node(String id) {
        return of(Target.node(id));
    }

    public Attached edge(String id) {
        return of(Target.edge(id));
    }

    /** Comments after the last element. */
    public List<String> footer() {
        return footer;
    }

    /** Every element that has comments, in the order of the file. */
    public Map<Target, Attached> all() {
        return byTarget;
    }

    public boolean isEmpty() {
        return byTarget.isEmpty() && footer.isEmpty();
    }
}
