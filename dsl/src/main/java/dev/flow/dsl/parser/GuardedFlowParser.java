package dev.flow.dsl.parser;

import dev.flow.dsl.parser.antlr.FlowParser;
import dev.flow.dsl.parser.antlr.internal.InternalFlowLexer;
import java.util.List;
import java.util.Set;
import org.antlr.runtime.CharStream;
import org.antlr.runtime.CommonToken;
import org.antlr.runtime.Token;
import org.antlr.runtime.TokenSource;
import org.eclipse.xtext.nodemodel.impl.NodeModelBuilder;
import org.eclipse.xtext.parser.IParseResult;
import org.eclipse.xtext.parser.antlr.XtextTokenStream;

/**
 * The Flow parser with a {@link NestingGuard} in front: text that nests too deep is not handed to
 * ANTLR's recursive descent at all. Its tokens are all turned into comments, so the parse yields an
 * empty file whose node model still covers every character (editors keep working), and the result
 * records where the limit was crossed so that the validator and the front end report FLOW002 there.
 *
 * <p>Partial re-parsing is switched off: every change re-parses the whole text through the guard.
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
        var refusal = NestingGuard.check(tokens, t -> !NOT_KEYWORDS.contains(t.getType()));
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
    protected boolean isReparseSupported() {
        return false;
    }
}
