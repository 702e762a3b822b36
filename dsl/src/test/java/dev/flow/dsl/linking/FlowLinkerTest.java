package dev.flow.dsl.linking;

import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.root;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Task;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.common.notify.impl.AdapterImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.linking.ILinker;
import org.junit.jupiter.api.Test;

/** {@link FlowLinker} skips clearing references that were never set, and still clears those that were. */
class FlowLinkerTest {

    private static final String TEXT = """
            gate lint { sh "make test" }
            workflow review {
                task draft { gates lint }
                task polish
                start -> draft -> polish -> end
            }
            """;

    @Test
    void theLanguageLinksWithFlowLinker() {
        var resource = parse(TEXT);
        assertThat(resource.getLinker()).isInstanceOf(FlowLinker.class);
        assertThat(resource.getResourceServiceProvider().get(ILinker.class)).isInstanceOf(FlowLinker.class);
    }

    @Test
    void aFreshParseLinksItsReferencesAndClearsNothingThatWasNeverSet() {
        var resource = parse(TEXT);
        Task task = EcoreUtil2.eAllOfType(root(resource), Task.class).get(0);
        GateDef gate = EcoreUtil2.eAllOfType(root(resource), GateDef.class).get(0);
        assertThat(task.getGates()).containsExactly(gate);

        // linked again, the task's unset references send nothing: only the gates list, which is set, is cleared
        var unsets = new java.util.ArrayList<Object>();
        task.eAdapters().add(new AdapterImpl() {
            @Override
            public void notifyChanged(Notification n) {
                if (n.getEventType() == Notification.SET || n.getEventType() == Notification.UNSET) {
                    unsets.add(n.getFeature());
                }
            }
        });
        resource.getLinker().linkModel(root(resource), new org.eclipse.xtext.diagnostics.IDiagnosticConsumer() {
            @Override
            public void consume(org.eclipse.xtext.diagnostics.Diagnostic diagnostic, org.eclipse.xtext.diagnostics.Severity severity) {
            }

            @Override
            public boolean hasConsumedDiagnostics(org.eclipse.xtext.diagnostics.Severity severity) {
                return false;
            }
        });
        assertThat(unsets).as("single references never set are left alone").isEmpty();
        assertThat(task.getGates()).containsExactly(gate);
    }

    @Test
    void aModelLinkedAgainAfterAPartialParseDropsWhatItHadResolved() {
        var resource = parse(TEXT);
        EcoreUtil.resolveAll(resource);
        Task task = EcoreUtil2.eAllOfType(root(resource), Task.class).get(0);
        GateDef before = task.getGates().get(0);
        assertThat(before.eIsProxy()).isFalse();

        // the gate's declaration is parsed again (a new element), and the whole model relinked
        int at = TEXT.indexOf("make test");
        resource.update(at, "make test".length(), "make check");

        GateDef after = EcoreUtil2.eAllOfType(root(resource), GateDef.class).get(0);
        Task taskNow = EcoreUtil2.eAllOfType(root(resource), Task.class).get(0);
        assertThat(after).isNotSameAs(before);
        assertThat(taskNow.getGates()).containsExactly(after);
    }
}
