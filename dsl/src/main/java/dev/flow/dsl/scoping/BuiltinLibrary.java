package dev.flow.dsl.scoping;

import java.net.URISyntaxException;
import java.net.URL;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;

/**
 * The library every Flow file sees without importing it: {@code dev/flow/dsl/builtin.flow} on the
 * class path, which documents the built-in agents ({@code claude}, {@code codex}, {@code gemini},
 * {@code self}) so that they link, complete and show a hover like any other definition. The
 * compiler never copies its definitions into a graph: the runtime knows the built-ins.
 */
public final class BuiltinLibrary {
    private BuiltinLibrary() {}

    /** Where the library is on the class path. */
    public static final String RESOURCE = "/dev/flow/dsl/builtin.flow";

    private static final URI LOCATION = locate();

    /** The library's URI (a {@code file:} or {@code jar:} URI, depending on how Flow is installed). */
    public static URI uri() {
        return LOCATION;
    }

    /** Whether a resource is the built-in library. */
    public static boolean isBuiltin(Resource resource) {
        return resource != null && LOCATION.equals(resource.getURI());
    }

    private static URI locate() {
        URL url = BuiltinLibrary.class.getResource(RESOURCE);
        if (url == null) {
            throw new IllegalStateException(RESOURCE + " is missing from the class path: the Flow language jar is incomplete");
        }
        try {
            return URI.createURI(url.toURI().toString());
        } catch (URISyntaxException e) {
            return URI.createURI(url.toString());
        }
    }
}
