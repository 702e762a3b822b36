package dev.flow.dsl.formatting2;

import dev.flow.dsl.flow.EdgeStep;
import dev.flow.dsl.flow.EnvBlock;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.Import;
import dev.flow.dsl.flow.Member;
import dev.flow.dsl.flow.StateBlock;
import dev.flow.dsl.flow.TopElement;
import dev.flow.dsl.flow.Workflow;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.FormatterPreferenceKeys;
import org.eclipse.xtext.formatting2.FormatterPreferenceValuesProvider;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.IHiddenRegionFormatter;
import org.eclipse.xtext.formatting2.regionaccess.IHiddenRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.preferences.IPreferenceValues;
import org.eclipse.xtext.preferences.MapBasedPreferenceValues;
import org.eclipse.xtext.xbase.lib.Pair;

/**
 * Lays Flow source out the way {@link dev.flow.dsl.print.FlowPrinter} writes it: each member of a
 * workflow and each property of a block on its own line, blocks indented, at most one blank line
 * kept where the author left one, empty blocks as {@code { }}. Within a line, tokens are spaced
 * as the printer spaces them ({@code a -> b}, {@code x: int}, {@code any(a, b)}, {@code !done},
 * {@code list<string>}); line breaks the layout does not ask for, and comments, stay as written.
 */
public class FlowFormatter extends AbstractJavaFormatter {

    /** The keywords that start a property inside a node, gate or agent block. */
    private static final List<String> PROPERTY_KEYWORDS = List.of(
            "description", "outputs", "timeout", "wait", "meta", "agent", "role", "prompt", "cwd", "context", "inputs", "env",
            "gates", "branches", "strategy", "with", "returns", "title", "default", "if", "parallel", "writes", "after",
            "severity", "session", "isolate", "roles", "participants", "ask", "max", "finish", "planner");

    /** Four spaces unless the editor asks for another indentation. */
    public static class Preferences extends FormatterPreferenceValuesProvider {
        @Override
        public IPreferenceValues getPreferenceValues(Resource context) {
            return new MapBasedPreferenceValues(super.getPreferenceValues(context),
                    Map.of(FormatterPreferenceKeys.indentation.getId(), "    "));
        }
    }

    protected void format(FlowFile file, IFormattableDocument doc) {
        spaceWithinLines(doc);
        // What comes first in the file (and the comments before it) stays where it is.
        for (Import i : file.getImports()) {
            if (i != file.getImports().get(0)) {
                doc.prepend(i, f -> f.setNewLines(1, 1, 2));
            }
        }
        for (TopElement element : file.getElements()) {
            if (element != file.getElements().get(0) || !file.getImports().isEmpty()) {
                doc.prepend(element, f -> f.setNewLines(1, 2, 2));
            }
            doc.format(element);
        }
    }

    protected void format(Workflow workflow, IFormattableDocument doc) {
        block(workflow, doc);
        for (Member member : workflow.getMembers()) {
            doc.prepend(member, f -> f.setNewLines(1, 1, 2));
            doc.format(member);
        }
    }

    protected void format(StateBlock state, IFormattableDocument doc) {
        block(state, doc);
        state.getVariables().forEach(v -> doc.prepend(v, f -> f.setNewLines(1, 1, 2)));
    }

    protected void format(EnvBlock env, IFormattableDocument doc) {
        block(env, doc);
        env.getEntries().forEach(e -> doc.prepend(e, f -> f.setNewLines(1, 1, 2)));
    }

    protected void format(dev.flow.dsl.flow.OutputHandler handler, IFormattableDocument doc) {
        block(handler, doc);
        if (regionFor(handler).keyword("{") != null) {
            handler.getUpdates().forEach(u -> doc.prepend(u, f -> f.setNewLines(1, 1, 2)));
        }
    }

    protected void format(EdgeStep step, IFormattableDocument doc) {
        block(step, doc);
        step.getMappings().forEach(m -> doc.prepend(m, f -> f.setNewLines(1, 1, 2)));
    }

