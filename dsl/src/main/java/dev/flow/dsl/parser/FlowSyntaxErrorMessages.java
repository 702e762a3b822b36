package dev.flow.dsl.parser;

import dev.flow.diagnostic.Code;
import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.EnvBlock;
import dev.flow.dsl.flow.Expr;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.ListLiteral;
import dev.flow.dsl.flow.ListValue;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.ObjectValue;
import dev.flow.dsl.flow.OutputHandler;
import dev.flow.dsl.flow.StateBlock;
import dev.flow.dsl.flow.Workflow;
import java.util.Locale;
import java.util.Set;
import org.antlr.runtime.EarlyExitException;
import org.antlr.runtime.MismatchedTokenException;
import org.antlr.runtime.MissingTokenException;
import org.antlr.runtime.NoViableAltException;
import org.antlr.runtime.RecognitionException;
import org.antlr.runtime.Token;
import org.antlr.runtime.TokenStream;
import org.antlr.runtime.UnwantedTokenException;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;

/**
 * Syntax errors in words a user understands, all with code FLOW001: instead of ANTLR's
 * {@code mismatched input '<EOF>' expecting '}'}, {@code expected "}" to close workflow "x", found
 * end of file}; instead of {@code missing RULE_STRING at '}'}, {@code expected a string after
 * "prompt", found "}"}.
 */
public class FlowSyntaxErrorMessages extends SyntaxErrorMessageProvider {

    /** Keywords that a name always follows. */
    private static final Set<String> NAMING_KEYWORDS = Set.of(
            "workflow", "task", "gate", "agent", "branch", "parallel", "merge", "subgraph", "human", "checkpoint",
            "input", "uses", "runs", "on", "set", "to", "before", "after");

    @Override
    public SyntaxErrorMessage getSyntaxErrorMessage(IParserErrorContext context) {
        return new SyntaxErrorMessage(message(context), Code.SYNTAX_ERROR.id());
    }

    @Override
    public SyntaxErrorMessage getSyntaxErrorMessage(IValueConverterErrorContext context) {
        var cause = context.getValueConverterException();
        String message = cause != null && cause.getMessage() != null ? cause.getMessage() : context.getDefaultMessage();
        return new SyntaxErrorMessage(message, Code.SYNTAX_ERROR.id());
    }

    private static String message(IParserErrorContext context) {
        RecognitionException e = context.getRecognitionException();
        if (e == null) {
            return lexerMessage(context.getDefaultMessage());
        }
        String[] names = context.getTokenNames();
        String found = describeFound(e.token);
        String previous = previousToken(e);
        String after = previous == null ? "" : " after " + quote(previous);
        if (e instanceof MismatchedTokenException mismatched && mismatched.expecting == Token.EOF) {
            return "unexpected " + found + ": "
                    + ("}".equals(text(e.token))
                            ? "there is no open block for it to close (check the braces above)"
                            : "only imports, workflows, gates and agents may stand at the top of a file");
        }
        if (e instanceof UnwantedTokenException unwanted) {
            return "unexpected " + found + "; expected " + describeExpected(unwanted.expecting, names) + within(context);
        }
        if (e instanceof MissingTokenException missing) {
            String closes = closing(missing.expecting, names, context);
            return "expected " + describeExpected(missing.expecting, names) + (closes.isEmpty() ? after : closes)
                    + ", found " + found;
        }
        if (e instanceof MismatchedTokenException mismatched) {
            return "expected " + describeExpected(mismatched.expecting, names) + closing(mismatched.expecting, names, context)
                    + ", found " + found;
        }
        if (e instanceof NoViableAltException || e instanceof EarlyExitException) {
            if (previous != null && NAMING_KEYWORDS.contains(previous)) {
                return "expected a name after " + quote(previous) + ", found " + found;
            }
            if (e.token != null && e.token.getType() == Token.EOF) {
                return "the file ends too early" + after + within(context) + ": something is missing here";
            }
            return "unexpected " + found + after + within(context);
        }
        return "unexpected " + found + after + within(context);
    }

