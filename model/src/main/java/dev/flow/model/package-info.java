/**
 * The Flow graph model: the contract between every front end (the Flow language, both YAML
 * dialects, compiled JSON) and everything downstream (the checker, graph pictures, the runtime).
 *
 * <p>All types are immutable records. Collections are copied on construction and never null;
 * optional scalars are {@code null} when absent, as documented on each component. The model holds
 * no execution state and knows nothing of Xtext or YAML: every element carries a {@link
 * dev.flow.model.SourceRef} that points back at the text its author wrote, in whichever format.
 *
 * <p>A compiled graph is a {@link dev.flow.model.FlowGraph} written as JSON by {@link
 * dev.flow.model.json.GraphJson} under the format tag {@code flow-graph/1}; see
 * {@code docs/graph-format.md}.
 */
package dev.flow.model;
