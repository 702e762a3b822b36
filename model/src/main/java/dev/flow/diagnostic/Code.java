package dev.flow.diagnostic;

import dev.flow.model.Severity;
import java.util.Locale;
import java.util.Optional;

/**
 * Every diagnostic Flow reports, with its stable code, its kebab-case name and its default
 * severity. Codes never change meaning and are never reused; {@code docs/diagnostics.md} has an
 * entry for each, with an example and the fix, and {@code examples/invalid/} a file that triggers
 * it.
 *
 * <p>Ranges: 0xx input and syntax, 1xx structure, 2xx references, 3xx control flow, 4xx
 * conditions and types, 5xx limits and values, 6xx YAML, 7xx supervisors.
 */
public enum Code {
    // 0xx: reading the input
    SYNTAX_ERROR("FLOW001", "syntax-error", Severity.ERROR, "The text does not follow the language's grammar."),
    INPUT_TOO_LARGE("FLOW002", "input-too-large", Severity.ERROR, "The file is too large, too deeply nested or otherwise refused before parsing."),
    UNREADABLE_INPUT("FLOW003", "unreadable-input", Severity.ERROR, "The file cannot be read: missing, not UTF-8, or not a workflow."),
    AMBIGUOUS_WORKFLOW("FLOW004", "ambiguous-workflow", Severity.ERROR, "A file holds several workflows and none was chosen."),
    DUPLICATE_PROPERTY("FLOW005", "duplicate-property", Severity.ERROR, "A block sets the same property twice (two prompts, two timeouts...)."),
    EDGE_NAME_ON_CHAIN("FLOW006", "edge-name-on-chain", Severity.ERROR, "An edge name is given to a statement with several steps (e1: a -> b -> c)."),
    NON_CONSTANT_LIST("FLOW007", "non-constant-list", Severity.ERROR, "A list in a condition holds something other than constants."),
    MISPLACED_PROPERTY("FLOW008", "misplaced-property", Severity.ERROR, "A node sets a property its kind does not take (wait ... of on a node that is not a merge)."),

    // 1xx: structure
    DUPLICATE_NODE("FLOW101", "duplicate-node", Severity.ERROR, "Two nodes have the same id."),
    DUPLICATE_EDGE("FLOW102", "duplicate-edge", Severity.ERROR, "Two edges join the same nodes under the same condition, or share an id."),
    DUPLICATE_DEFINITION("FLOW103", "duplicate-definition", Severity.ERROR, "Two gates, agents, inputs, state variables, outputs or workflows have the same name."),
    RESERVED_NAME("FLOW104", "reserved-name", Severity.ERROR, "A node uses a name reserved for the implicit start and end."),
    MISSING_FIELD("FLOW105", "missing-field", Severity.ERROR, "A node lacks what its kind needs (an agent or a command, a condition, branches...), or a command names no program."),
    CONFLICTING_FIELDS("FLOW106", "conflicting-fields", Severity.ERROR, "A node sets fields that exclude each other (an agent and a command, ...)."),
    UNSAFE_ID("FLOW107", "unsafe-id", Severity.ERROR, "A node id holds \"/\", \"\\\", \"..\" or a control character: node ids name the folders of their files."),

    // 2xx: references
    UNKNOWN_NODE("FLOW201", "unknown-node", Severity.ERROR, "A name is used as a node but no node has it."),
    UNKNOWN_GATE("FLOW202", "unknown-gate", Severity.ERROR, "A gate node or task names a gate that is not defined or registered."),
    UNKNOWN_AGENT("FLOW203", "unknown-agent", Severity.ERROR, "A task names an agent that is neither built in nor defined."),
    UNKNOWN_VARIABLE("FLOW204", "unknown-variable", Severity.ERROR, "A name is used as a state variable or input but none has it."),
    UNKNOWN_WORKFLOW("FLOW205", "unknown-workflow", Severity.ERROR, "A subgraph names a workflow that is not defined or imported."),
    UNKNOWN_OUTPUT("FLOW206", "unknown-output", Severity.ERROR, "An edge, handler or default names an output the node does not declare."),
    UNKNOWN_FIELD("FLOW207", "unknown-field", Severity.ERROR, "A condition reads a field that a node's result never has."),
    UNKNOWN_MAPPING_KEY("FLOW208", "unknown-mapping-key", Severity.ERROR, "A subgraph maps an input the called workflow does not declare."),
    UNKNOWN_IMPORT("FLOW209", "unknown-import", Severity.ERROR, "An imported file does not exist or cannot be read."),

