package dev.flow.dsl.parser;

import java.util.Optional;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.parser.ParseResult;

/** A parse result that says whether {@link NestingGuard} refused the text (and then holds no syntax tree). */
public class GuardedParseResult extends ParseResult {

    private final NestingGuard.Crossing refusal;

    public GuardedParseResult(EObject rootAstElement, ICompositeNode rootNode, boolean hasErrors, NestingGuard.Crossing refusal) {
        super(rootAstElement, rootNode, hasErrors);
        this.refusal = refusal;
    }

    /** Where the text crossed the nesting limit, when it did. */
    public Optional<NestingGuard.Crossing> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** The refusal recorded in any parse result (empty for results not made by {@link GuardedFlowParser}). */
    public static Optional<NestingGuard.Crossing> refusalOf(org.eclipse.xtext.parser.IParseResult result) {
        return result instanceof GuardedParseResult guarded ? guarded.refusal() : Optional.empty();
    }
}
