package dev.flow.dsl.compiler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Action;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.nodemodel.BidiTreeIterator;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * The text written for each feature of a syntax element, exactly as {@link
 * NodeModelUtils#findNodesForFeature} finds it, but for all features in one walk of the element's
 * nodes instead of one walk per feature. The compiler and the checks ask for many features of
 * every element; in the language server they run after every edit.
 */
public final class FeatureNodes {
    private FeatureNodes() {}

    /** Feature name to the nodes that assigned it, in text order. */
    public static Map<String, List<INode>> of(EObject element) {
        var result = new HashMap<String, List<INode>>();
        ICompositeNode node = NodeModelUtils.findActualNodeFor(element);
        if (node == null) {
            return result;
        }
        BidiTreeIterator<INode> iterator = node.getAsTreeIterable().iterator();
        while (iterator.hasNext()) {
            INode child = iterator.next();
            EObject grammarElement = child.getGrammarElement();
            if (grammarElement instanceof Action action) {
                if (child.getSemanticElement() == element && iterator.hasNext()) {
                    INode assigned = iterator.next();
                    if (action.getFeature() != null) {
                        add(result, action.getFeature(), assigned);
                    }
                } else if (child instanceof ICompositeNode composite) {
                    // The left side of an action: its first assignment names the feature.
                    INode first = composite.getFirstChild();
                    while (first instanceof ICompositeNode c && first.getGrammarElement() instanceof Action) {
                        first = c.getFirstChild();
                    }
                    Assignment assignment = first == null ? null : GrammarUtil.containingAssignment(first.getGrammarElement());
                    if (assignment != null) {
                        add(result, assignment.getFeature(), child);
                    }
                }
                iterator.prune();
            } else if (grammarElement != null && child != node) {
                Assignment assignment = GrammarUtil.containingAssignment(grammarElement);
                if (assignment != null) {
                    add(result, assignment.getFeature(), child);
                    iterator.prune();
                }
            }
        }
        return result;
    }

    private static void add(Map<String, List<INode>> result, String feature, INode node) {
        result.computeIfAbsent(feature, k -> new ArrayList<>()).add(node);
    }
}
