package dev.flow.dsl.validation;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.naming.SourceNames;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Import;
import dev.flow.dsl.imports.ImportPaths;
import dev.flow.model.SourceRef;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.ValidationMessageAcceptor;

/**
 * Shows a {@link Diagnostic} (from the shared checker or a language check) as an Xtext issue:
 * <ul>
 *   <li>at exactly the range of its {@link SourceRef}, on the innermost syntax element whose text
 *       covers that range (found through the node model);
 *   <li>with the FLOW code as the issue code (e.g. {@code FLOW306}), and the suggestions, related
 *       locations and tags as issue data ({@link IssueData});
 *   <li>with the diagnostic's severity (error, warning, info);
 *   <li>a diagnostic in another file (an imported library) on the import that brings that file in,
 *       its message prefixed with the file and position; one with no position on the first
 *       workflow's name.
 * </ul>
 */
final class IssueMapping {
    private IssueMapping() {}

    static void report(Diagnostic d, FlowFile file, SourceNames names, ValidationMessageAcceptor acceptor) {
        String own = names.displayName(file.eResource().getURI());
        SourceRef at = d.source();
        if (at.file().equals(own) && !at.isUnknown()) {
            accept(d, d.message(), target(file, at.offset(), at.length()), at.offset(), at.length(), acceptor);
            return;
        }
        INode anchor = anchorFor(file, at, names);
        if (anchor == null) {
            return;
        }
        String message = at.isUnknown() ? d.message() : at.file() + ":" + at.line() + ":" + at.column() + ": " + d.message();
        accept(d, message, NodeModelUtils.findActualSemanticObjectFor(anchor), anchor.getOffset(), anchor.getLength(), acceptor);
    }

    private static void accept(Diagnostic d, String message, EObject target, int offset, int length, ValidationMessageAcceptor acceptor) {
        String code = d.code().id();
        String[] data = IssueData.encode(d);
        switch (d.severity()) {
            case ERROR -> acceptor.acceptError(message, target, offset, length, code, data);
            case WARNING -> acceptor.acceptWarning(message, target, offset, length, code, data);
            case INFO -> acceptor.acceptInfo(message, target, offset, length, code, data);
        }
    }

    /** The innermost syntax element whose text covers {@code [offset, offset + length)}. */
    static EObject target(FlowFile file, int offset, int length) {
        ICompositeNode root = NodeModelUtils.getNode(file).getRootNode();
        INode node = NodeModelUtils.findLeafNodeAtOffset(root, offset);
        while (node != null && node.getParent() != null
                && (node.getTotalOffset() > offset || node.getTotalEndOffset() < offset + length || node.getSemanticElement() == null)) {
            node = node.getParent();
        }
        EObject element = node == null ? null : NodeModelUtils.findActualSemanticObjectFor(node);
        return element == null ? file : element;
    }

    /** Where a diagnostic that points outside this file is shown: the import of its file, else the first workflow. */
    private static INode anchorFor(FlowFile file, SourceRef at, SourceNames names) {
        for (Import statement : file.getImports()) {
            var uri = ImportPaths.resolve(statement.getImportURI(), file.eResource().getURI());
            if (uri != null && names.displayName(uri).equals(at.file())) {
                return NodeModelUtils.findNodesForFeature(statement, FlowPackage.Literals.IMPORT__IMPORT_URI).get(0);
            }
        }
        if (!at.isUnknown() && !file.getImports().isEmpty()) {
            return NodeModelUtils.findNodesForFeature(file.getImports().get(0), FlowPackage.Literals.IMPORT__IMPORT_URI).get(0);
        }
        for (EObject element : file.getElements()) {
            var name = NodeModelUtils.findNodesForFeature(element, FlowPackage.Literals.TOP_ELEMENT__NAME);
            if (!name.isEmpty()) {
                return name.get(0);
            }
        }
        return null;
    }
}