    private static String lexerMessage(String defaultMessage) {
        String m = defaultMessage == null ? "" : defaultMessage;
        if (m.contains("expecting '\"'") || m.contains("expecting '''") || m.contains("expecting '\\''")) {
            return "this string is not closed: add the closing quote (a string ends with the quote it starts with)";
        }
        if (m.contains("expecting '`'")) {
            return "this backquoted name is not closed: add the closing ` before the end of the line";
        }
        if (m.contains("expecting '*'") || m.contains("expecting '/'")) {
            return "this comment is not closed: add */";
        }
        return "unexpected character" + (m.isEmpty() ? "" : " (" + m + ")");
    }

    private static String within(IParserErrorContext context) {
        String where = describe(context.getCurrentContext());
        return where == null ? "" : " in " + where;
    }

    private static String closing(int expecting, String[] names, IParserErrorContext context) {
        return switch (tokenName(expecting, names)) {
            case "')'" -> " to close the parenthesis";
            case "']'" -> " to close the list";
            case "'>'" -> " to close the list type";
            case "'}'" -> {
                String where = describe(context.getCurrentContext());
                yield where == null ? "" : " to close " + where;
            }
            default -> "";
        };
    }

    /** How messages name the element being parsed, e.g. {@code workflow "debug"} or {@code task "fix"}. */
    private static String describe(EObject element) {
        if (element instanceof Workflow w) {
            return "workflow" + named(w.getName());
        } else if (element instanceof Node n) {
            String kind = n.eClass().getName().equals("GateNode") ? "gate" : n.eClass().getName().toLowerCase(Locale.ROOT);
            return kind + named(n.getName());
        } else if (element instanceof GateDef g) {
            return "gate" + named(g.getName());
        } else if (element instanceof AgentDef a) {
            return "agent" + named(a.getName());
        } else if (element instanceof StateBlock) {
            return "the state block";
        } else if (element instanceof EnvBlock) {
            return "the env block";
        } else if (element instanceof ObjectValue) {
            return "the object";
        } else if (element instanceof ListValue || element instanceof ListLiteral) {
            return "the list";
        } else if (element instanceof OutputHandler) {
            return "the on block";
        } else if (element instanceof Expr) {
            return "the expression";
        }
        return null;
    }

    private static String named(String name) {
        return name == null ? "" : " " + quote(name);
    }

    private static String describeExpected(int type, String[] names) {
        String name = tokenName(type, names);
        return switch (name) {
            case "EOF" -> "end of file";
            case "RULE_ID", "RULE_QUOTED_NAME" -> "a name";
            case "RULE_STRING" -> "a string in double quotes";
            case "RULE_INT" -> "a whole number";
            case "RULE_FLOAT" -> "a number with a decimal point";
            case "RULE_DURATION" -> "a duration such as 30s, 10m or 2h";
            default -> name.startsWith("'") && name.endsWith("'") && name.length() > 2
                    ? quote(name.substring(1, name.length() - 1))
                    : name.toLowerCase(Locale.ROOT);
        };
    }

    private static String tokenName(int type, String[] names) {
        if (type == Token.EOF) {
            return "EOF";
        }
        return names != null && type >= 0 && type < names.length ? names[type] : "token " + type;
    }

    private static String describeFound(Token token) {
        if (token == null || token.getType() == Token.EOF) {
            return "end of file";
        }
        return quote(text(token));
    }

    private static String text(Token token) {
        String t = token == null || token.getText() == null ? "" : token.getText();
        return t.length() > 40 ? t.substring(0, 37) + "..." : t;
    }

    private static String previousToken(RecognitionException e) {
        if (!(e.input instanceof TokenStream stream)) {
            return null;
        }
        int index = e.token != null && e.token.getTokenIndex() >= 0 ? e.token.getTokenIndex() : e.index;
        for (int i = Math.min(index, stream.size()) - 1; i >= 0; i--) {
            Token t = stream.get(i);
            if (t.getChannel() == Token.DEFAULT_CHANNEL && t.getType() != Token.EOF) {
                String previous = text(t);
                return previous.startsWith("\"") || previous.startsWith("'") ? null : previous;
            }
        }
        return null;
    }

    private static String quote(String s) {
        return "\"" + s.replace("\n", "\\n") + "\"";
    }
}
