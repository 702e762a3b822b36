/**
 * The parser of condition strings ({@code "state.score >= 8 && review.clean"},
 * {@code "any(P0, P1)"}, {@code "done"}) into Flow's expression tree, with the position of every
 * part: {@link dev.flow.yaml.condition.ConditionParser}. It knows nothing of YAML; a
 * {@link dev.flow.yaml.condition.PositionMap} says where the text was written, so the language
 * server or any other tool that reads conditions from text can use it.
 */
package dev.flow.yaml.condition;