    // 3xx: control flow
    NO_ENTRY("FLOW301", "no-entry", Severity.ERROR, "Nothing leaves start: the workflow has no entry."),
    NO_EXIT("FLOW302", "no-exit", Severity.ERROR, "No path leads from start to end."),
    UNREACHABLE_NODE("FLOW303", "unreachable-node", Severity.WARNING, "A node cannot be reached from start."),
    DEAD_END("FLOW304", "dead-end", Severity.ERROR, "A node cannot reach end: a run that gets there can never complete."),
    UNHANDLED_OUTPUT("FLOW305", "unhandled-output", Severity.WARNING, "A declared output has no edge that leaves on it."),
    UNCONTROLLED_CYCLE("FLOW306", "uncontrolled-cycle", Severity.ERROR, "A cycle has no loop edge with a limit: a run could go round forever."),
    LOOP_OUTSIDE_CYCLE("FLOW307", "loop-outside-cycle", Severity.WARNING, "An edge is marked as a loop but closes no cycle."),
    MERGE_TOO_FEW_INPUTS("FLOW308", "merge-too-few-inputs", Severity.ERROR, "A merge has fewer than two incoming branches."),
    UNJOINED_PARALLEL("FLOW309", "unjoined-parallel", Severity.WARNING, "The branches of a parallel node never meet at a merge."),
    JOIN_MISMATCH("FLOW310", "join-mismatch", Severity.ERROR, "A merge waits for a node that is not one of its incoming branches."),
    RECURSIVE_SUBGRAPH("FLOW311", "recursive-subgraph", Severity.ERROR, "Workflows call each other as subgraphs in a circle."),
    START_END_MISUSE("FLOW312", "start-end-misuse", Severity.ERROR, "An edge enters start or leaves end."),
    LIMIT_ROUTE_WITHOUT_LOOP("FLOW313", "limit-route-without-loop", Severity.ERROR, "A limit-reached edge leaves a node that has no loop edge."),
    PARALLEL_BRANCH_NOT_SUCCESSOR("FLOW314", "parallel-branch-not-successor", Severity.ERROR, "A parallel node lists a branch that no edge from it reaches."),
    SELF_ESCALATION("FLOW315", "self-escalation", Severity.ERROR, "A node escalates its own failure to itself."),
    ESCALATION_CYCLE("FLOW316", "escalation-cycle", Severity.ERROR, "Escalations lead round in a circle: a chain of escalations without an end."),
    INVALID_ESCALATION_TARGET("FLOW317", "invalid-escalation-target", Severity.ERROR,
            "An escalation names a node that cannot handle a failure: only a task run by an agent (or a role) and a human node can."),
    UNHANDLED_CONFLICT("FLOW318", "unhandled-conflict", Severity.WARNING,
            "Isolated tasks that may run at the same time apply to one repository, and one has no edge for conflict: when their changes clash it fails."),

    // 4xx: conditions and types
    UNSAFE_FIELD("FLOW401", "unsafe-field", Severity.ERROR, "A condition field is not a dotted identifier."),
    TYPE_MISMATCH("FLOW402", "type-mismatch", Severity.ERROR, "Values of incompatible types are compared, combined or assigned."),
    MALFORMED_CONDITION("FLOW403", "malformed-condition", Severity.ERROR, "A condition string does not parse."),
    NOT_YET_RUN("FLOW404", "not-yet-run", Severity.ERROR, "A condition reads a node that cannot have run at that point."),
    UNKNOWN_ENUM_VALUE("FLOW405", "unknown-enum-value", Severity.ERROR, "A value is compared with an enum (such as a node's outputs) that does not contain it."),
    CONSTANT_CONDITION("FLOW406", "constant-condition", Severity.WARNING, "A condition is always true or always false."),
    UNKNOWN_TEMPLATE_NAME("FLOW407", "unknown-template-name", Severity.WARNING, "A ${...} placeholder in a prompt names nothing known."),
    FORMAT_PLACEHOLDER("FLOW408", "format-placeholder", Severity.ERROR,
            "A {...} field of a dialect 1 template (prompt format) names no key of the task's input, or cannot be filled as written."),

    // 5xx: limits and values
    INVALID_LOOP_LIMIT("FLOW501", "invalid-loop-limit", Severity.ERROR, "A loop limit is less than 2: the loop could run no round, or its edge could never be taken."),
    INVALID_LIMIT("FLOW502", "invalid-limit", Severity.ERROR, "A run-wide limit is zero or negative."),
    INVALID_TIMEOUT("FLOW503", "invalid-timeout", Severity.ERROR, "A timeout is zero or negative."),
    INVALID_RETRY("FLOW504", "invalid-retry", Severity.ERROR, "A retry policy has a negative count, or backoffs that do not make sense."),
    INVALID_MAX_PARALLEL("FLOW505", "invalid-max-parallel", Severity.ERROR, "max parallel is less than 1."),
    INVALID_VALUE("FLOW506", "invalid-value", Severity.ERROR, "A default or initial value does not have the declared type."),
    RETRY_NEVER_HAPPENS("FLOW507", "retry-never-happens", Severity.WARNING, "A retry can never happen: every failure of the node takes a declared output, or its kind never fails in a way that is retried."),
    INVALID_GROWTH_LIMIT("FLOW508", "invalid-growth-limit", Severity.ERROR,
            "A limit on growth is less than 1 (nodes a planner may add, times a node may escalate), or a planner may add more nodes in one answer than in all."),
    INVALID_KV_KEY("FLOW509", "invalid-kv-key", Severity.ERROR,
            "A task's inputs name a key the key-value store cannot hold: empty, longer than 200 characters, or with a control character."),
    UNKNOWN_PERMISSION("FLOW510", "unknown-permission", Severity.ERROR,
            "An agent's permissions name a level Flow does not know (it knows read, edit, run and full)."),
    UNCONFINED_AGENT("FLOW511", "unconfined-agent", Severity.WARNING,
            "An agent with permissions full (its CLI's own checks off) runs a task outside Flow's sandbox."),

