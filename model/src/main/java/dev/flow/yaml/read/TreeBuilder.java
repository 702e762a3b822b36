package dev.flow.yaml.read;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Builds the {@link YNode} tree from SnakeYAML's parser events, without recursion: the depth,
 * scalar and alias limits are checked as the events arrive, so a hostile document is refused as
 * soon as it crosses one. Aliases share the anchored node instead of copying it; the size the
 * document would have once expanded is counted, which is what stops "billion laughs".
 */
final class TreeBuilder {
    private static final Resolver RESOLVER = new Resolver();

    private final TextPositions positions;
    private final YamlLimits limits;
    private final List<Diagnostic> diagnostics;
    private final Deque<Frame> stack = new ArrayDeque<>();
    private final Map<String, YNode> anchors = new HashMap<>();
    private final Set<String> openAnchors = new HashSet<>();
    private final ScalarRanges scalarRanges = new ScalarRanges();
    private long expanded;
    private YNode root;

    TreeBuilder(TextPositions positions, YamlLimits limits, List<Diagnostic> diagnostics) {
        this.positions = positions;
        this.limits = limits;
        this.diagnostics = diagnostics;
    }

    /** Raised to stop reading: the diagnostic says why. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final transient Diagnostic diagnostic;

        Refused(Diagnostic diagnostic) {
            super(diagnostic.message(), null, false, false);
            this.diagnostic = diagnostic;
        }
    }

    private static final class Frame {
        final boolean mapping;
        final boolean flow;
        final String anchor;
        final int start;
        final List<YNode> children = new ArrayList<>();
        long size = 1;
        int lastEnd;

        Frame(boolean mapping, boolean flow, String anchor, int start) {
            this.mapping = mapping;
            this.flow = flow;
            this.anchor = anchor;
            this.start = start;
            this.lastEnd = start;
        }
    }

    YNode root() {
        return root;
    }

    ScalarRanges scalarRanges() {
        return scalarRanges;
    }

    void accept(Event event) throws Refused {
        switch (event.getEventId()) {
            case Scalar -> add(scalar((ScalarEvent) event));
            case Alias -> alias((AliasEvent) event);
            case SequenceStart, MappingStart -> open((CollectionStartEvent) event);
            case SequenceEnd, MappingEnd -> close(event);
            default -> {}
        }
    }

    private YScalar scalar(ScalarEvent event) throws Refused {
        int start = positions.charOffset(event.getStartMark().getIndex());
        int end = positions.charOffset(event.getEndMark().getIndex());
        YScalar.Style style = style(event.getScalarStyle());
        if (style == YScalar.Style.LITERAL || style == YScalar.Style.FOLDED) {
            end = trimTrailingBlanks(start, end);
        }
        SourceRef source = positions.range(start, end);
        if (event.getValue().length() > limits.maxScalarChars()) {
            throw refuse(Code.INPUT_TOO_LARGE, String.format(
                    "a scalar of %,d characters is longer than the %,d Flow reads", event.getValue().length(), limits.maxScalarChars()), source);
        }
        scalarRanges.add(start, end);
        YScalar scalar = new YScalar(event.getValue(), type(event, source), style, source);
        remember(event.getAnchor(), scalar);
        count(1, source);
        return scalar;
    }

    private YScalar.Type type(ScalarEvent event, SourceRef source) {
        String written = event.getTag();
        Tag tag;
        if (written == null || written.equals("!")) {
            tag = RESOLVER.resolve(NodeId.scalar, event.getValue(), event.getImplicit().canOmitTagInPlainScalar());
        } else {
            tag = new Tag(written);
            if (!Tag.STR.equals(tag) && !Tag.INT.equals(tag) && !Tag.FLOAT.equals(tag) && !Tag.BOOL.equals(tag) && !Tag.NULL.equals(tag)) {
                diagnostics.add(unsupportedTag(written, source));
                return YScalar.Type.STRING;
            }
        }
        if (Tag.INT.equals(tag)) {
            return YScalar.Type.INT;
        } else if (Tag.FLOAT.equals(tag)) {
            return YScalar.Type.FLOAT;
        } else if (Tag.BOOL.equals(tag)) {
            return YScalar.Type.BOOL;
        } else if (Tag.NULL.equals(tag)) {
            return YScalar.Type.NULL;
        }
        return YScalar.Type.STRING;
    }

    private static Diagnostic unsupportedTag(String tag, SourceRef source) {
        String quote = tag.startsWith("!") && !tag.startsWith("!!") ? "; a value that starts with \"!\" (such as \"!=\") must be quoted" : "";
        return Diagnostic.of(Code.YAML_WRONG_TYPE, "the YAML tag \"" + tag
                + "\" is not supported: a workflow is plain data (strings, numbers, booleans, lists and mappings); remove the tag" + quote, source);
    }

    private void open(CollectionStartEvent event) throws Refused {
        int start = positions.charOffset(event.getStartMark().getIndex());
        if (stack.size() >= limits.maxDepth()) {
            throw refuse(Code.INPUT_TOO_LARGE, "the YAML nests deeper than " + limits.maxDepth()
                    + " levels; a workflow needs far fewer", positions.range(start, start + 1));
        }
        String tag = event.getTag();
        if (tag != null && !tag.equals("!") && !tag.equals(Tag.MAP.getValue()) && !tag.equals(Tag.SEQ.getValue())) {
            diagnostics.add(unsupportedTag(tag, positions.range(start, start + 1)));
        }
        boolean mapping = event.getEventId() == Event.ID.MappingStart;
        if (event.getAnchor() != null) {
            openAnchors.add(event.getAnchor());
        }
        stack.push(new Frame(mapping, event.isFlow(), event.getAnchor(), start));
    }

    private void close(Event event) throws Refused {
        Frame frame = stack.pop();
        int end = frame.flow || frame.children.isEmpty()
                ? positions.charOffset(event.getEndMark().getIndex())
                : frame.lastEnd;
        SourceRef source = positions.range(frame.start, end);
        YNode node = frame.mapping
                ? new YMap(new MappingBuilder(diagnostics).entries(frame.children), source, frame.size)
                : new YSeq(frame.children, source, frame.size);
        if (frame.anchor != null) {
            openAnchors.remove(frame.anchor);
        }
        remember(frame.anchor, node);
        count(1, source);
        add(node);
    }

    private void alias(AliasEvent event) throws Refused {
        String name = event.getAnchor();
        int start = positions.charOffset(event.getStartMark().getIndex());
        SourceRef source = positions.range(start, positions.charOffset(event.getEndMark().getIndex()));
        YNode target = anchors.get(name);
        if (target == null && openAnchors.contains(name)) {
            throw refuse(Code.INPUT_TOO_LARGE, "the alias \"*" + name + "\" refers to a node that contains it; recursive aliases are refused", source);
        }
        if (target == null) {
            throw refuse(Code.YAML_SYNTAX, "the alias \"*" + name + "\" names no anchor; define \"&" + name + "\" before using it", source);
        }
        count(target.expandedSize(), source);
        add(target);
    }

    private void remember(String anchor, YNode node) {
        if (anchor != null) {
            anchors.put(anchor, node);
        }
    }

    /** Counts nodes as if aliases were copies; refuses once the document would grow past the limit. */
    private void count(long nodes, SourceRef at) throws Refused {
        expanded += nodes;
        if (expanded > limits.maxExpandedNodes()) {
            throw refuse(Code.INPUT_TOO_LARGE, String.format(
                    "aliases expand this document past %,d nodes (an alias bomb?); Flow refuses to read it", limits.maxExpandedNodes()), at);
        }
    }

    private void add(YNode node) {
        Frame parent = stack.peek();
        if (parent == null) {
            root = node;
            return;
        }
        parent.children.add(node);
        parent.size += node.expandedSize();
        // An aliased node lies elsewhere in the text: it does not extend its new parent.
        int end = node.source().offset() + node.source().length();
        if (end > parent.lastEnd && node.source().offset() >= parent.start) {
            parent.lastEnd = end;
        }
    }

    private int trimTrailingBlanks(int start, int end) {
        String text = positions.text();
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    private Refused refuse(Code code, String message, SourceRef at) {
        return new Refused(Diagnostic.of(code, message, at));
    }

    private static YScalar.Style style(DumperOptions.ScalarStyle style) {
        return switch (style) {
            case PLAIN -> YScalar.Style.PLAIN;
            case SINGLE_QUOTED -> YScalar.Style.SINGLE_QUOTED;
            case DOUBLE_QUOTED, JSON_SCALAR_STYLE -> YScalar.Style.DOUBLE_QUOTED;
            case LITERAL -> YScalar.Style.LITERAL;
            case FOLDED -> YScalar.Style.FOLDED;
        };
    }
}
