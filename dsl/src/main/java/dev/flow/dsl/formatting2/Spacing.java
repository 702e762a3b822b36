package dev.flow.dsl.formatting2;

import dev.flow.dsl.flow.EnumType;
import dev.flow.dsl.flow.KvInput;
import dev.flow.dsl.flow.ListType;
import dev.flow.dsl.flow.OutputTestExpr;
import java.util.Set;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;

/**
 * Which neighbouring tokens the printer writes without a space: dots, the inside of brackets and
 * call-like parentheses ({@code any(a)}, {@code enum(x, y)}, {@code list<string>}), the key of a
 * task's input ({@code plan["ctx.goal"]}), before commas
 * and colons, after a prefix {@code !} or {@code -}. Operators are single regions (their rules are
 * data type rules), so {@code not in} keeps its inner space and a binary minus is never a prefix.
 */
final class Spacing {
    private static final Set<String> NO_SPACE_BEFORE = Set.of(")", "]", ",", ":", ".");
    private static final Set<String> NO_SPACE_AFTER = Set.of("(", "[", ".", "!", "-");

    private Spacing() {
    }

    static boolean tight(ISemanticRegion left, ISemanticRegion right) {
        String l = keyword(left);
        String r = keyword(right);
        if (NO_SPACE_AFTER.contains(l) || NO_SPACE_BEFORE.contains(r)) {
            return true;
        }
        if ((right.getSemanticElement() instanceof ListType && (r.equals("<") || r.equals(">")))
                || (left.getSemanticElement() instanceof ListType && l.equals("<"))) {
            return true;
        }
        // '[' right after the node of a task's input opens its key: plan["ctx.goal"].
        if (r.equals("[") && right.getSemanticElement() instanceof KvInput) {
            return true;
        }
        // '(' right after 'any', 'all' or 'enum' opens an argument list, not a group.
        return r.equals("(") && (right.getSemanticElement() instanceof OutputTestExpr
                || right.getSemanticElement() instanceof EnumType) && left.getSemanticElement() == right.getSemanticElement();
    }

    private static String keyword(ISemanticRegion region) {
        return region.getGrammarElement() instanceof Keyword k ? k.getValue() : "";
    }
}
