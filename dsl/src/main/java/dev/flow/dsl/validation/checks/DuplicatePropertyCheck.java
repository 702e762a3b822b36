package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.ContinueOnFailure;
import dev.flow.dsl.flow.FailFast;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Member;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Workflow;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * FLOW005: a block sets a property twice ({@code prompt "a" ... prompt "b"}), where the second
 * would silently replace the first; at workflow level, a setting written twice, or both
 * {@code fail fast} and {@code continue on failure}.
 */
final class DuplicatePropertyCheck implements LanguageCheck {

    private static final Map<String, String> SPELLING = Map.of(
            "command", "run/sh",
            "promptVia", "prompt via",
            "promptFormat", "prompt format",
            "parallelSafe", "parallel safe",
            "incoming", "wait incoming",
            "meta", "meta",
            "retry", "retry",
            "isolation", "isolate");

    @Override
    public void check(FlowFile file, SourceRefs positions, Consumer<Diagnostic> report) {
        // Blocks are top-level elements or members of a workflow: no need to walk every expression.
        for (EObject element : file.getElements()) {
            if (element instanceof Workflow w) {
                checkSettings(w, positions, report);
                for (Member member : w.getMembers()) {
                    if (isBlock(member)) {
                        checkBlock(member, positions, report);
                    }
                }
            } else if (isBlock(element)) {
                checkBlock(element, positions, report);
            }
        }
    }

    private static boolean isBlock(EObject element) {
        return element instanceof Node || element instanceof GateDef || element instanceof AgentDef;
    }

    private static void checkBlock(EObject block, SourceRefs positions, Consumer<Diagnostic> report) {
        Map<String, List<INode>> written = positions.features(block);
        for (EStructuralFeature feature : block.eClass().getEAllStructuralFeatures()) {
            if (feature.isMany() || feature.getName().equals("name") || feature.getName().equals("label")) {
                continue;
            }
            List<INode> nodes = written.getOrDefault(feature.getName(), List.of());
            for (int i = 1; i < nodes.size(); i++) {
                String property = SPELLING.getOrDefault(feature.getName(), feature.getName());
                report.accept(Diagnostic.of(Code.DUPLICATE_PROPERTY,
                        "\"" + property + "\" is set twice in " + describe(block) + "; only the last one would count: remove one",
                        positions.of(block, nodes.get(i))));
            }
        }
    }

    private static void checkSettings(Workflow w, SourceRefs positions, Consumer<Diagnostic> report) {
        var seen = new HashMap<String, Member>();
        for (Member m : w.getMembers()) {
            String setting = setting(m);
            if (setting == null) {
                continue;
            }
            Member first = seen.putIfAbsent(setting, m);
            if (first != null) {
                String message = setting.equals("failure")
                        ? "the workflow already says how failures are handled (" + text(first) + "): keep one of \"fail fast\" and \"continue on failure\""
                        : "\"" + setting + "\" is set twice in workflow \"" + w.getName() + "\"; only the last one would count: remove one";
                report.accept(Diagnostic.of(Code.DUPLICATE_PROPERTY, message, positions.of(m)));
            }
        }
    }

    private static String setting(Member m) {
        if (m instanceof FailFast || m instanceof ContinueOnFailure) {
            return "failure";
        }
        return switch (m.eClass().getName()) {
            case "Description" -> "description";
            case "Version" -> "version";
            case "MaxParallel" -> "max parallel";
            case "MaxExecutions" -> "max executions";
            case "MaxTime" -> "max time";
            case "MaxCost" -> "max cost";
            case "Sandbox" -> "sandbox";
            case "Isolate" -> "isolate";
            case "Repository" -> "repository";
            default -> null;
        };
    }

    private static String text(EObject element) {
        return NodeModelUtils.getTokenText(NodeModelUtils.findActualNodeFor(element));
    }

    static String describe(EObject block) {
        String name = block.eClass().getEStructuralFeature("name") == null ? null
                : (String) block.eGet(block.eClass().getEStructuralFeature("name"));
        String kind = switch (block.eClass().getName()) {
            case "GateNode", "GateDef" -> "gate";
            case "AgentDef" -> "agent";
            default -> block.eClass().getName().toLowerCase(Locale.ROOT);
        };
        return name == null ? kind : kind + " \"" + name + "\"";
    }
}
