package dev.flow.model;

/**
 * How the placeholders of a task's prompt are written, and so what they are filled from.
 *
 * <ul>
 *   <li>{@link #FLOW}: the language's {@code ${name}}, filled with typed values (inputs, state,
 *       handed values, {@code node.field}); see {@code docs/runtime.md}.
 *   <li>{@link #FORMAT}: dialect 1's {@code task_template}, Python's {@code str.format} as the
 *       supervisor calls it: {@code {input}} is the task's input data as indented JSON, and
 *       {@code {key}} a key of that data (the run's inputs for the entry node, then each upstream
 *       node's result fields). {@code {{} and {@code }}} are literal braces.
 * </ul>
 */
public enum PromptSyntax {
    FLOW,
    FORMAT
}
