package dev.flow.yaml.read;

import dev.flow.model.SourceRef;

/**
 * A node of a YAML document as Flow reads it: a scalar, a sequence or a mapping, each with the range
 * of text it came from. Aliases are resolved (an aliased node is the anchored node itself, shared,
 * never copied), merge keys ({@code <<}) are applied, and duplicate keys are reported and dropped,
 * so the dialect readers see plain data with positions.
 */
public sealed interface YNode permits YScalar, YSeq, YMap {

    /** Where the node was written. */
    SourceRef source();

    /** How many nodes this one stands for once aliases are expanded (itself included). */
    long expandedSize();

    /** What the node is, for messages: "a string", "a list", "a mapping"... */
    String description();
}