    // 6xx: YAML
    YAML_SYNTAX("FLOW601", "yaml-syntax", Severity.ERROR, "The YAML does not parse."),
    YAML_UNKNOWN_KEY("FLOW602", "yaml-unknown-key", Severity.ERROR, "A key is not part of the dialect."),
    YAML_WRONG_TYPE("FLOW603", "yaml-wrong-type", Severity.ERROR, "A value has the wrong YAML type (a list where a string belongs, ...)."),
    YAML_DUPLICATE_KEY("FLOW604", "yaml-duplicate-key", Severity.ERROR, "A mapping has the same key twice."),
    YAML_WRONG_KIND_CONFIG("FLOW605", "yaml-wrong-kind-config", Severity.ERROR, "A node carries the configuration of another kind."),
    YAML_MISSING_FIELD("FLOW606", "yaml-missing-field", Severity.ERROR, "A required key is missing."),
    YAML_UNKNOWN_DIALECT("FLOW607", "yaml-unknown-dialect", Severity.ERROR, "The file is in neither YAML dialect Flow reads."),
    YAML_INVALID_VALUE("FLOW608", "yaml-invalid-value", Severity.ERROR, "A value is not one of those its key allows (a node type, an operator, a wait mode...)."),
    YAML_UNKNOWN_GATE_KEY("FLOW609", "yaml-unknown-gate-key", Severity.WARNING, "A gate definition in the registry's format has a key Flow does not know; it is ignored."),
    YAML_UNCONDITIONED_GATE_EDGE("FLOW610", "yaml-unconditioned-gate-edge", Severity.WARNING,
            "In dialect 1, an edge without a condition leaves a gate: it is taken only when the gate passes, and a failed gate stops the run."),

    // 7xx: supervisors
    UNKNOWN_PARTICIPANT("FLOW701", "unknown-participant", Severity.ERROR, "A supervisor names a participant that no node has."),
    INVALID_PARTICIPANT("FLOW702", "invalid-participant", Severity.ERROR,
            "A supervisor's participant or ask node cannot take that part: the supervisor itself, a node of the wrong kind, one named twice or by two supervisors."),
    PARTICIPANT_EDGE("FLOW703", "participant-edge", Severity.ERROR,
            "An edge enters or leaves a participant (or the ask node) besides the ones its supervisor wires, or one of those is missing."),
    UNCONDITIONED_SUPERVISOR_EDGE("FLOW704", "unconditioned-supervisor-edge", Severity.ERROR,
            "An edge without a condition leaves a supervisor, so it would be taken on every decision."),
    SUPERVISOR_CANNOT_FINISH("FLOW705", "supervisor-cannot-finish", Severity.ERROR,
            "A supervisor may not finish (finish never) and has no on-limit route: every run would stop at its round limit."),
    UNBOUNDED_ROUNDS("FLOW706", "unbounded-rounds", Severity.ERROR, "A supervisor has no max rounds, or one below 1.");

    private final String id;
    private final String slug;
    private final Severity severity;
    private final String summary;

    Code(String id, String slug, Severity severity, String summary) {
        this.id = id;
        this.slug = slug;
        this.severity = severity;
        this.summary = summary;
    }

    /** The stable code, e.g. {@code FLOW306}. */
    public String id() {
        return id;
    }

    /** The kebab-case name, e.g. {@code uncontrolled-cycle}. */
    public String slug() {
        return slug;
    }

    public Severity defaultSeverity() {
        return severity;
    }

    /** One sentence saying what the diagnostic means. */
    public String summary() {
        return summary;
    }

    /** The anchor of this code's entry in {@code docs/diagnostics.md}. */
    public String docAnchor() {
        return id.toLowerCase(Locale.ROOT) + "-" + slug;
    }

    public static Optional<Code> byId(String id) {
        for (Code c : values()) {
            if (c.id.equals(id)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
