package dev.flow.dsl.resource;

import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.root;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.Task;
import dev.flow.dsl.flow.Workflow;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.util.IResourceScopeCache;
import org.eclipse.xtext.util.Tuples;
import org.junit.jupiter.api.Test;

/**
 * Unloading a file (the language server does it to the previous version of an edited file) skips
 * the walk that detaches Xtext's cache from every element, and still leaves what the next version
 * and the other files need: an emptied cache, and proxies for what another file can refer to.
 */
class FlowResourceUnloadTest {

    private static final String TEXT = """
            gate tests { sh "make test" }
            workflow w {
                task a { gates tests }
                start -> a -> end
            }
            """;

    @Test
    void theCacheIsEmptiedByTheUnload() {
        var resource = parse(TEXT);
        var cache = resource.getResourceServiceProvider().get(IResourceScopeCache.class);
        var computed = new AtomicInteger();
        var key = Tuples.pair(FlowResourceUnloadTest.class, "key");
        cache.get(key, resource, computed::incrementAndGet);
        cache.get(key, resource, computed::incrementAndGet);
        assertThat(computed).hasValue(1);

        resource.unload();

        cache.get(key, resource, computed::incrementAndGet);
        assertThat(computed).as("computed again after the unload").hasValue(2);
    }

    @Test
    void whatOtherFilesCanReferToBecomesAProxyOfItsPlaceInTheFile() {
        var resource = parse(TEXT);
        FlowFile file = root(resource);
        Workflow workflow = EcoreUtil2.eAllOfType(file, Workflow.class).get(0);
        Task task = EcoreUtil2.eAllOfType(file, Task.class).get(0);
        String workflowUri = resource.getURI().appendFragment(resource.getURIFragment(workflow)).toString();

        resource.unload();

        assertThat(resource.getContents()).isEmpty();
        assertThat(file.eIsProxy()).isTrue();
        assertThat(workflow.eIsProxy()).isTrue();
        assertThat(((org.eclipse.emf.ecore.InternalEObject) workflow).eProxyURI()).hasToString(workflowUri);
        // inner elements are private to the file: they go with it
        assertThat(task.eIsProxy()).isFalse();
    }

    @Test
    void aResourceUnloadedThenLoadedAgainHasTheNewTextAndAFreshCache() throws Exception {
        var resource = parse(TEXT);
        var cache = resource.getResourceServiceProvider().get(IResourceScopeCache.class);
        var key = Tuples.pair(FlowResourceUnloadTest.class, "names");
        cache.get(key, resource, () -> EcoreUtil2.eAllOfType(root(resource), Task.class).size());

        resource.unload();
        resource.load(new java.io.ByteArrayInputStream(TEXT.replace("task a { gates tests }", "task a\n task b").getBytes()),
                resource.getResourceSet().getLoadOptions());

        int tasks = cache.get(key, resource, () -> EcoreUtil2.eAllOfType(root(resource), Task.class).size());
        assertThat(tasks).isEqualTo(2);
        // the cache still hears of changes to the new elements
        root(resource).getElements().clear();
        assertThat((int) cache.get(key, resource, () -> -1)).isEqualTo(-1);
    }
}
