package dev.flow.yaml.graphloop;

import dev.flow.model.Config;
import dev.flow.model.Expr;
import dev.flow.model.Interrupt;
import dev.flow.model.Isolation;
import dev.flow.model.Limits;
import dev.flow.model.Node;
import dev.flow.model.OutputHandler;
import dev.flow.model.SourceRef;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.dialect.ReadContext;
import dev.flow.yaml.read.YEntry;
import dev.flow.yaml.read.YMap;
import dev.flow.yaml.read.YNode;
import dev.flow.yaml.read.YScalar;
import dev.flow.yaml.read.YamlComments;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/** Reads the run-wide parts of dialect 2: {@code state}, {@code limits}, {@code interrupts}, {@code completion}. */
final class GraphLoopSettings {
    private final ReadContext ctx;

    GraphLoopSettings(ReadContext ctx) {
        this.ctx = ctx;
    }

    /**
     * {@code state: {variables: {name: initial}}}; each variable's type is that of its initial value
     * ({@code 0} int, {@code 0.5} float, {@code ""} string, {@code true} bool, {@code []} list of
     * strings, a list of ints list of ints, null or a mapping any).
     */
    List<StateVariable> state(Fields top) {
        var out = new ArrayList<StateVariable>();
        top.child("state", "the state of the workflow").ifPresent(state -> {
            state.allowOnly(List.of("variables"));
            state.mapping("variables", "a mapping of variable names to initial values").ifPresent(vars -> {
                for (YEntry e : vars.entries()) {
                    Value initial = Fields.toValue(e.value());
                    out.add(new StateVariable(e.name(), initial.type(), initial, null, e.key().source()));
                    ctx.comments().add(new YamlComments.Target(YamlComments.Kind.STATE_VARIABLE, e.name()), e.span());
                }
            });
        });
        return out;
    }

    /**
     * The variables that {@code on_output} handlers set or append to without {@code state.variables}
     * declaring them: in dialect 2, the first update declares a variable. Each takes the type of
     * the values stored in it (a constant's type, {@code any} for a node's text; {@code int} and
     * {@code float} together make {@code float}; anything else mixed makes {@code any}), as a list of
     * them when it is appended to, and starts at that type's zero value.
     */
    static List<StateVariable> declaredByUpdates(List<StateVariable> declared, List<Node> nodes) {
        var known = new HashSet<String>();
        declared.forEach(v -> known.add(v.name()));
        var types = new LinkedHashMap<String, Type>();
        var sources = new HashMap<String, dev.flow.model.SourceRef>();
        for (Node node : nodes) {
            for (OutputHandler handler : node.onOutput()) {
                for (StateUpdate update : handler.updates()) {
                    String name = update.variable().name();
                    if (known.contains(name)) {
                        continue;
                    }
                    Type value = update.value() instanceof Expr.Literal literal ? literal.value().type() : Type.ANY;
                    Type type = update.op() == StateUpdate.Op.APPEND ? Type.list(value) : value;
                    types.merge(name, type, GraphLoopSettings::join);
                    sources.putIfAbsent(name, update.variable().source());
                }
            }
        }
        var out = new ArrayList<StateVariable>();
        types.forEach((name, type) -> out.add(new StateVariable(name, type, null, null, sources.get(name))));
        return out;
    }

    /** The type that holds values of both types. */
    private static Type join(Type a, Type b) {
        if (a.equals(b)) {
            return a;
        }
        if (a.isNumeric() && b.isNumeric()) {
            return Type.FLOAT;
        }
        if (a instanceof Type.ListType x && b instanceof Type.ListType y) {
            return Type.list(join(x.element(), y.element()));
        }
        return Type.ANY;
    }

    /** {@code max_iterations} (node executions), {@code max_time_minutes}, {@code max_cost_dollars}. */
    Limits limits(Fields top) {
        return top.child("limits", "the limits of the workflow").map(l -> {
            l.allowOnly(List.of("max_iterations", "max_time_minutes", "max_cost_dollars", "max_parallel_branches"));
            Long executions = l.whole("max_iterations", "a whole number").map(Located::value).orElse(null);
            Duration time = l.duration("max_time_minutes", Duration.ofMinutes(1), "a number of minutes").map(Located::value).orElse(null);
            Double cost = l.number("max_cost_dollars", "a number of dollars").map(Located::value).orElse(null);
            return new Limits(executions, time, cost, top.keySource("limits").orElse(l.anchor()));
        }).orElse(Limits.NONE);
    }

