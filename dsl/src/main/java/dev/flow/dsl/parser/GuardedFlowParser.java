package dev.flow.dsl.parser;

import dev.flow.dsl.parser.antlr.FlowParser;
import dev.flow.dsl.parser.antlr.internal.InternalFlowLexer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.runtime.ANTLRStringStream;
import org.antlr.runtime.CharStream;
import org.antlr.runtime.CommonToken;
import org.antlr.runtime.Token;
import org.antlr.runtime.TokenSource;
import org.eclipse.xtext.nodemodel.impl.NodeModelBuilder;
import org.eclipse.xtext.parser.IParseResult;
import org.eclipse.xtext.parser.antlr.XtextTokenStream;
import org.eclipse.xtext.util.ReplaceRegion;

/**
 * The Flow parser with a {@link NestingGuard} in front: text that nests too deep is not handed to
 * ANTLR's recursive descent at all. Its tokens are all turned into comments, so the parse yields an
 * empty file whose node model still covers every character (editors keep working), and the result
 * records where the limit was crossed so that the validator and the front end report FLOW002 there.
 *
 * <p>A change re-parsed in part (Xtext's partial parser, which the language server uses for an
 * editor's edits) passes only the re-parsed element through the guard, which cannot see how deep
 * that element sits or what precedes it in its expression. So the whole new text's keywords are
 * then counted too, by the lexer alone; only if they cross the limit is the text parsed whole,
 * and refused where a whole parse refuses it.
 */
public class GuardedFlowParser extends FlowParser {

    private static final Set<Integer> NOT_KEYWORDS = Set.of(
            InternalFlowLexer.RULE_ID, InternalFlowLexer.RULE_QUOTED_NAME, InternalFlowLexer.RULE_STRING,
            InternalFlowLexer.RULE_INT, InternalFlowLexer.RULE_FLOAT, InternalFlowLexer.RULE_DURATION,
            InternalFlowLexer.RULE_WS, InternalFlowLexer.RULE_SL_COMMENT, InternalFlowLexer.RULE_ML_COMMENT,
            InternalFlowLexer.RULE_ANY_OTHER, Token.INVALID_TOKEN_TYPE);

    private final ThreadLocal<NestingGuard.Crossing> lastRefusal = new ThreadLocal<>();

    @Override
    protected XtextTokenStream createTokenStream(TokenSource tokenSource) {
        XtextTokenStream stream = super.createTokenStream(tokenSource);
        @SuppressWarnings("unchecked")
        List<Token> tokens = stream.getTokens();
        var refusal = NestingGuard.check(tokens, GuardedFlowParser::isKeyword);
        lastRefusal.set(refusal.orElse(null));
        if (refusal.isPresent()) {
            for (Token token : tokens) {
                if (token instanceof CommonToken common) {
                    common.setType(InternalFlowLexer.RULE_ML_COMMENT);
                }
                token.setChannel(Token.HIDDEN_CHANNEL);
            }
        }
        return stream;
    }

    @Override
    protected IParseResult doParse(String ruleName, CharStream in, NodeModelBuilder nodeModelBuilder, int initialLookAhead) {
        try {
            IParseResult result = super.doParse(ruleName, in, nodeModelBuilder, initialLookAhead);
            return new GuardedParseResult(result.getRootASTElement(), result.getRootNode(), result.hasSyntaxErrors(), lastRefusal.get());
        } finally {
            lastRefusal.remove();
        }
    }

    @Override
    protected IParseResult doReparse(IParseResult previous, ReplaceRegion change) {
        IParseResult result = super.doReparse(previous, change);
        boolean inPart = result != previous && result.getRootNode() == previous.getRootNode();
        if (inPart) {
            String text = result.getRootNode().getText();
            if (NestingGuard.check(tokens(text), GuardedFlowParser::isKeyword).isPresent()) {
                return parse(getDefaultRuleName(), new ANTLRStringStream(text));
            }
        }
        return result;
    }

    /** The lexer's tokens of a text (about a fifth of a whole parse's time). */
    private List<Token> tokens(String text) {
        TokenSource lexer = createLexer(new ANTLRStringStream(text));
        var tokens = new ArrayList<Token>();
        for (Token token = lexer.nextToken(); token.getType() != Token.EOF; token = lexer.nextToken()) {
            tokens.add(token);
        }
        return tokens;
    }

    private static boolean isKeyword(Token token) {
        return !NOT_KEYWORDS.contains(token.getType());
    }
}
