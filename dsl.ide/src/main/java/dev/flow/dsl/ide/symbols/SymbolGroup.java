package dev.flow.dsl.ide.symbols;

import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.Checkpoint;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.GateNode;
import dev.flow.dsl.flow.Human;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.Parallel;
import dev.flow.dsl.flow.StateVar;
import dev.flow.dsl.flow.Subgraph;
import dev.flow.dsl.flow.Task;
import java.util.Optional;
import org.eclipse.emf.ecore.EObject;

/** The headings a workflow's outline groups its members under, in the order they are shown. */
enum SymbolGroup {
    INPUTS("inputs"),
    STATE("state"),
    GATE_DEFINITIONS("gate definitions"),
    AGENTS("agents"),
    TASKS("tasks"),
    GATES("gates"),
    BRANCHES("branches"),
    PARALLELS("parallels"),
    MERGES("merges"),
    SUBGRAPHS("subgraphs"),
    HUMANS("human steps"),
    CHECKPOINTS("checkpoints");

    final String title;

    SymbolGroup(String title) {
        this.title = title;
    }

    static Optional<SymbolGroup> of(EObject member) {
        SymbolGroup group = null;
        if (member instanceof Input) {
            group = INPUTS;
        } else if (member instanceof StateVar) {
            group = STATE;
        } else if (member instanceof GateDef) {
            group = GATE_DEFINITIONS;
        } else if (member instanceof AgentDef) {
            group = AGENTS;
        } else if (member instanceof Task || member instanceof dev.flow.dsl.flow.Supervisor) {
            group = TASKS;
        } else if (member instanceof GateNode) {
            group = GATES;
        } else if (member instanceof Branch) {
            group = BRANCHES;
        } else if (member instanceof Parallel) {
            group = PARALLELS;
        } else if (member instanceof Merge) {
            group = MERGES;
        } else if (member instanceof Subgraph) {
            group = SUBGRAPHS;
        } else if (member instanceof Human) {
            group = HUMANS;
        } else if (member instanceof Checkpoint) {
            group = CHECKPOINTS;
        }
        return Optional.ofNullable(group);
    }
}
