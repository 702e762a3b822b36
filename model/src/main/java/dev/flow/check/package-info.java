/**
 * The checker every front end shares: semantic checks on the graph model, with stable codes.
 *
 * <p>{@link dev.flow.check.Checker#check} is the entry point. {@link dev.flow.check.TypeResolver}
 * says what the reference paths of conditions mean (for completion and hovers too), and {@link
 * dev.flow.check.NameSuggester} finds the name an author meant (for any "unknown name" message).
 * Everything else is package-private: one index per workflow ({@code WorkflowIndex}), and the rules,
 * grouped by concern ({@code StructureRules}, {@code ReferenceRules}, {@code ReachabilityRules},
 * {@code CycleRules}, {@code JoinRules}, {@code OutputRules}, {@code TypeRules},
 * {@code LimitRules}) and registered in one list ({@code Rules}). The diagnostics are described in
 * {@code docs/diagnostics.md}.
 */
package dev.flow.check;
