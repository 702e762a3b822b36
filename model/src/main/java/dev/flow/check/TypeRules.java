package dev.flow.check;

import dev.flow.check.ExprSite.Use;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Expr;
import dev.flow.model.Input;
import dev.flow.model.Mapping;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputHandler;
import dev.flow.model.StateUpdate;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.Workflow;
import java.util.List;
import java.util.Optional;

/** FLOW4xx: conditions and values, their references and their types. */
final class TypeRules {
    private TypeRules() {}

    /**
     * FLOW201, FLOW204, FLOW206, FLOW207, FLOW401, FLOW402, FLOW405: every expression resolves and is
     * well typed, and every condition is a bool.
     */
    static void expressionTypes(WorkflowIndex w, Report out) {
        var typer = new ExprTyper(out);
        for (ExprSite site : w.sites()) {
            Type type = typer.type(site.expr(), site);
            if (site.use() == Use.CONDITION && !ExprTyper.isBool(type)) {
                out.add(Code.TYPE_MISMATCH, site.at(site.expr().source()), notBool(site, type));
            }
        }
    }

    private static String notBool(ExprSite site, Type type) {
        String text = ExprText.of(site.expr());
        String message = Messages.q(text) + " is " + Messages.a(type) + ", not a bool, so it cannot be " + site.where();
        if (site.expr() instanceof Expr.Ref && type instanceof Type.EnumType enumType && !enumType.values().isEmpty()) {
            return message + "; compare it with a value, e.g. " + text + " == " + Messages.q(enumType.values().get(0));
        }
        if (site.expr() instanceof Expr.Ref && Type.STRING.equals(type)) {
            return message + "; compare it with a value, e.g. " + text + " == \"VALUE\"";
        }
        return message + "; write a comparison or a test that is true or false";
    }

    /** FLOW406: conditions that are a constant, or compare two constants. */
    static void constantConditions(WorkflowIndex w, Report out) {
        for (ExprSite site : w.sites()) {
            if (site.use() != Use.CONDITION) {
                continue;
            }
            Expr top = site.expr();
            if (top instanceof Expr.Literal literal && literal.value() instanceof Value.Bool b) {
                out.add(Code.CONSTANT_CONDITION, site.at(top.source()), site.where() + " is always " + b.value()
                        + (b.value() ? "; remove it" : ", so it never holds; fix it or remove what it guards"));
                continue;
            }
            for (Expr.Binary comparison : Exprs.constantComparisons(top)) {
                Optional<Boolean> value = Exprs.evaluate(comparison);
                String always = value.map(v -> "always " + v).orElse("always the same");
                out.add(Code.CONSTANT_CONDITION, site.at(comparison.source()), Messages.q(ExprText.of(comparison)) + " compares two constants, so it is "
                        + always + "; compare a reference such as state.NAME or NODE.FIELD instead");
            }
        }
    }

    /** FLOW404: expressions that read a node which cannot have run by the time they are evaluated. */
    static void readsOfNodesNotYetRun(WorkflowIndex w, Report out) {
        var order = new RunOrder(w);
        for (ExprSite site : w.sites()) {
            if (site.readPoint() == null) {
                continue;
            }
            for (Expr.Ref ref : Exprs.refs(site.expr())) {
                TypeResolver.Resolution resolution = site.names().resolve(ref.path(), site.outputOf());
                String node = resolution.node();
                if (node != null && !order.canHaveRun(node, site.readPoint().node(), site.readPoint().inclusive())) {
                    String point = site.readPoint().node();
                    String problem = node.equals(point)
                            ? site.where() + " reads " + Messages.q(ref.path()) + " before " + Messages.q(node) + " has run"
                            : site.where() + " reads " + Messages.q(ref.path()) + ", but " + Messages.q(node)
                                    + " cannot have run by then: no path leads from " + Messages.q(node) + " to " + Messages.q(point);
                    out.add(Diagnostic.of(Code.NOT_YET_RUN, problem + "; read a node that runs before it", site.at(ref.source()))
                            .withRelated(List.of(new Diagnostic.Related(w.sourceOf(node), "the node read"))));
                }
            }
        }
    }

    /** FLOW204, FLOW402, FLOW405: on-output updates name a state variable and store a value of its type. */
    static void stateUpdates(WorkflowIndex w, Report out) {
        var typer = new ExprTyper(Report.discard());
        for (Node node : w.workflow().nodes()) {
            for (OutputHandler handler : node.onOutput()) {
                for (StateUpdate update : handler.updates()) {
                    stateUpdate(w, node, handler, update, typer, out);
                }
            }
        }
    }

