package dev.flow.dsl.print;

import dev.flow.model.Command;
import dev.flow.model.Escalation;
import dev.flow.model.Growth;
import dev.flow.model.Isolation;
import dev.flow.model.KvRef;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputHandler;
import dev.flow.model.PromptSyntax;
import dev.flow.model.RetryPolicy;
import dev.flow.model.StateUpdate;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Nodes, one property per line: what the kind does first, then outputs, timing, handlers and metadata. */
final class NodePrinter {

    private final ValuePrinter values;
    private final ExpressionPrinter expressions;

    NodePrinter(ValuePrinter values, ExpressionPrinter expressions) {
        this.values = values;
        this.expressions = expressions;
    }

    /** What follows a node's name in its header: the gate a gate node uses, the workflow a subgraph runs. */
    private final NodeSpec.Visitor<String> headerTail = new NodeSpec.Visitor<String>() {
        @Override
        public String task(NodeSpec.Task task) {
            return "";
        }

        @Override
        public String gate(NodeSpec.Gate gate) {
            return " uses " + values.name(gate.gate().name());
        }

        @Override
        public String branch(NodeSpec.Branch branch) {
            return "";
        }

        @Override
        public String parallel(NodeSpec.Parallel parallel) {
            return "";
        }

        @Override
        public String merge(NodeSpec.Merge merge) {
            return "";
        }

        @Override
        public String subgraph(NodeSpec.Subgraph subgraph) {
            return " runs " + values.name(subgraph.workflow().name());
        }

        @Override
        public String human(NodeSpec.Human human) {
            return "";
        }

        @Override
        public String checkpoint(NodeSpec.Checkpoint checkpoint) {
            return "";
        }

        @Override
        public String start(NodeSpec.Start start) {
            return "";
        }

        @Override
        public String end(NodeSpec.End end) {
            return "";
        }

        @Override
        public String unknown(NodeSpec.Unknown unknown) {
            return "";
        }
    };

    /** Whether a node of each kind has a wait mode of its own, so that the one for its incoming edges says {@code incoming}. */
    private static final NodeSpec.Visitor<Boolean> HAS_OWN_WAIT = new NodeSpec.Visitor<Boolean>() {
        @Override
        public Boolean task(NodeSpec.Task task) {
            return false;
        }

        @Override
        public Boolean gate(NodeSpec.Gate gate) {
            return false;
        }

        @Override
        public Boolean branch(NodeSpec.Branch branch) {
            return false;
        }

        @Override
        public Boolean parallel(NodeSpec.Parallel parallel) {
            return true;
        }

        @Override
        public Boolean merge(NodeSpec.Merge merge) {
            return true;
        }

        @Override
        public Boolean subgraph(NodeSpec.Subgraph subgraph) {
            return false;
        }

        @Override
        public Boolean human(NodeSpec.Human human) {
            return false;
        }

        @Override
        public Boolean checkpoint(NodeSpec.Checkpoint checkpoint) {
            return false;
        }

        @Override
        public Boolean start(NodeSpec.Start start) {
            return false;
        }

        @Override
        public Boolean end(NodeSpec.End end) {
            return false;
        }

        @Override
        public Boolean unknown(NodeSpec.Unknown unknown) {
            return false;
        }
    };

    /** The node's lines: a header alone, or a header and a block. */
    void print(Node node, Workflow workflow, Function<String, Workflow> called, SourceWriter out) {
        boolean supervisor = node.spec() instanceof NodeSpec.Task t && t.steering().supervises();
        var header = new StringBuilder(supervisor ? "supervisor" : node.kind().keyword()).append(' ').append(values.name(node.id()));
        if (node.label() != null) {
            header.append(' ').append(values.string(node.label()));
        }
        header.append(node.spec().accept(headerTail));
        List<String> lines = properties(node, workflow, called);
        boolean needsBlock = !lines.isEmpty() || node.kind() == dev.flow.model.NodeKind.BRANCH;
        if (!needsBlock) {
            out.line(header.toString());
            return;
        }
        out.open(header.toString());
        for (String line : lines) {
            for (String part : line.split("\n")) {
                out.line(part);
            }
        }
        out.close();
    }

