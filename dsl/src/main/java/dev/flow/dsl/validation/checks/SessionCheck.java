package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Member;
import dev.flow.dsl.flow.Task;
import dev.flow.dsl.flow.Workflow;
import java.util.List;
import java.util.function.Consumer;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;

/** FLOW008: {@code session} belongs to tasks run by an agent; a command has no conversation to continue. */
final class SessionCheck implements LanguageCheck {

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        for (EObject element : file.getElements()) {
            if (element instanceof Workflow w) {
                for (Member member : w.getMembers()) {
                    if (member instanceof Task task && task.getCommand() != null && task.getAgent() == null) {
                        check(task, positions, report);
                    }
                }
            }
        }
    }

    private static void check(Task task, SourceRefs positions, Consumer<Diagnostic> report) {
        if (!task.eIsSet(FlowPackage.Literals.TASK__SESSION)) {
            return;
        }
        List<INode> written = positions.nodes(task, FlowPackage.Literals.TASK__SESSION);
        if (written.isEmpty()) {
            return;
        }
        INode value = written.get(0);
        INode keyword = value.getPreviousSibling();
        while (keyword instanceof ILeafNode leaf && leaf.isHidden()) {
            keyword = keyword.getPreviousSibling();
        }
        int start = keyword != null && "session".equals(keyword.getText()) ? keyword.getOffset() : value.getOffset();
        report.accept(Diagnostic.of(Code.MISPLACED_PROPERTY,
                "only a task run by an agent has a conversation to continue; " + DuplicatePropertyCheck.describe(task)
                        + " runs a command: remove \"session\"",
                positions.range(task.eResource(), start, value.getOffset() + value.getLength())));
    }
}
