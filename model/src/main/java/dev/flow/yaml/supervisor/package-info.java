/**
 * YAML dialect 1, the "supervisor" format of seed 000 (its Pydantic models are the schema):
 * {@code id}, {@code name}, {@code entry_point}, {@code exit_points}, a {@code nodes:} list with
 * {@code task_config}, {@code gate_config}, {@code branch_config}... and an {@code edges:} list with
 * {@code source}, {@code target}, structured {@code condition {field, operator, value}},
 * {@code is_loop_edge} and {@code data_mapping}. See {@code docs/yaml.md} for every mapping rule.
 */
package dev.flow.yaml.supervisor;