    /** Whether the node prints as a block. */
    boolean hasBlock(Node node, Workflow workflow) {
        return node.kind() == dev.flow.model.NodeKind.BRANCH || !properties(node, workflow, w -> null).isEmpty();
    }

    private List<String> properties(Node node, Workflow workflow, Function<String, Workflow> called) {
        var lines = new ArrayList<String>();
        if (node.description() != null) {
            lines.add("description " + values.string(node.description()));
        }
        spec(node, workflow, called, lines);
        if (!node.outputs().isEmpty() && !(node.spec() instanceof NodeSpec.Task t && t.steering().supervises())) {
            lines.add("outputs " + node.outputs().stream()
                    .map(o -> values.name(o.name()) + (o.description() == null ? "" : " " + values.string(o.description())))
                    .collect(Collectors.joining(", ")));
        }
        if (node.timeout() != null) {
            lines.add("timeout " + values.duration(node.timeout()));
        }
        if (node.retry() != null) {
            lines.add(retry(node.retry()));
        }
        if (node.escalation() != null) {
            lines.add(escalation(node.escalation()));
        }
        if (node.waitForIncoming() != null) {
            boolean ownMode = node.spec().accept(HAS_OWN_WAIT);
            lines.add((ownMode ? "wait incoming " : "wait ") + node.waitForIncoming().keyword());
        }
        for (OutputHandler h : node.onOutput()) {
            lines.add(handler(h, workflow));
        }
        if (!node.metadata().isEmpty()) {
            lines.add("meta " + values.object(node.metadata()));
        }
        return lines;
    }

    private void spec(Node node, Workflow workflow, Function<String, Workflow> called, List<String> lines) {
        node.spec().accept(new SpecLines(workflow, called, lines));
    }

    /** The lines of what a node of each kind does, in the order the language reads best. */
    private final class SpecLines implements NodeSpec.Visitor<Void> {
        private final Workflow workflow;
        private final Function<String, Workflow> called;
        private final List<String> lines;

        SpecLines(Workflow workflow, Function<String, Workflow> called, List<String> lines) {
            this.workflow = workflow;
            this.called = called;
            this.lines = lines;
        }

        @Override
        public Void task(NodeSpec.Task t) {
            optional(lines, "agent", t.call().agent() == null ? null : values.name(t.call().agent().name()));
            optional(lines, "role", t.call().role() == null ? null : values.string(t.call().role()));
            optional(lines, t.call().syntax() == PromptSyntax.FORMAT ? "prompt format" : "prompt", t.call().prompt() == null ? null : values.string(t.call().prompt()));
            if (t.command() != null) {
                lines.add(command(t.command()));
            }
            optional(lines, "cwd", t.execution().cwd() == null ? null : values.string(t.execution().cwd()));
            if (!t.call().contextFiles().isEmpty()) {
                lines.add("context " + t.call().contextFiles().stream().map(values::string).collect(Collectors.joining(", ")));
            }
            if (!t.call().inputs().isEmpty()) {
                lines.add(kvInputs(t.call().inputs()));
            }
            if (!t.execution().env().isEmpty()) {
                lines.add(env(t.execution().env()));
            }
            if (!t.execution().gates().isEmpty()) {
                lines.add("gates " + names(t.execution().gates()));
            }
            if (t.call().session() != null) {
                lines.add("session " + t.call().session().keyword());
            }
            if (t.execution().sandbox() != null) {
                lines.add(sandbox(t.execution().sandbox()));
            }
            if (t.steering().supervises()) {
                supervision(t.steering().supervisor(), lines);
            } else if (t.execution().isolation() != workflow.config().isolation()) {
                lines.add("isolate " + t.execution().isolation().keyword()); // the workflow's default is not repeated
            }
            if (t.steering().planner() != null) {
                lines.add("planner" + (t.steering().planner().maxPerAnswer() == null && t.steering().planner().maxTotal() == null ? ""
                        : " " + grows(t.steering().planner(), workflow)));
            }
            return null;
        }

