package dev.flow.dsl.validation;

import dev.flow.diagnostic.Code;
import dev.flow.dsl.parser.GuardedParseResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.Issue;
import org.eclipse.xtext.validation.ResourceValidatorImpl;

/**
 * Xtext's resource validation with only the first syntax error (as {@code flow check} reports them,
 * see {@link dev.flow.dsl.validation.checks.SyntaxErrors}), plus FLOW002 for text that
 * {@link dev.flow.dsl.parser.NestingGuard} refused: such text has no syntax tree, so no
 * {@code @Check} method could report it.
 */
public class FlowResourceValidator extends ResourceValidatorImpl {

    @Override
    public List<Issue> validate(Resource resource, CheckMode mode, CancelIndicator indicator) {
        List<Issue> issues = new ArrayList<>(super.validate(resource, mode, indicator));
        // only the first syntax error, as flow check reports it (see SyntaxErrors): the others mostly follow from it
        issues.stream().filter(Issue::isSyntaxError).min(Comparator.comparingInt(Issue::getOffset))
                .ifPresent(first -> issues.removeIf(i -> i.isSyntaxError() && i != first));
        if (resource instanceof XtextResource xtext && xtext.getParseResult() != null) {
            GuardedParseResult.refusalOf(xtext.getParseResult()).ifPresent(crossing -> {
                var issue = new Issue.IssueImpl();
                issue.setCode(Code.INPUT_TOO_LARGE.id());
                issue.setSeverity(Severity.ERROR);
                issue.setMessage(crossing.message());
                issue.setOffset(crossing.offset());
                issue.setLength(crossing.length());
                var position = dev.flow.dsl.compiler.LineMap.of(xtext.getParseResult().getRootNode().getText()).position(crossing.offset());
                issue.setLineNumber(position.line());
                issue.setColumn(position.column());
                var end = dev.flow.dsl.compiler.LineMap.of(xtext.getParseResult().getRootNode().getText()).position(crossing.offset() + crossing.length());
                issue.setLineNumberEnd(end.line());
                issue.setColumnEnd(end.column());
                issue.setUriToProblem(resource.getURI());
                issue.setType(CheckType.FAST);
                issues.add(issue);
            });
        }
        return issues;
    }

    /**
     * Xtext resolves every cross-reference of the file before validating, to report the ones that
     * do not resolve; Flow reports unknown names through its checker instead (linking diagnostics
     * are silent), and its checks and compiler resolve what they read. The references another file
     * may need (to gates, agents and workflows) are resolved for the index by
     * {@link dev.flow.dsl.resource.FlowResourceDescriptionStrategy}.
     */
    @Override
    protected void resolveProxies(Resource resource, CancelIndicator monitor) {
        // nothing to resolve ahead
    }

    private static final class CheckType {
        static final org.eclipse.xtext.validation.CheckType FAST = org.eclipse.xtext.validation.CheckType.FAST;
    }
}