    private static void stateUpdate(WorkflowIndex w, Node node, OutputHandler handler, StateUpdate update, ExprTyper typer, Report out) {
        String name = update.variable().name();
        var at = Report.at(update.variable().source(), update.source(), handler.source(), node.source());
        Optional<Type> declared = w.names().stateType(name);
        if (declared.isEmpty()) {
            out.unknown(Code.UNKNOWN_VARIABLE, at, "unknown state variable " + Messages.q(name), name, w.names().stateNames(),
                    "declare it in \"state { " + name + ": TYPE }\"");
            return;
        }
        ExprSite site = handlerSite(w, node, update);
        Type value = typer.type(update.value(), site);
        Type target = declared.get();
        if (update.op() == StateUpdate.Op.APPEND) {
            if (!(target instanceof Type.ListType) && !Type.ANY.equals(target)) {
                out.add(Code.TYPE_MISMATCH, at, "cannot append to " + Messages.q(name) + ", which is " + Messages.a(target)
                        + ", not a list; use \"set\", or declare it as a list");
                return;
            }
            target = target instanceof Type.ListType list ? list.element() : Type.ANY;
        }
        if (!target.accepts(value)) {
            out.add(Code.TYPE_MISMATCH, site.at(update.value().source()), ExprText.operand(update.value()) + " is " + Messages.a(value)
                    + ", but " + Messages.q(name) + (update.op() == StateUpdate.Op.APPEND ? " holds " : " is ") + Messages.a(target)
                    + "; store a value of that type");
        } else if (target instanceof Type.EnumType enumType && update.value() instanceof Expr.Literal literal
                && literal.value() instanceof Value.Str str && !enumType.values().contains(str.value())) {
            out.add(Values.notInEnum(str.value(), enumType, "of " + Messages.q(name), site.at(literal.source())));
        }
    }

    private static ExprSite handlerSite(WorkflowIndex w, Node node, StateUpdate update) {
        return new ExprSite(update.value(), Use.VALUE, "", w.names(), node, OutputScope.of(node), null, update.source());
    }

    /** FLOW208, FLOW402: a subgraph hands the called workflow only inputs it declares, of their types. */
    static void subgraphInputs(WorkflowIndex w, Report out) {
        var typer = new ExprTyper(Report.discard());
        for (Node node : w.workflow().nodes()) {
            if (!(node.spec() instanceof NodeSpec.Subgraph subgraph)) {
                continue;
            }
            Optional<Workflow> called = w.graph().workflow(subgraph.workflow().name());
            if (called.isEmpty()) {
                continue; // FLOW205
            }
            var inputs = called.get().inputs().stream().map(Input::name).toList();
            for (Mapping mapping : subgraph.inputs()) {
                var at = Report.at(mapping.source(), node.source());
                Optional<Input> input = called.get().input(mapping.key());
                if (input.isEmpty()) {
                    out.unknown(Code.UNKNOWN_MAPPING_KEY, at, "workflow " + Messages.q(called.get().id()) + " has no input " + Messages.q(mapping.key()),
                            mapping.key(), inputs, inputs.isEmpty() ? "it takes no inputs" : "its inputs are " + Messages.list(inputs));
                    continue;
                }
                var site = new ExprSite(mapping.value(), Use.VALUE, "", w.names(), null, OutputScope.unknownSource(), null, at);
                Type value = typer.type(mapping.value(), site);
                if (!input.get().type().accepts(value)) {
                    out.add(Code.TYPE_MISMATCH, site.at(mapping.value().source()), ExprText.operand(mapping.value()) + " is " + Messages.a(value)
                            + ", but input " + Messages.q(mapping.key()) + " of " + Messages.q(called.get().id()) + " is " + Messages.a(input.get().type()));
                }
            }
        }
    }

    /**
     * FLOW407: {@code ${...}} placeholders in prompts and titles that name nothing known; FLOW408:
     * the fields of dialect 1 templates ({@link FormatFields}).
     */
    static void promptTemplates(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Task task && task.syntax() == dev.flow.model.PromptSyntax.FORMAT) {
                FormatFields.check(w, node, task, out);
            } else if (node.spec() instanceof NodeSpec.Task task) {
                Templates.check(w.names(), task.prompt(), () -> "the prompt of " + Messages.q(node.id()), node.source(), out);
            } else if (node.spec() instanceof NodeSpec.Human human) {
                Templates.check(w.names(), human.title(), () -> "the title of " + Messages.q(node.id()), node.source(), out);
                Templates.check(w.names(), human.prompt(), () -> "the prompt of " + Messages.q(node.id()), node.source(), out);
            } else if (node.spec() instanceof NodeSpec.Merge merge) {
                Templates.check(w.names(), merge.prompt(), () -> "the prompt of " + Messages.q(node.id()), node.source(), out);
            }
        }
        for (var interrupt : w.workflow().interrupts()) {
            Templates.check(w.names(), interrupt.prompt(), () -> "the prompt of the interrupt on " + Messages.q(interrupt.node().name()),
                    interrupt.source(), out);
        }
    }
}
