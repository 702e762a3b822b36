package dev.flow.dsl.frontend;

import com.google.inject.Inject;
import com.google.inject.Injector;
import com.google.inject.Key;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.formatting2.FormatterPreferences;
import org.eclipse.xtext.formatting2.FormatterRequest;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder;
import org.eclipse.xtext.preferences.IPreferenceValuesProvider;
import org.eclipse.xtext.preferences.TypedPreferenceValues;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;

/**
 * Formats Flow source text outside an editor, with {@link FlowFormatter} and the preferences
 * editors get by default: what a command line or a test uses to lay a whole file out.
 */
public final class FlowSourceFormatter {

    private final Injector injector;

    @Inject
    public FlowSourceFormatter(Injector injector) {
        this.injector = injector;
    }

    /** A formatter from the language's shared injector. */
    public static FlowSourceFormatter create() {
        return FlowFrontEnd.injector().getInstance(FlowSourceFormatter.class);
    }

    /** The text laid out by the formatter; text with syntax errors is formatted as far as it parses. */
    public String format(String text) {
        return format(text, null);
    }

    /**
     * As {@link #format(String)}, handing what the formatter finds wrong with its own rules (two
     * rules that ask for different layouts of one gap) to {@code problems}; null logs them, as
     * editors do.
     */
    public String format(String text, org.eclipse.xtext.util.IAcceptor<Exception> problems) {
        XtextResourceSet set = injector.getInstance(XtextResourceSet.class);
        set.getResourceFactoryRegistry().getExtensionToFactoryMap()
                .put("flow", injector.getInstance(org.eclipse.xtext.resource.IResourceFactory.class));
        XtextResource resource = (XtextResource) set.createResource(URI.createURI("synthetic:/format.flow"));
        try {
            resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), set.getLoadOptions());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        var request = injector.getInstance(FormatterRequest.class);
        if (problems != null) {
            request.setExceptionHandler(problems);
        }
        request.setTextRegionAccess(injector.getInstance(TextRegionAccessBuilder.class).forNodeModel(resource).create());
        request.setPreferences(TypedPreferenceValues.castOrWrap(
                injector.getInstance(Key.get(IPreferenceValuesProvider.class, FormatterPreferences.class)).getPreferenceValues(resource)));
        var replacements = injector.getInstance(IFormatter2.class).format(request);
        return request.getTextRegionAccess().getRewriter().renderToString(replacements);
    }
}
