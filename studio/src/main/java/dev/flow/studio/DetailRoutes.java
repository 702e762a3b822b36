package dev.flow.studio;

import dev.flow.engine.Engine;
import dev.flow.engine.exec.ArtifactPaths;
import java.io.IOException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.util.Fields;

/**
 * The API the page reads on demand, when a person opens something (so that a large run opens fast):
 * one attempt of a node whole, what running agents do now, a file of an attempt's folder from an
 * offset, what each step changed, an isolated step's diff, and the versions of a grown graph. Each
 * answer is a map Jackson writes. The node and the attempt are query parameters: a node's id may
 * hold any character.
 */
final class DetailRoutes {
    private static final Pattern PATH = Pattern.compile("/api/executions/([A-Za-z0-9_-]+)/(attempt|file|changes|diff|versions|now)");

    private final Engine engine;
    private final NodeDetail nodes;
    private final ChangeHistory changes;
    private final StepChanges steps;
    private final GraphVersions versions;

    DetailRoutes(Engine engine) {
        this.engine = engine;
        this.nodes = new NodeDetail(engine.queries(), new ArtifactPaths(engine.store().artifactsDir()));
        this.changes = new ChangeHistory(engine.queries());
        this.steps = new StepChanges(engine.queries());
        this.versions = new GraphVersions(engine.queries());
    }

    boolean matches(String path) {
        return PATH.matcher(path).matches();
    }

    /** The answer to {@code GET path?query}; 404 for an execution or node that does not exist, 400 for a bad parameter. */
    Object answer(String path, Fields query) throws IOException {
        Matcher m = PATH.matcher(path);
        if (!m.matches()) {
            throw new HttpProblem(404, "no page " + path);
        }
        String id = m.group(1);
        try {
            engine.queries().execution(id);
        } catch (dev.flow.engine.config.UsageException e) {
            throw new HttpProblem(404, e.getMessage());
        }
        return switch (m.group(2)) {
            case "attempt" -> nodes.attempt(id, required(query, "node"), number(query, "iteration"), number(query, "attempt"));
            case "file" -> nodes.file(id, required(query, "node"), number(query, "iteration"), number(query, "attempt"), required(query, "name"),
                    query.getValue("from") == null ? -1 : offset(query));
            case "changes" -> changes.of(id);
            case "now" -> Map.of("now", nodes.now(id, query.getValues("attempt")));
            case "diff" -> steps.diff(id, required(query, "node"), number(query, "iteration"), number(query, "attempt"));
            default -> query.getValue("version") == null ? Map.of("versions", versions.list(id)) : versions.graph(id, number(query, "version"));
        };
    }

    private static String required(Fields query, String name) {
        String value = query.getValue(name);
        if (value == null || value.isEmpty()) {
            throw new HttpProblem(400, "the request needs ?" + name + "=");
        }
        return value;
    }

    private static long offset(Fields query) {
        try {
            return Long.parseLong(query.getValue("from"));
        } catch (NumberFormatException e) {
            throw new HttpProblem(400, "\"" + query.getValue("from") + "\" is not a byte offset (?from=)");
        }
    }

    private static int number(Fields query, String name) {
        String value = required(query, name);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new HttpProblem(400, "\"" + value + "\" is not a number (?" + name + "=)");
        }
    }
}
