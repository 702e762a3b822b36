package dev.flow.dsl.compiler;

import dev.flow.dsl.naming.SourceNames;
import dev.flow.model.SourceRef;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Positions of syntax elements as {@link SourceRef}s, from Xtext's node model. What range each
 * model element gets is decided here, once, so that every diagnostic underlines the same kind of
 * text:
 * <ul>
 *   <li>declarations (workflows, nodes, gates, agents, inputs, state variables, outputs): their
 *       name, not the whole block;
 *   <li>references ({@link dev.flow.model.NameRef}): the name as written;
 *   <li>edges: from the source's name to the target's name ({@code a -> b}, without the
 *       condition); a branch's {@code then X}/{@code else X}: those words;
 *   <li>expressions, commands, retries, handlers, updates, mappings, loop limits, interrupts:
 *       their whole text;
 *   <li>run-wide limits: the first {@code max executions|time|cost} line; config: the
 *       {@code max parallel} line, else {@code fail fast}/{@code continue on failure};
 *   <li>the implicit {@code start} and {@code end} nodes: the workflow's name.
 * </ul>
 * Offsets are 0-based, lines and columns 1-based, counted in characters, without the comments and
 * blanks around the text.
 */
public final class SourceRefs {

    private final SourceNames names;
    private final Map<Resource, LineMap> lines = new HashMap<>();
    private final Map<Resource, String> fileNames = new HashMap<>();
    /** Each element's nodes by feature, walked once per element: the compiler asks for several features of each. */
    private final Map<EObject, Map<String, List<INode>>> features = new IdentityHashMap<>();

    public SourceRefs(SourceNames names) {
        this.names = names;
    }

    /** The whole text of an element. */
    public SourceRef of(EObject element) {
        return of(element, NodeModelUtils.findActualNodeFor(element));
    }

    /** The text of one value of a feature ({@code index} 0 for single-valued features). */
    public SourceRef of(EObject element, EStructuralFeature feature, int index) {
        List<INode> nodes = nodes(element, feature);
        if (index < 0 || index >= nodes.size()) {
            return of(element);
        }
        return of(element, nodes.get(index));
    }

    /** The nodes that assigned a feature of an element, as {@link NodeModelUtils#findNodesForFeature} finds them. */
    public List<INode> nodes(EObject element, EStructuralFeature feature) {
        return features(element).getOrDefault(feature.getName(), List.of());
    }

    /** Every feature's nodes of an element, by feature name ({@link FeatureNodes#of}), walked once per element. */
    public Map<String, List<INode>> features(EObject element) {
        return features.computeIfAbsent(element, FeatureNodes::of);
    }

    /** The text of a feature's first value. */
    public SourceRef of(EObject element, EStructuralFeature feature) {
        return of(element, feature, 0);
    }

    /** From the start of {@code first}'s text to the end of {@code last}'s. */
    public SourceRef span(EObject first, EObject last) {
        INode a = NodeModelUtils.findActualNodeFor(first);
        INode b = NodeModelUtils.findActualNodeFor(last);
        if (a == null || b == null) {
            return of(first);
        }
        return range(first.eResource(), offset(a), end(b));
    }

    /** From the start of {@code node} to the end of {@code last}'s text. */
    public SourceRef span(EObject element, INode node, EObject last) {
        INode b = NodeModelUtils.findActualNodeFor(last);
        if (node == null || b == null) {
            return of(element);
        }
        return range(element.eResource(), offset(node), end(b));
    }

    /** The name of a declaration (a workflow, node, gate, agent, input, variable, output). */
    public SourceRef name(EObject declaration) {
        EStructuralFeature name = declaration.eClass().getEStructuralFeature("name");
        return name == null ? of(declaration) : of(declaration, name, 0);
    }

    /** A range of a resource's text, given by offsets. */
    public SourceRef range(Resource resource, int start, int end) {
        String file = fileNames.computeIfAbsent(resource, r -> names.displayName(r.getURI()));
        LineMap map = lineMap(resource);
        if (map == null) {
            return SourceRef.NONE;
        }
        var from = map.position(start);
        var to = map.position(end);
        return new SourceRef(file, start, end - start, from.line(), from.column(), to.line(), to.column());
    }

    public SourceRef of(EObject element, INode node) {
        if (node == null || element == null || element.eResource() == null) {
            return SourceRef.NONE;
        }
        return range(element.eResource(), offset(node), end(node));
    }

    /**
     * Where a node's text starts without the comments and blanks before it: {@link INode#getOffset}'s
     * answer, without the filtered iterators it allocates (the compiler asks for thousands of these
     * after every edit).
     */
    public static int offset(INode node) {
        ILeafNode first = visibleLeaf(node, true);
        return first != null ? first.getTotalOffset() : node.getTotalOffset();
    }

    /** Where a node's text ends without the comments and blanks after it: {@link INode#getOffset} plus {@link INode#getLength}. */
    public static int end(INode node) {
        ILeafNode last = visibleLeaf(node, false);
        return last != null ? last.getTotalEndOffset() : node.getTotalEndOffset();
    }

    /** The first (or last) leaf under {@code node} that is not a comment or blank; null when all are. */
    private static ILeafNode visibleLeaf(INode node, boolean first) {
        if (node instanceof ICompositeNode composite) {
            for (INode child = first ? composite.getFirstChild() : composite.getLastChild(); child != null;
                    child = first ? child.getNextSibling() : child.getPreviousSibling()) {
                ILeafNode leaf = visibleLeaf(child, first);
                if (leaf != null) {
                    return leaf;
                }
            }
            return null;
        }
        return node instanceof ILeafNode leaf && !leaf.isHidden() ? leaf : null;
    }

    /** The display name of a resource. */
    public String fileName(Resource resource) {
        return names.displayName(resource.getURI());
    }

    /** How the file names are given. */
    public SourceNames names() {
        return names;
    }

    private LineMap lineMap(Resource resource) {
        return lines.computeIfAbsent(resource, r -> {
            if (r instanceof org.eclipse.xtext.resource.XtextResource x && x.getParseResult() != null) {
                ICompositeNode root = x.getParseResult().getRootNode();
                return LineMap.of(root.getText());
            }
            return null;
        });
    }
}
