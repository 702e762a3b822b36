package dev.flow.dsl.print;

import com.google.inject.Inject;
import dev.flow.dsl.conversion.Names;
import dev.flow.dsl.frontend.FlowFrontEnd;
import dev.flow.model.AgentDef;
import dev.flow.model.AgentPermissions;
import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.EdgeIds;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.Interrupt;
import dev.flow.model.Isolation;
import dev.flow.model.Limits;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.Severity;
import dev.flow.model.StateVariable;
import dev.flow.lowering.SupervisionWiring;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes a graph model as formatted Flow source: what {@code flow import} uses to turn YAML into
 * the language. Reading the output back gives the same graph (equal by
 * {@link dev.flow.model.json.GraphJson#writeWithoutSources}), for every model the language can
 * express.
 *
 * <p>Layout: four-space indentation, one property per line, a blank line between sections (header,
 * settings and limits, inputs, state, gates, agents, nodes, interrupts, completion) and the edges
 * last. The main workflow comes first, then each subworkflow. Names that are keywords are escaped
 * with {@code ^} ({@code task ^merge}), names that are not identifiers are backquoted
 * ({@code workflow `parallel-review`}), strings are quoted with {@link dev.flow.model.Literals#quote}
 * and edge ids are written only where they differ from what {@link EdgeIds} would derive.
 *
 * <p>Some models cannot be written (object constants in conditions, names with a backquote or a line
 * break, durations with parts of a millisecond, infinite numbers): {@link #print} throws
 * {@link IllegalArgumentException} saying which.
 */
public final class FlowPrinter {

    private final ValuePrinter values;
    private final ExpressionPrinter expressions;
    private final NodePrinter nodes;

    @Inject
    public FlowPrinter(Names names) {
        this.values = new ValuePrinter(names);
        this.expressions = new ExpressionPrinter(values);
        this.nodes = new NodePrinter(values, expressions);
    }

    /** A printer from the language's shared injector (for callers that do not use Guice). */
    public static FlowPrinter create() {
        return FlowFrontEnd.injector().getInstance(FlowPrinter.class);
    }

    public String print(FlowGraph graph) {
        return print(graph, PrintComments.NONE);
    }

    /** The graph as Flow source, with {@code comments} before the elements they belong to. */
    public String print(FlowGraph graph, PrintComments comments) {
        return print(graph, comments, List.of());
    }

    /**
     * The graph as Flow source with {@code comments}, after an {@code import} line for each path of
     * {@code imports} (libraries or registries that define what the graph uses but does not declare).
     */
    public String print(FlowGraph graph, PrintComments comments, List<String> imports) {
        var out = new SourceWriter();
        out.comments(comments.before(graph));
        out.blank();
        for (String path : imports) {
            out.line("import " + values.string(path));
        }
        for (Workflow w : graph.all()) {
            out.blank();
            workflow(w, graph, comments, out);
        }
        if (!comments.footer().isEmpty()) {
            out.blank();
            out.comments(comments.footer());
        }
        return out.toString();
    }

    private void workflow(Workflow w, FlowGraph graph, PrintComments comments, SourceWriter out) {
        out.comments(comments.before(w));
        out.open("workflow " + values.name(w.id()) + (w.name() == null ? "" : " " + values.string(w.name())));
        if (w.description() != null) {
            out.line("description " + values.string(w.description()));
        }
        if (w.version() != null) {
            out.line("version " + values.string(w.version()));
        }
        out.blank();
        out.comments(comments.before(new PrintComments.Section(w, PrintComments.Place.SETTINGS)));
        settings(w.config(), w.limits(), out);
        out.blank();
        for (Input i : w.inputs()) {
            out.comments(comments.before(i));
            out.line("input " + declaration(i.name(), i.type(), i.defaultValue(), i.description()));
        }
        out.blank();
        out.comments(comments.before(new PrintComments.Section(w, PrintComments.Place.STATE)));
        if (!w.state().isEmpty()) {
            out.open("state");
            for (StateVariable v : w.state()) {
                out.comments(comments.before(v));
                out.line(declaration(v.name(), v.type(), v.initial(), v.description()));
            }
            out.close();
        }
        out.blank();
        for (GateDef g : w.gates()) {
            out.blank();
            out.comments(comments.before(g));
            gate(g, out);
        }
        for (AgentDef a : w.agents()) {
            out.blank();
            out.comments(comments.before(a));
            agent(a, out);
        }
        out.blank();
        boolean previousHadBlock = false;
        // Supervisors are printed as written: their wiring is made again when the text is read.
        Workflow written = SupervisionWiring.unwire(w);
        for (Node n : written.nodes()) {
            if (n.kind() == NodeKind.START || n.kind() == NodeKind.END) {
                continue;
            }
            Node original = w.node(n.id()).orElse(n);
            boolean block = nodes.hasBlock(n, written);
            if (block || previousHadBlock || !comments.before(original).isEmpty()) {
                out.blank();
            }
            out.comments(comments.before(original));
            nodes.print(n, written, id -> graph.workflow(id).orElse(null), out);
            previousHadBlock = block;
        }
        out.blank();
        for (Interrupt i : w.interrupts()) {
            out.comments(comments.before(i));
            out.line(interrupt(i, w));
        }
        out.blank();
        out.comments(comments.before(new PrintComments.Section(w, PrintComments.Place.COMPLETION)));
        if (!w.completion().isEmpty()) {
            out.line("complete when " + w.completion().stream()
                    .map(c -> expressions.print(c, Scope.of(w))).collect(Collectors.joining(", ")));
        }
        out.blank();
        Set<Edge> named = namedEdges(written.edges());
        for (Edge e : written.edges()) {
            out.comments(comments.before(e));
            edge(e, named.contains(e), written, out);
        }
        out.close();
    }

    private void settings(Config config, Limits limits, SourceWriter out) {
        if (config.maxParallel() != Config.DEFAULT_MAX_PARALLEL) {
            out.line("max parallel " + config.maxParallel());
        }
        if (!config.failFast()) {
            out.line("continue on failure");
        }
        if (config.sandbox() != null) {
            out.line(nodes.sandbox(config.sandbox()));
        }
        if (config.isolation() != Isolation.NONE) {
            out.line("isolate " + config.isolation().keyword());
        }
        if (config.repository() != null) {
            out.line("repository " + values.string(config.repository()));
        }
        if (config.growth() != null) {
            out.line(nodes.grows(config.growth(), null));
        }
        if (config.escalation() != null) {
            out.line(nodes.escalation(config.escalation()));
        }
        if (limits.maxNodeExecutions() != null) {
            out.line("max executions " + limits.maxNodeExecutions());
        }
        if (limits.maxWallTime() != null) {
            out.line("max time " + values.duration(limits.maxWallTime()));
        }
        if (limits.maxCost() != null) {
            out.line("max cost " + values.number(limits.maxCost()));
        }
    }

    private String declaration(String name, dev.flow.model.Type type, dev.flow.model.Value value, String description) {
        return values.name(name) + ": " + values.type(type)
                + (value == null ? "" : " = " + values.value(value))
                + (description == null ? "" : " " + values.string(description));
    }

    private void gate(GateDef g, SourceWriter out) {
        out.open("gate " + values.name(g.name()));
        if (g.description() != null) {
            out.line("description " + values.string(g.description()));
        }
        if (g.command() != null) {
            out.line(nodes.command(g.command()));
        }
        if (g.timeout() != null) {
            out.line("timeout " + values.duration(g.timeout()));
        }
        if (!g.env().isEmpty()) {
            lines(nodes.env(g.env()), out);
        }
        if (g.parallelSafe()) {
            out.line("parallel safe");
        }
        if (!g.allowedWrites().isEmpty()) {
            out.line("writes " + g.allowedWrites().stream().map(values::string).collect(Collectors.joining(", ")));
        }
        if (!g.dependsOn().isEmpty()) {
            out.line("after " + nodes.names(g.dependsOn()));
        }
        if (g.severity() != Severity.ERROR) {
            out.line("severity " + g.severity().label());
        }
        if (g.cwd() != null) {
            out.line("cwd " + values.string(g.cwd()));
        }
        out.close();
    }

    private void agent(AgentDef a, SourceWriter out) {
        out.open("agent " + values.name(a.name()));
        if (a.description() != null) {
            out.line("description " + values.string(a.description()));
        }
        if (a.command() != null) {
            out.line(nodes.command(a.command()));
        }
        if (a.promptVia() == AgentDef.PromptVia.FILE) {
            out.line("prompt via file");
        }
        if (!a.env().isEmpty()) {
            lines(nodes.env(a.env()), out);
        }
        if (a.sandbox() != null) {
            out.line(nodes.sandbox(a.sandbox()));
        }
        if (!a.roles().isEmpty()) {
            out.line("roles " + a.roles().stream().map(values::string).collect(Collectors.joining(", ")));
        }
        if (a.permissions() != null) {
            String level = a.permissions().level();
            out.line("permissions " + (AgentPermissions.RUN.equals(level) ? level : values.name(level)) + (a.permissions().allow().isEmpty() ? ""
                    : " allow " + a.permissions().allow().stream().map(values::string).collect(Collectors.joining(", "))));
        }
        out.close();
    }

    private static void lines(String text, SourceWriter out) {
        for (String line : text.split("\n")) {
            out.line(line);
        }
    }

    private String interrupt(Interrupt i, Workflow w) {
        var s = new StringBuilder("interrupt ").append(i.timing() == Interrupt.Timing.AFTER ? "after " : "before ")
                .append(values.name(i.node().name()));
        if (i.condition() != null) {
            s.append(" when ").append(expressions.print(i.condition(), Scope.of(w)));
        }
        if (i.prompt() != null) {
            s.append(" prompt ").append(values.string(i.prompt()));
        }
        if (!i.required()) {
            s.append(" optional");
        }
        return s.toString();
    }

    private void edge(Edge e, boolean named, Workflow w, SourceWriter out) {
        var s = new StringBuilder();
        if (named) {
            s.append(values.name(e.id())).append(": ");
        }
        s.append(end(e.from().name())).append(" -> ").append(end(e.to().name()));
        if (e.loop() != null) {
            s.append(" loop max ").append(e.loop().maxIterations());
        }
        if (e.onLimitReached()) {
            s.append(" on limit");
        }
        if (e.condition() != null) {
            s.append(" when ").append(expressions.print(e.condition(), Scope.leaving(w, e.from().name())));
        }
        if (e.dataMapping().isEmpty()) {
            out.line(s.toString());
            return;
        }
        lines(s + " " + nodes.mappings("with", e.dataMapping(), Scope.of(w)), out);
    }

    private String end(String name) {
        return name.equals(Node.START_ID) || name.equals(Node.END_ID) ? name : values.name(name);
    }

    /**
     * The edges whose ids must be written: those the compiler would not derive. Compiling reserves
     * written ids first, which can shift derived ones, so this repeats until it is stable.
     */
    private static Set<Edge> namedEdges(List<Edge> edges) {
        Set<Edge> named = new HashSet<>();
        for (Edge e : edges) {
            if (!EdgeIds.isDerived(e.id(), e.from().name(), e.to().name())) {
                named.add(e);
            }
        }
        while (true) {
            var ids = new EdgeIds();
            named.forEach(e -> ids.reserve(e.id()));
            var more = new ArrayList<Edge>();
            for (Edge e : edges) {
                if (!named.contains(e) && !ids.next(e.from().name(), e.to().name()).equals(e.id())) {
                    more.add(e);
                }
            }
            if (more.isEmpty()) {
                return named;
            }
            named.addAll(more);
        }
    }
}
