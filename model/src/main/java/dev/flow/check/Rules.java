package dev.flow.check;

import dev.flow.model.FlowGraph;
import java.util.List;

/**
 * Every rule of the checker, in one explicit list. A rule is a method named after what it finds;
 * each reports under its own codes and tolerates whatever the others report (unknown names,
 * duplicate ids, a missing start or end), so the order below does not matter: the output is sorted.
 */
final class Rules {
    private Rules() {}

    /** A rule over one workflow, with its shared index. */
    @FunctionalInterface
    interface WorkflowRule {
        void check(WorkflowIndex workflow, Report out);
    }

    /** A rule over the whole graph: the main workflow and the ones it calls. */
    @FunctionalInterface
    interface GraphRule {
        void check(FlowGraph graph, Report out);
    }

    static final List<WorkflowRule> WORKFLOW = List.of(
            // 1xx structure
            StructureRules::duplicateNodes,
            StructureRules::duplicateEdges,
            StructureRules::duplicateDefinitions,
            StructureRules::reservedNames,
            StructureRules::missingFields,
            StructureRules::conflictingFields,
            StructureRules::unsafeIds,
            PlannerRules::plannersWithCommands,
            // 2xx references
            ReferenceRules::unknownNodes,
            ReferenceRules::unknownGates,
            ReferenceRules::unknownAgents,
            ReferenceRules::unknownWorkflows,
            ReferenceRules::unknownOutputs,
            // 3xx control flow
            ReachabilityRules::startEndMisuse,
            ReachabilityRules::noEntry,
            ReachabilityRules::noExit,
            ReachabilityRules::unreachableNodes,
            ReachabilityRules::deadEnds,
            OutputRules::unhandledOutputs,
            ConflictRules::unhandledConflicts,
            CycleRules::uncontrolledCycles,
            CycleRules::loopsOutsideCycles,
            CycleRules::limitRoutesWithoutLoop,
            JoinRules::mergesWithTooFewInputs,
            JoinRules::unjoinedParallels,
            JoinRules::joinMismatches,
            JoinRules::parallelBranchesNotSuccessors,
            EscalationRules::escalationTargets,
            EscalationRules::escalationCycles,
            // 4xx conditions and types
            TypeRules::expressionTypes,
            TypeRules::readsOfNodesNotYetRun,
            TypeRules::constantConditions,
            TypeRules::stateUpdates,
            TypeRules::subgraphInputs,
            TypeRules::promptTemplates,
            // 5xx limits and values
            LimitRules::invalidLoopLimits,
            LimitRules::invalidRunLimits,
            LimitRules::invalidTimeouts,
            LimitRules::invalidRetries,
            LimitRules::invalidMaxParallel,
            LimitRules::invalidValues,
            LimitRules::invalidKvKeys,
            AgentRules::unknownPermissions,
            AgentRules::unconfinedAgents,
            RetryRules::retriesThatNeverHappen,
            // 7xx supervisors
            SupervisionRules::unknownParticipants,
            SupervisionRules::invalidParticipants,
            SupervisionRules::participantEdges,
            SupervisionRules::unconditionedEdges,
            SupervisionRules::supervisorsThatCannotFinish,
            SupervisionRules::unboundedRounds,
            SupervisionRules::incompleteSupervisors,
            PlannerRules::invalidGrowthLimits);

    /** The rules of {@link #WORKFLOW} that read gate definitions, and nothing else when a workflow has no node. */
    static final List<WorkflowRule> GATE_DEFINITIONS = List.of(
            StructureRules::duplicateDefinitions,
            StructureRules::missingFields,
            ReferenceRules::unknownGates,
            LimitRules::invalidTimeouts);

    static final List<GraphRule> GRAPH = List.of(
            StructureRules::duplicateWorkflows,
            CycleRules::recursiveSubgraphs);
}