        @Override
        public Void gate(NodeSpec.Gate g) {
            if (g.isolation() != Isolation.NONE) {
                lines.add("isolate " + g.isolation().keyword());
            }
            return null;
        }

        @Override
        public Void branch(NodeSpec.Branch b) {
            if (b.condition() != null) {
                lines.add("if " + expressions.print(b.condition(), Scope.of(workflow)));
            }
            return null;
        }

        @Override
        public Void parallel(NodeSpec.Parallel p) {
            if (!p.branches().isEmpty()) {
                lines.add("branches " + names(p.branches()));
            }
            if (p.waitFor() != WaitMode.ALL) {
                lines.add("wait " + p.waitFor().keyword());
            }
            return null;
        }

        @Override
        public Void merge(NodeSpec.Merge m) {
            if (!m.waitFor().isEmpty()) {
                lines.add("wait " + m.mode().keyword() + " of " + names(m.waitFor()));
            } else if (m.mode() != WaitMode.ALL) {
                lines.add("wait " + m.mode().keyword());
            }
            if (m.strategy() != MergeStrategy.UNION) {
                lines.add("strategy " + m.strategy().keyword());
            }
            optional(lines, "agent", m.agent() == null ? null : values.name(m.agent().name()));
            optional(lines, "prompt", m.prompt() == null ? null : values.string(m.prompt()));
            return null;
        }

        @Override
        public Void subgraph(NodeSpec.Subgraph s) {
            if (!s.inputs().isEmpty()) {
                lines.add(mappings("with", s.inputs(), Scope.of(workflow)));
            }
            if (!s.outputs().isEmpty()) {
                lines.add(mappings("returns", s.outputs(), Scope.of(called.apply(s.workflow().name()))));
            }
            return null;
        }

        @Override
        public Void human(NodeSpec.Human h) {
            optional(lines, "title", h.title() == null ? null : values.string(h.title()));
            optional(lines, "prompt", h.prompt() == null ? null : values.string(h.prompt()));
            optional(lines, "default", h.defaultOutput() == null ? null : values.name(h.defaultOutput().name()));
            return null;
        }

        @Override
        public Void checkpoint(NodeSpec.Checkpoint checkpoint) {
            return null;
        }

        @Override
        public Void start(NodeSpec.Start start) {
            return null;
        }

        @Override
        public Void end(NodeSpec.End end) {
            return null;
        }

        @Override
        public Void unknown(NodeSpec.Unknown unknown) {
            return null;
        }
    }

    /** A supervisor's participants, ask node, rounds and finishing; it is never isolated. */
    private void supervision(dev.flow.model.Supervision s, List<String> lines) {
        if (!s.participants().isEmpty()) {
            lines.add("participants " + names(s.participants()));
        }
        optional(lines, "ask", s.ask() == null ? null : values.name(s.ask().name()));
        if (s.rounds() != null) {
            lines.add("max rounds " + s.rounds().maxIterations());
        }
        if (!s.mayFinish()) {
            lines.add("finish " + s.finish().keyword());
        }
    }

    private static void optional(List<String> lines, String keyword, String value) {
        if (value != null) {
            lines.add(keyword + " " + value);
        }
    }

    String names(List<NameRef> refs) {
        return refs.stream().map(r -> values.name(r.name())).collect(Collectors.joining(", "));
    }

    /** {@code sandbox}, {@code sandbox none}, {@code sandbox offline writes "a", "b"}. */
    String sandbox(dev.flow.model.Sandbox s) {
        if (!s.enabled()) {
            return "sandbox none";
        }
        return "sandbox" + (s.network() ? "" : " offline")
                + (s.writes().isEmpty() ? "" : " writes " + s.writes().stream().map(values::string).collect(Collectors.joining(", ")));
    }

    String command(Command c) {
        if (c instanceof Command.Shell sh) {
            return "sh " + values.string(sh.line());
        }
        return "run " + ((Command.Argv) c).args().stream().map(values::string).collect(Collectors.joining(", ", "[", "]"));
    }

