/**
 * {@code flow import}: a YAML workflow turned into formatted Flow source that compiles to the same
 * graph, with the YAML's comments beside the same elements and an {@code import} of the gate
 * registry it was read with.
 */
package dev.flow.dsl.importer;
