package dev.flow.dsl.validation;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.util.Modules;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.FlowRuntimeModule;
import dev.flow.dsl.FlowStandaloneSetup;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.model.FlowGraph;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EValidator;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.testing.GlobalRegistries;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

/** The editor's validation with the shared checker replaced by a double. */
final class CheckerDoubles {
    private CheckerDoubles() {}

    /**
     * Validates {@code text} as {@code file} with a checker double that reports what {@code checker}
     * gives. Validators are registered globally per EPackage, so the language is registered afresh
     * with the double for the call, and the global registries restored afterwards.
     */
    static List<Issue> validate(Function<FlowGraph, List<Diagnostic>> checker, String text, Path file) {
        GlobalRegistries.GlobalStateMemento memento = GlobalRegistries.makeCopyOfGlobalState();
        try {
            EValidator.Registry.INSTANCE.remove(FlowPackage.eINSTANCE);
            Injector injector = new FlowStandaloneSetup() {
                @Override
                public Injector createInjector() {
                    return Guice.createInjector(Modules.override(new FlowRuntimeModule())
                            .with(binder -> binder.bind(GraphChecker.class).toInstance(checker::apply)));
                }
            }.createInjectorAndDoEMFRegistration();
            XtextResourceSet set = injector.getInstance(XtextResourceSet.class);
            XtextResource r = (XtextResource) set.createResource(URI.createFileURI(file.toAbsolutePath().toString()));
            r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
            return injector.getInstance(IResourceValidator.class).validate(r, CheckMode.ALL, CancelIndicator.NullImpl);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            memento.restoreGlobalState();
        }
    }

}
