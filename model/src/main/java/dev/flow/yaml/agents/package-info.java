/**
 * The {@code agents:} section both YAML dialects take (a Flow extension): settings for the agents a
 * workflow's tasks name, such as what their CLIs may do without asking.
 */
package dev.flow.yaml.agents;
