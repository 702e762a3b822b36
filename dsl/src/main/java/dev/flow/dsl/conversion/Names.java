package dev.flow.dsl.conversion;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import dev.flow.dsl.services.FlowGrammarAccess;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.eclipse.xtext.GrammarUtil;

/**
 * How names are written: a plain identifier as is; a keyword that the grammar does not accept as a
 * name with a leading {@code ^} ({@code ^merge}); anything else in backquotes ({@code `run-tests`}).
 * The set of keywords comes from the grammar itself, so it cannot drift from it.
 */
@Singleton
public class Names {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

    private final Set<String> keywords;
    private final Set<String> keywordsAllowedAsNames;
    private final Set<String> keywordsAllowedAsFields;

    @Inject
    public Names(FlowGrammarAccess grammar) {
        keywords = GrammarUtil.getAllKeywords(grammar.getGrammar());
        keywordsAllowedAsNames = keywordsOf(grammar.getValidIDRule());
        keywordsAllowedAsFields = union(keywordsAllowedAsNames, keywordsOf(grammar.getFieldNameRule()));
    }

    /** Every keyword of the language. */
    public Set<String> keywords() {
        return keywords;
    }

    /** The name as it must be written where the grammar expects a name. */
    public String escape(String name) {
        return escape(name, keywordsAllowedAsNames);
    }

    /** The name as it must be written after a dot, as a field of a result. */
    public String escapeField(String name) {
        return escape(name, keywordsAllowedAsFields);
    }

    private String escape(String name, Set<String> allowed) {
        if (IDENTIFIER.matcher(name).matches()) {
            return keywords.contains(name) && !allowed.contains(name) ? "^" + name : name;
        }
        if (name.isEmpty() || name.indexOf('`') >= 0 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("the name " + dev.flow.model.Literals.quote(name)
                    + " cannot be written in the Flow language (names may not be empty or hold a backquote or a line break)");
        }
        return "`" + name + "`";
    }

    /** Whether {@code name} can be written at all (see {@link #escape}). */
    public static boolean isWritable(String name) {
        return !name.isEmpty() && name.indexOf('`') < 0 && name.indexOf('\n') < 0 && name.indexOf('\r') < 0;
    }

    /** The name a written name stands for: without a leading {@code ^} or the backquotes around it. */
    public static String unescape(String written) {
        String s = written.strip();
        if (s.startsWith("^")) {
            return s.substring(1);
        }
        if (s.length() >= 2 && s.startsWith("`") && s.endsWith("`")) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    private static Set<String> keywordsOf(org.eclipse.xtext.ParserRule rule) {
        var out = new TreeSet<String>();
        GrammarUtil.containedKeywords(rule).forEach(k -> out.add(k.getValue()));
        return Set.copyOf(out);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        var out = new HashSet<>(a);
        out.addAll(b);
        return Set.copyOf(out);
    }
}
