/**
 * YAML dialect 2, the "graph-loop" format of seed 001 (the whole schema reference is the schema):
 * {@code workflow}, a {@code nodes:} map of task, decision, parallel, join, human and checkpoint
 * nodes, {@code edges:} with {@code from}/{@code to}, {@code START}/{@code END} and condition
 * strings, {@code state.variables}, {@code limits}, {@code interrupts}, {@code completion}. See
 * {@code docs/yaml.md} for every mapping rule.
 */
package dev.flow.yaml.graphloop;
