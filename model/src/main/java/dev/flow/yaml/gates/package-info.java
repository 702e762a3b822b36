/**
 * The {@code gates.yaml} registry of the supervisor tools ({@code gates: {name: {command: [...],
 * timeout, ...}}}): read into {@link dev.flow.model.GateDef}s with positions in the registry file,
 * for YAML workflows ({@code --gates}, or a {@code gates.yaml} beside the workflow) and for the
 * language's {@code import "gates.yaml"}.
 */
package dev.flow.yaml.gates;
