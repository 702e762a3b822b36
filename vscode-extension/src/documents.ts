// Which documents are Flow's. A .flow file always is; a YAML file is when its content says so:
// a top-level `nodes:` key (a workflow of either dialect) or `gates:` key (a gate registry), the
// rule `flow check FOLDER` and the language server use. Other YAML (CI, compose files) is left to
// other extensions. Free of the vscode API for testing.

/** A top-level nodes: or gates: key, as dev.flow.frontend.WorkflowFiles.isFlowYaml has it. */
const FLOW_YAML = /^(nodes|gates)\s*:/m;

/** Whether YAML text is a Flow workflow or gate registry. */
export function isFlowYaml(text: string): boolean {
  return FLOW_YAML.test(text);
}

/** Whether a document (its language and text) is a Flow workflow or registry the commands work on. */
export function isFlowDocument(languageId: string, text: () => string): boolean {
  return languageId === 'flow' || (languageId === 'yaml' && isFlowYaml(text()));
}

/** The documents the language client sends the server: Flow files, and every YAML file (the server leaves the others alone). */
export const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: 'flow' },
  { scheme: 'untitled', language: 'flow' },
  { scheme: 'file', language: 'yaml' },
];

/** The context key the editor's title bar shows the commands by for a YAML workflow. */
export const YAML_WORKFLOW_CONTEXT = 'flow.yamlWorkflow';
