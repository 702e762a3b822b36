package dev.flow.dsl.formatting2;

import dev.flow.dsl.flow.FlowFile;
import java.util.Set;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.regionaccess.IHiddenRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;

/**
 * The house style of Flow files, applied by the editor's "format document" and by {@code flow
 * import}: one member per line, blocks indented by four spaces, one declaration property per line,
 * one space between words and around arrows and operators, none before commas, colons and dots, at
 * most one blank line kept between members. Comments stay where they are.
 */
public class FlowFormatter extends AbstractJavaFormatter {

    /** Keywords that begin a property inside a block; each goes on its own line. */
    static final Set<String> PROPERTY_KEYWORDS = Set.of(
            "description", "version", "agent", "role", "prompt", "cwd", "context", "env", "gates", "outputs", "timeout",
            "wait", "meta", "retry", "run", "sh", "title", "default", "branches", "strategy", "with", "returns", "if",
            "then", "else", "after", "writes", "severity", "on", "set", "append");

    /** Keywords that take no space after them. */
    static final Set<String> NO_SPACE_AFTER = Set.of("(", "[", ".", "!");
    /** Keywords that take no space before them. */
    static final Set<String> NO_SPACE_BEFORE = Set.of(")", "]", ",", ":", ".", "<", ">");

    protected void format(FlowFile file, IFormattableDocument doc) {
        ISemanticRegion previous = null;
        for (ISemanticRegion region : getTextRegionAccess().regionForRootEObject().getAllSemanticRegions()) {
            if (previous != null) {
                spaceBetween(previous, region, doc);
            }
            previous = region;
        }
        for (ISemanticRegion open : getTextRegionAccess().regionForRootEObject().getAllSemanticRegions()) {
            if (isKeyword(open, "{") && isBlock(open)) {
                blockLayout(open, doc);
            }
        }
        if (previous != null) {
            doc.append(previous, it -> it.setNewLines(1));
        }
        IHiddenRegion first = getTextRegionAccess().regionForRootEObject().getPreviousHiddenRegion();
        if (first != null && !first.containsComment()) {
            doc.set(first, it -> it.noSpace());
        }
    }

    private void spaceBetween(ISemanticRegion left, ISemanticRegion right, IFormattableDocument doc) {
        IHiddenRegion between = left.getNextHiddenRegion();
        boolean tight = NO_SPACE_AFTER.contains(text(left)) || NO_SPACE_BEFORE.contains(text(right))
                || (isKeyword(right, "(") && !isKeyword(left, "when") && !isKeyword(left, "if") && !isOperator(left));
        if (isKeyword(right, "<") || isKeyword(left, "<")) {
            tight = true; // list<string>
        }
        if (isKeyword(right, "}") && isBlock(right)) {
            doc.set(between, it -> {
                it.setNewLines(1);
                it.lowPriority();
            });
        } else if (startsMember(right)) {
            // Members and closing braces start lines; up to one blank line between members is kept.
            doc.set(between, it -> {
                it.setNewLines(1, 1, 2);
                it.lowPriority();
            });
        } else if (tight) {
            doc.set(between, it -> {
                it.noSpace();
                it.lowPriority();
            });
        } else {
            doc.set(between, it -> {
                it.oneSpace();
                it.lowPriority();
            });
        }
    }

    /** Lays out a block: its contents indented, each member or property on its own line. */
    private void blockLayout(ISemanticRegion open, IFormattableDocument doc) {
        EObject owner = open.getSemanticElement();
        ISemanticRegion close = getTextRegionAccess().regionForEObject(owner).getRegionFor().keywordPairs("{", "}").stream()
                .filter(p -> p.getKey().equals(open)).map(p -> p.getValue()).findFirst().orElse(null);
        if (close == null) {
            return;
        }
        doc.interior(open, close, it -> it.indent());
        doc.append(open, it -> it.setNewLines(1, 1, 2));
        ISemanticRegion region = open.getNextSemanticRegion();
        while (region != null && !region.equals(close)) {
            if (region.getPreviousSemanticRegion() != open && startsProperty(region, owner)) {
                doc.prepend(region, it -> it.setNewLines(1, 1, 2));
            }
            region = region.getNextSemanticRegion();
        }
    }

    private boolean startsProperty(ISemanticRegion region, EObject block) {
        if (startsMember(region)) {
            return true;
        }
        if (!(region.getGrammarElement() instanceof Keyword keyword) || !PROPERTY_KEYWORDS.contains(keyword.getValue())) {
            return false;
        }
        // 'set' and 'append' start a line only inside a handler's own block, 'with' only in a node.
        EObject element = region.getSemanticElement();
        if (keyword.getValue().equals("set") || keyword.getValue().equals("append") || keyword.getValue().equals("on")) {
            return element.eContainer() == block || element == block
                    ? keyword.getValue().equals("on") && element.eContainer() == block
                    : element.eContainer() != null && element.eContainer().eContainer() == block && braced(element.eContainer());
        }
        // a property of this block, or the first keyword of a child element (a command, a retry)
        return element == block || (element.eContainer() == block && firstRegionOf(element).equals(region));
    }

    private boolean braced(EObject element) {
        return getTextRegionAccess().regionForEObject(element).getRegionFor().keyword("{") != null;
    }

    private ISemanticRegion firstRegionOf(EObject element) {
        return getTextRegionAccess().regionForEObject(element).getPreviousHiddenRegion().getNextSemanticRegion();
    }

    /** Whether a region is the first token of a member of a workflow or a file. */
    private boolean startsMember(ISemanticRegion region) {
        EObject element = region.getSemanticElement();
        while (element != null && element.eContainer() != null
                && !(element.eContainer() instanceof dev.flow.dsl.flow.Workflow)
                && !(element.eContainer() instanceof FlowFile)
                && !(element.eContainer() instanceof dev.flow.dsl.flow.StateBlock)) {
            element = element.eContainer();
        }
        return element != null && element.eContainer() != null && firstRegionOf(element).equals(region);
    }

    private boolean isBlock(ISemanticRegion open) {
        EObject owner = open.getSemanticElement();
        return owner instanceof dev.flow.dsl.flow.Workflow || owner instanceof dev.flow.dsl.flow.GateDef
                || owner instanceof dev.flow.dsl.flow.AgentDef || owner instanceof dev.flow.dsl.flow.StateBlock
                || owner instanceof dev.flow.dsl.flow.Node
                || (owner instanceof dev.flow.dsl.flow.OutputHandler);
    }

    private static boolean isOperator(ISemanticRegion region) {
        return Set.of("&&", "||", "and", "or", "==", "!=", "<=", ">=", "+", "-", "*", "/").contains(region.getText());
    }

    private static boolean isKeyword(ISemanticRegion region, String value) {
        return region.getGrammarElement() instanceof Keyword k && k.getValue().equals(value);
    }

    private static String text(ISemanticRegion region) {
        return region.getGrammarElement() instanceof Keyword k ? k.getValue() : "";
    }
}
