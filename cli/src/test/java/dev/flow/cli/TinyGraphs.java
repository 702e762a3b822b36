package dev.flow.cli;

import dev.flow.model.Command;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.util.List;

/** Small graphs for CLI tests that must not depend on a front end. */
final class TinyGraphs {
    private TinyGraphs() {}

    /** start -> work -> end, work looping on itself at most twice. */
    static FlowGraph chain() {
        var work = Node.of("work", NodeSpec.Task.builder().command(new Command.Argv(List.of("true"), SourceRef.NONE)).build(), SourceRef.NONE);
        var edges = List.of(
                new Edge("start->work", NameRef.of("start"), NameRef.of("work"), null, null, false, List.of(), SourceRef.NONE),
                new Edge("work->work", NameRef.of("work"), NameRef.of("work"), null, new LoopControl(2, SourceRef.NONE), false, List.of(), SourceRef.NONE),
                new Edge("work->end", NameRef.of("work"), NameRef.of("end"), null, null, false, List.of(), SourceRef.NONE));
        var nodes = List.of(Node.of("start", new NodeSpec.Start(), SourceRef.NONE), work, Node.of("end", new NodeSpec.End(), SourceRef.NONE));
        return FlowGraph.of(Workflow.builder().id("tiny").name("Tiny").nodes(nodes).edges(edges).source(SourceRef.NONE).build());
    }
}
