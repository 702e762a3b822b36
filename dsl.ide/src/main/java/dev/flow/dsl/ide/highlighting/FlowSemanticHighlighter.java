package dev.flow.dsl.ide.highlighting;

import dev.flow.dsl.flow.AppendUpdate;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.RefExpr;
import dev.flow.dsl.flow.SetUpdate;
import java.util.Collections;
import java.util.List;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.lsp4j.SemanticTokenModifiers;
import org.eclipse.lsp4j.SemanticTokenTypes;
import org.eclipse.xtext.ide.editor.syntaxcoloring.DefaultSemanticHighlightingCalculator;
import org.eclipse.xtext.ide.editor.syntaxcoloring.IHighlightedPositionAcceptor;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Colours names by what they mean, which the TextMate grammar cannot know: nodes, gates, agents,
 * inputs, state variables, outputs and result fields, each as an LSP semantic token type, with the
 * {@code declaration} modifier where a name is defined and {@code modification} where a state
 * variable is assigned. Keywords, strings and numbers are left to the TextMate grammar.
 */
public class FlowSemanticHighlighter extends DefaultSemanticHighlightingCalculator {

    @Override
    protected boolean highlightElement(EObject object, IHighlightedPositionAcceptor acceptor, CancelIndicator cancelIndicator) {
        EClass type = object.eClass();
        String declared = tokenType(type);
        EStructuralFeature name = type.getEStructuralFeature("name");
        if (declared != null && name != null) {
            highlightFeature(acceptor, object, name, declared, SemanticTokenModifiers.Declaration);
        }
        for (EReference reference : type.getEAllReferences()) {
            if (!reference.isContainment() && !reference.isContainer()) {
                highlightReferences(object, reference, acceptor);
            }
        }
        if (object instanceof RefExpr) {
            for (INode field : NodeModelUtils.findNodesForFeature(object, FlowPackage.Literals.REF_EXPR__FIELDS)) {
                highlightNode(acceptor, field, SemanticTokenTypes.Property);
            }
        }
        return false;
    }

    private void highlightReferences(EObject object, EReference reference, IHighlightedPositionAcceptor acceptor) {
        List<INode> nodes = NodeModelUtils.findNodesForFeature(object, reference);
        if (nodes.isEmpty()) {
            return;
        }
        Object value = object.eGet(reference, true);
        List<?> targets = value instanceof List<?> list ? list : Collections.singletonList(value);
        boolean assigned = (object instanceof SetUpdate || object instanceof AppendUpdate)
                && reference.getEReferenceType() == FlowPackage.Literals.STATE_VAR;
        for (int i = 0; i < nodes.size(); i++) {
            Object target = i < targets.size() ? targets.get(i) : null;
            EClass targetType = target instanceof EObject resolved && !resolved.eIsProxy()
                    ? resolved.eClass() : reference.getEReferenceType();
            String token = tokenType(targetType);
            if (token != null) {
                if (assigned) {
                    highlightNode(acceptor, nodes.get(i), token, SemanticTokenModifiers.Modification);
                } else {
                    highlightNode(acceptor, nodes.get(i), token);
                }
            }
        }
    }

    /** The LSP token type for names of this kind, or null for kinds that are not coloured. */
    static String tokenType(EClass type) {
        if (is(type, FlowPackage.Literals.NODE)) {
            return SemanticTokenTypes.Function;
        }
        if (is(type, FlowPackage.Literals.GATE_DEF)) {
            return SemanticTokenTypes.Macro;
        }
        if (is(type, FlowPackage.Literals.AGENT_DEF)) {
            return SemanticTokenTypes.Class;
        }
        if (is(type, FlowPackage.Literals.INPUT)) {
            return SemanticTokenTypes.Parameter;
        }
        if (is(type, FlowPackage.Literals.STATE_VAR)) {
            return SemanticTokenTypes.Variable;
        }
        if (is(type, FlowPackage.Literals.OUTPUT)) {
            return SemanticTokenTypes.EnumMember;
        }
        if (is(type, FlowPackage.Literals.WORKFLOW)) {
            return SemanticTokenTypes.Namespace;
        }
        return null;
    }

    private static boolean is(EClass type, EClass kind) {
        return type == kind || kind.isSuperTypeOf(type);
    }
}
