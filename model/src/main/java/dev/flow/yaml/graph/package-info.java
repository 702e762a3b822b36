/**
 * What both YAML dialects share when they assemble a workflow: edge drafts whose ids are derived
 * with {@link dev.flow.model.EdgeIds} once every explicit id is known, and the implicit start and
 * end nodes.
 */
package dev.flow.yaml.graph;
