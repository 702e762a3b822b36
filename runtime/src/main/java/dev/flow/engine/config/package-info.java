/**
 * How an engine is set up and what every part of it may answer a caller: {@link
 * dev.flow.engine.config.EngineOptions} (clock, leases, timeouts, agents, the seams tests use), the
 * hooks it calls back ({@link dev.flow.engine.config.EngineListener} after each commit, {@link
 * dev.flow.engine.config.Probe} at named points), and {@link dev.flow.engine.config.UsageException},
 * the refusal of a request that cannot be. They sit below the engine's other packages because every
 * one of them reads the options or refuses a request, and {@link dev.flow.engine.Engine} uses them all.
 */
package dev.flow.engine.config;