    /** A task's inputs over several lines: {@code goal = plan["ctx.goal"]}, {@code run["ctx.decisions"]}. */
    String kvInputs(List<KvRef> refs) {
        return refs.stream()
                .map(r -> "    " + (r.as() == null ? "" : values.name(r.as()) + " = ")
                        + (r.readsRun() ? KvRef.RUN : values.name(r.node().name())) + "[" + values.string(r.key()) + "]")
                .collect(Collectors.joining("\n", "inputs {\n", "\n}"));
    }

    /** An env block over several lines. */
    String env(Map<String, String> env) {
        return env.entrySet().stream()
                .map(e -> "    " + values.key(e.getKey()) + " = " + values.string(e.getValue()))
                .collect(Collectors.joining("\n", "env {\n", "\n}"));
    }

    /**
     * {@code grows max 5 nodes, max 50 in all}. The language always names the nodes per answer: when
     * only a total is set, the workflow's (or the default) number per answer is written.
     *
     * @param workflow the planner's workflow; null for the workflow's own limits
     */
    String grows(dev.flow.model.Growth g, Workflow workflow) {
        Integer perAnswer = g.maxPerAnswer();
        if (perAnswer == null) {
            Growth wide = workflow == null ? null : workflow.config().growth();
            perAnswer = wide != null && wide.maxPerAnswer() != null ? wide.maxPerAnswer() : Growth.DEFAULT_PER_ANSWER;
        }
        return "grows max " + perAnswer + " nodes" + (g.maxTotal() == null ? "" : ", max " + g.maxTotal() + " in all");
    }

    /** {@code on failure escalate to triage}, {@code ... auto by fixer}, {@code ... none}, with {@code max N times}. */
    String escalation(Escalation e) {
        String where = switch (e.mode()) {
            case TO -> "to " + (e.target() == null ? "?" : values.name(e.target().name()));
            case AUTO -> "auto" + (e.agent() == null ? "" : " by " + values.name(e.agent().name()));
            case NONE -> "none";
        };
        return "on failure escalate " + where + (e.max() == null ? "" : " max " + e.max() + " times");
    }

    private String retry(RetryPolicy r) {
        var s = new StringBuilder("retry ").append(r.maxRetries());
        if (!r.on().isEmpty()) {
            s.append(" on ").append(names(r.on()));
        }
        if (!r.initialBackoff().equals(RetryPolicy.DEFAULT_INITIAL_BACKOFF)) {
            s.append(" backoff ").append(values.duration(r.initialBackoff()));
        }
        if (Double.compare(r.multiplier(), RetryPolicy.DEFAULT_MULTIPLIER) != 0) {
            s.append(" factor ").append(values.number(r.multiplier()));
        }
        if (!r.maxBackoff().equals(RetryPolicy.DEFAULT_MAX_BACKOFF)) {
            s.append(" max backoff ").append(values.duration(r.maxBackoff()));
        }
        if (!r.jitter()) {
            s.append(" without jitter");
        }
        return s.toString();
    }

    private String handler(OutputHandler h, Workflow workflow) {
        String head = "on " + values.name(h.output().name());
        var updates = h.updates().stream().map(u -> update(u, workflow)).toList();
        if (updates.size() == 1) {
            return head + " " + updates.get(0);
        }
        if (updates.isEmpty()) {
            return head + " { }";
        }
        return updates.stream().map(u -> "    " + u).collect(Collectors.joining("\n", head + " {\n", "\n}"));
    }

    private String update(StateUpdate u, Workflow workflow) {
        String value = expressions.print(u.value(), Scope.of(workflow));
        String variable = values.name(u.variable().name());
        return u.op() == StateUpdate.Op.APPEND ? "append " + value + " to " + variable : "set " + variable + " = " + value;
    }

    /** {@code with { k = v }} or {@code returns { ... }}, one mapping per line. */
    String mappings(String keyword, List<Mapping> mappings, Scope scope) {
        return mappings.stream()
                .map(m -> "    " + values.name(m.key()) + " = " + expressions.print(m.value(), scope))
                .collect(Collectors.joining("\n", keyword + " {\n", "\n}"));
    }
}