    /**
     * {@code limits.max_parallel_branches} is how many nodes may run at once; {@code isolate} and
     * {@code repository} (Flow extensions) the default isolation of tasks and their target repository.
     */
    Config config(Fields top) {
        Config limited = top.node("limits").filter(YMap.class::isInstance)
                .map(m -> new Fields((YMap) m, "the limits of the workflow", top.anchor(), top.problems()))
                .flatMap(l -> l.entry("max_parallel_branches").flatMap(e -> l.whole("max_parallel_branches", "a whole number")
                        .map(n -> new Config((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n.value())), true, e.key().source()))))
                .orElse(Config.DEFAULT);
        Optional<Located<Isolation>> isolation = located(top, "isolate");
        Optional<Located<String>> repository = top.text("repository");
        if (isolation.isEmpty() && repository.isEmpty()) {
            return limited;
        }
        SourceRef at = limited != Config.DEFAULT ? limited.source()
                : isolation.map(Located::source).orElseGet(() -> repository.orElseThrow().source());
        return new Config(limited.maxParallel(), limited.failFast(), limited.sandbox(), isolation.map(Located::value).orElse(Isolation.NONE),
                repository.map(Located::value).orElse(null), at);
    }

    /** {@code isolate: worktree} or {@code isolate: none} in {@code f}, the workflow or a task. */
    static Optional<Isolation> isolation(Fields f) {
        return located(f, "isolate").map(Located::value);
    }

    private static Optional<Located<Isolation>> located(Fields f, String key) {
        return f.choice(key, List.of("worktree", "none"))
                .map(c -> new Located<>(c.value().equals("worktree") ? Isolation.WORKTREE : Isolation.NONE, c.source()));
    }

    List<Interrupt> interrupts(Fields top) {
        var out = new ArrayList<Interrupt>();
        var items = top.list("interrupts", "a list of interrupts (- before: node ...)").map(s -> s.items()).orElse(List.of());
        for (int i = 0; i < items.size(); i++) {
            YNode item = items.get(i);
            int index = i;
            Fields.of(item, "interrupt #" + (i + 1), item.source(), ctx.problems()).flatMap(f -> interrupt(f, item)).ifPresent(interrupt -> {
                out.add(interrupt);
                ctx.comments().add(new YamlComments.Target(YamlComments.Kind.INTERRUPT, Integer.toString(index)), item.source());
            });
        }
        return out;
    }

    private Optional<Interrupt> interrupt(Fields f, YNode item) {
        f.allowOnly(List.of("before", "after", "condition", "prompt", "required"));
        var before = f.text("before");
        var after = f.text("after");
        if (before.isPresent() && after.isPresent()) {
            ctx.problems().add(dev.flow.diagnostic.Diagnostic.of(dev.flow.diagnostic.Code.CONFLICTING_FIELDS,
                    f.owner() + " has both \"before\" and \"after\"; an interrupt pauses at one of them: split it in two", f.keySource("after").orElseThrow()));
        } else if (before.isEmpty() && after.isEmpty()) {
            f.require("before", "name the node to pause at, with before: NODE or after: NODE");
        }
        Expr condition = f.scalar("condition", "a condition string").flatMap(s -> ctx.parseCondition(s).expr()).map(ConditionTranslator::value).orElse(null);
        String prompt = f.text("prompt").map(Located::value).orElse(null);
        boolean required = f.bool("required").map(Located::value).orElse(false);
        var timing = before.isPresent() ? Interrupt.Timing.BEFORE : Interrupt.Timing.AFTER;
        return before.or(() -> after).map(node -> new Interrupt(timing, node.toNameRef(), condition, prompt, required, item.source()));
    }

    /** Each completion condition, parsed; any one of them completes the run. */
    List<Expr> completion(Fields top) {
        var out = new ArrayList<Expr>();
        var items = top.list("completion", "a list of conditions").map(s -> s.items()).orElse(List.of());
        for (int i = 0; i < items.size(); i++) {
            YNode item = items.get(i);
            if (!(item instanceof YScalar s) || s.isNull()) {
                ctx.problems().wrongType(item, "each item of \"completion\"", "a condition string such as \"review.clean\"");
                continue;
            }
            var expr = ctx.parseCondition(s).expr().map(ConditionTranslator::value);
            if (expr.isPresent()) {
                out.add(expr.get());
                ctx.comments().add(new YamlComments.Target(YamlComments.Kind.COMPLETION, Integer.toString(out.size() - 1)), s.source());
            }
        }
        return out;
    }
}
