package dev.flow.dsl.linking;

import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;

/**
 * Keeps Xtext from reporting "Couldn't resolve reference": an unknown name is compiled into the
 * graph model as written, and the shared checker reports it once, with its code (FLOW201-FLOW207)
 * and the nearest known name, the same way for every front end.
 */
public class SilentUnresolvedReferences extends LinkingDiagnosticMessageProvider {

    @Override
    public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
        return null;
    }
}
