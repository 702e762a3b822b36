/**
 * Graphs that agents grow at run time: a planner's answer read as nodes and edges with their
 * positions in the answer ({@link dev.flow.growth.Proposals}), joined to the graph the run has
 * ({@link dev.flow.growth.Grower}), and checked by the same checker as any workflow
 * ({@link dev.flow.growth.GrowthCheck}). Pure functions of the graph model: the engine stores what
 * they make.
 */
package dev.flow.growth;
