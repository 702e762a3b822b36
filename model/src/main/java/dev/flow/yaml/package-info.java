/**
 * Flow's YAML import bridge: reads workflows written in the two YAML dialects Flow supports into
 * the graph model, with a position on every element, comments kept for {@code flow import}, and a
 * diagnostic for every problem a YAML author meets. {@link dev.flow.yaml.YamlFrontEnd} plugs it into
 * the compiler; {@link dev.flow.yaml.YamlWorkflowReader} is the entry point for tools that also
 * want the comments. Sub-packages: {@code read} (YAML with positions), {@code supervisor}
 * (dialect 1), {@code graphloop} (dialect 2), {@code gates} (the gate registry), {@code condition}
 * (the condition parser), {@code graph} (what both dialects share). See {@code docs/yaml.md}.
 */
package dev.flow.yaml;
