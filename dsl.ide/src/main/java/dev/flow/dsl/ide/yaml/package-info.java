/**
 * YAML workflows in the editor: the YAML files whose content makes them Flow's (a top-level
 * {@code nodes:} or {@code gates:} key, {@link dev.flow.frontend.WorkflowFiles#isFlowYaml}) are
 * checked by the same pipeline as {@code flow check}, and get hover, completion and
 * go-to-definition of node names, gate names and output fields. Xtext builds only {@code .flow}
 * files, so these documents are kept beside its workspace; every other YAML file is left alone.
 */
package dev.flow.dsl.ide.yaml;