    /** Nodes, gates and agents: one property per line inside their block. */
    @Override
    protected void _format(EObject element, IFormattableDocument doc) {
        if (element instanceof dev.flow.dsl.flow.Node || element instanceof dev.flow.dsl.flow.GateDef
                || element instanceof dev.flow.dsl.flow.AgentDef) {
            block(element, doc);
            ISemanticRegion header = regionForEObject(element).getPreviousHiddenRegion().getNextSemanticRegion();
            for (String keyword : PROPERTY_KEYWORDS) {
                for (ISemanticRegion region : regionFor(element).keywords(keyword)) {
                    if (region != header) {
                        doc.prepend(region, f -> f.setNewLines(1, 1, 2));
                    }
                }
            }
            for (EObject child : element.eContents()) {
                if (startsALine(child)) {
                    doc.prepend(child, f -> f.setNewLines(1, 1, 2));
                }
                doc.format(child);
            }
            if (element instanceof dev.flow.dsl.flow.Subgraph subgraph) {
                subgraph.getInputs().forEach(m -> doc.prepend(m, f -> f.setNewLines(1, 1, 2)));
                subgraph.getResults().forEach(m -> doc.prepend(m, f -> f.setNewLines(1, 1, 2)));
            }
            if (element instanceof dev.flow.dsl.flow.Task task) {
                task.getInputs().forEach(i -> doc.prepend(i, f -> f.setNewLines(1, 1, 2)));
            }
            return;
        }
        for (EObject child : element.eContents()) {
            doc.format(child);
        }
    }

    /** Contained properties that stand on their own line: handlers, retries, escalations, commands, sandboxes. */
    private static boolean startsALine(EObject child) {
        return child instanceof dev.flow.dsl.flow.OutputHandler || child instanceof dev.flow.dsl.flow.Retry
                || child instanceof dev.flow.dsl.flow.Escalate
                || child instanceof dev.flow.dsl.flow.Command || child instanceof dev.flow.dsl.flow.Sandbox;
    }

    /**
     * One space or none between two tokens on the same line, at low priority so that the layout's
     * line breaks win. Gaps holding a line break or a comment are the author's and stay.
     */
    private void spaceWithinLines(IFormattableDocument doc) {
        ISemanticRegion previous = null;
        for (ISemanticRegion region : getTextRegionAccess().regionForRootEObject().getAllSemanticRegions()) {
            if (previous != null) {
                IHiddenRegion gap = previous.getNextHiddenRegion();
                if (!gap.containsComment() && !gap.isMultiline()) {
                    boolean tight = Spacing.tight(previous, region);
                    doc.set(gap, f -> {
                        if (tight) {
                            f.noSpace();
                        } else {
                            f.oneSpace();
                        }
                        f.lowPriority();
                    });
                }
            }
            previous = region;
        }
    }

    /**
     * Exactly one line break after an opening brace and before a closing one. It also meets the
     * break that the first member or property asks for before itself (one, or two to keep a blank
     * line), and takes precedence: without a priority, the two were a conflict that the formatter
     * logged, with a stack trace, on every file.
     */
    private void lineBreakInBlock(IHiddenRegionFormatter f) {
        f.setNewLines(1);
        f.highPriority();
    }

    /** Every brace pair owned by {@code element}: contents indented on their own lines; empty as "{ }". */
    private void block(EObject element, IFormattableDocument doc) {
        for (Pair<ISemanticRegion, ISemanticRegion> pair : regionFor(element).keywordPairs("{", "}")) {
            ISemanticRegion open = pair.getKey();
            ISemanticRegion close = pair.getValue();
            if (open.getNextSemanticRegion() == close) {
                doc.append(open, this::oneSpace);
                continue;
            }
            doc.prepend(open, this::oneSpace);
            doc.append(open, this::lineBreakInBlock);
            doc.prepend(close, this::lineBreakInBlock);
            doc.interior(open, close, this::indent);
        }
    }
}
