package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Attaches comments to the elements the dialect readers register, by position (see
 * {@link YamlComments} for the rules). Elements nest (a section holds nodes), and a comment goes to
 * the innermost element that holds it unless an element inside that one follows it.
 */
public final class CommentAttacher {
    private final List<Element> elements = new ArrayList<>();

    private static final class Element {
        final YamlComments.Target target;
        final int start;
        final int end;
        final int startLine;
        final int endLine;
        Element parent;
        final List<String> before = new ArrayList<>();
        final List<String> within = new ArrayList<>();

        Element(YamlComments.Target target, SourceRef source) {
            this.target = target;
            this.start = source.offset();
            this.end = source.offset() + source.length();
            this.startLine = source.line();
            this.endLine = source.endLine();
        }

        boolean holds(Element other) {
            return other.start >= start && other.end <= end;
        }
    }

    /** Registers an element written at {@code source}; the first registration of a target wins. */
    public void add(YamlComments.Target target, SourceRef source) {
        if (!source.isUnknown()) {
            elements.add(new Element(target, source));
        }
    }

    public YamlComments attach(List<YamlComment> comments) {
        if (comments.isEmpty()) {
            return YamlComments.NONE;
        }
        elements.sort(Comparator.comparingInt((Element e) -> e.start).thenComparing(e -> -e.end));
        linkParents();
        var footer = new ArrayList<String>();
        Element workflow = new Element(YamlComments.Target.WORKFLOW, SourceRef.NONE);
        for (YamlComment comment : comments) {
            int at = comment.source().offset();
            int line = comment.line();
            Element holder = innermostHolding(at, line);
            if (!comment.ownLine()) {
                (holder != null ? holder.within : footer).add(comment.text());
                continue;
            }
            int nextIndex = firstStartingAfter(line);
            Element next = nextIndex < elements.size() ? elements.get(nextIndex) : null;
            if (next != null && nextIndex == 0) {
                workflow.before.add(comment.text());
            } else if (next != null && (holder == null || holder.holds(next))) {
                next.before.add(comment.text());
            } else if (holder != null) {
                holder.within.add(comment.text());
            } else {
                footer.add(comment.text());
            }
        }
        var byTarget = new LinkedHashMap<YamlComments.Target, YamlComments.Attached>();
        put(byTarget, workflow);
        elements.forEach(e -> put(byTarget, e));
        return new YamlComments(byTarget, footer);
    }

    private static void put(Map<YamlComments.Target, YamlComments.Attached> byTarget, Element e) {
        if (!e.before.isEmpty() || !e.within.isEmpty()) {
            byTarget.merge(e.target, new YamlComments.Attached(e.before, e.within), (a, b) -> a);
        }
    }

    private void linkParents() {
        Deque<Element> open = new ArrayDeque<>();
        for (Element e : elements) {
            while (!open.isEmpty() && !open.peek().holds(e)) {
                open.pop();
            }
            e.parent = open.peek();
            open.push(e);
        }
    }

    /** The innermost element whose lines hold {@code line}, among those starting before {@code offset}. */
    private Element innermostHolding(int offset, int line) {
        int index = lastStartingBefore(offset);
        for (Element e = index >= 0 ? elements.get(index) : null; e != null; e = e.parent) {
            if (e.startLine <= line && line <= e.endLine) {
                return e;
            }
        }
        // A preceding sibling may end on this line while its parent does not hold it.
        return null;
    }

    private int lastStartingBefore(int offset) {
        int lo = 0;
        int hi = elements.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (elements.get(mid).start < offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    private int firstStartingAfter(int line) {
        int lo = 0;
        int hi = elements.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (elements.get(mid).startLine <= line) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
