/**
 * Evaluates the model's expression trees ({@link dev.flow.model.Expr}) over canonical paths
 * ({@code state.X}, {@code input.X}, {@code NODE.FIELD}, {@code NODE.OUTPUTNAME}, {@code output}),
 * fills prompt templates, and converts values to the declared types. Nothing here ever hands text
 * to an interpreter: conditions are data.
 */
package dev.flow.engine.eval;
