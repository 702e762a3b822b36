// The Flow extension: starts the language server of the bundled flow.jar with a Java it finds,
// and adds the "Show graph" and "Run workflow" commands. The commands are registered first, so
// that they answer (with the reason) even when the server cannot start.
import * as vscode from 'vscode';
import {
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandler,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import { DOCUMENT_SELECTOR, isFlowDocument, YAML_WORKFLOW_CONTEXT } from './documents';
import { GraphPreview } from './graph';
import { findJava, FoundJava, JavaNotFound } from './java';
import { runCommandLine, serverCommand, serverJar } from './server';

/** How many times the server may stop within three minutes before the client gives up on it. */
const RESTARTS = 4;

let client: LanguageClient | undefined;

/** What the commands need, and why the server is not there when it is not. */
interface ServerState {
  java?: FoundJava;
  jar?: string;
  preview?: GraphPreview;
  problem?: string;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('Flow language server');
  const state: ServerState = {};
  context.subscriptions.push(output, ...registerCommands(state, output), ...trackYamlWorkflows());

  const settings = vscode.workspace.getConfiguration('flow');
  try {
    state.java = await findJava(settings.get<string>('java.home'));
    state.jar = serverJar(context.extensionPath, settings.get<string>('server.jar'));
  } catch (e) {
    const message = e instanceof JavaNotFound || e instanceof Error ? e.message : `Flow could not look for Java: ${String(e)}`;
    report(state, output, message, 'flow.java.home');
    return;
  }
  output.appendLine(`Java ${state.java.version} (${state.java.source}): ${state.java.executable}; server: ${state.jar}`);

  // vscode-languageclient appends --stdio and --clientProcessId=PID to this command line.
  const { command, args } = serverCommand(state.java.executable, state.jar);
  const serverOptions: ServerOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    // Every YAML file goes to the server, which checks only those whose content makes them Flow's
    // (a top-level nodes: or gates: key) and answers nothing for the others.
    documentSelector: DOCUMENT_SELECTOR,
    // gates.yaml registries too: a workflow that imports one is checked again when it changes
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{flow,yaml,yml}') },
    outputChannel: output,
    errorHandler: explainingErrorHandler(state, output),
  };
  client = new LanguageClient('flow', 'Flow language server', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (e) {
    report(state, output, `The Flow language server did not start: ${e instanceof Error ? e.message : String(e)}. ${FIX}`, 'flow.java.home');
    return;
  }
  state.problem = undefined;
  state.preview = new GraphPreview(client, context.extensionUri);
  context.subscriptions.push(state.preview);
  client.onDidChangeState((change) => {
    if (change.newState === State.Running) {
      state.problem = undefined;
    }
  });
}

const FIX =
  'Its log is in the output channel "Flow language server". Check that "flow.java.home" (or JAVA_HOME) names a Java 17 or newer, ' +
  'and that "flow.server.jar", if set, names a flow.jar; then reload the window.';

/**
 * The language client's own policy (restart a server that stops, up to a limit in three minutes;
 * shut down after repeated write errors), with a message that says what to check when it gives up.
 */
function explainingErrorHandler(state: ServerState, output: vscode.OutputChannel): ErrorHandler {
  const stops: number[] = [];
  return {
    error: (_error, _message, count) => ({ action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown }),
    closed: (): CloseHandlerResult => {
      const now = Date.now();
      stops.push(now);
      while (stops.length > 0 && now - stops[0] > 3 * 60 * 1000) {
        stops.shift();
      }
      if (stops.length > RESTARTS) {
        const text = `The Flow language server stopped ${stops.length} times in the last 3 minutes and will not be restarted. ${FIX}`;
        state.problem = text;
        output.appendLine(text);
        return { action: CloseAction.DoNotRestart, message: text };
      }
      output.appendLine('The Flow language server stopped; restarting it.');
      return { action: CloseAction.Restart };
    },
  };
}

/** Says why the server is not there: in the output channel, and once in a notification with the fix. */
function report(state: ServerState, output: vscode.OutputChannel, message: string, setting: string): void {
  state.problem = message;
  output.appendLine(message);
  void vscode.window.showErrorMessage(message, 'Open settings', 'Show log').then(async (choice) => {
    if (choice === 'Open settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', setting);
    } else if (choice === 'Show log') {
      output.show();
    }
  });
}

/** Keeps the context key that shows the commands in the title bar of a YAML workflow up to date. */
function trackYamlWorkflows(): vscode.Disposable[] {
  const update = () => {
    const document = vscode.window.activeTextEditor?.document;
    const yaml = document !== undefined && document.languageId === 'yaml' && isFlowDocument(document.languageId, () => document.getText());
    void vscode.commands.executeCommand('setContext', YAML_WORKFLOW_CONTEXT, yaml);
  };
  update();
  return [
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidChangeTextDocument((change) => change.document === vscode.window.activeTextEditor?.document && update()),
  ];
}

/** The active editor's document when it is a Flow workflow (a .flow file or a YAML workflow). */
function activeWorkflow(): vscode.TextDocument | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document && isFlowDocument(document.languageId, () => document.getText()) ? document : undefined;
}

function registerCommands(state: ServerState, output: vscode.OutputChannel): vscode.Disposable[] {
  const notRunning = () => {
    const why = state.problem ?? 'The Flow language server is still starting.';
    output.appendLine(why);
    void vscode.window.showErrorMessage(why, 'Show log').then((choice) => choice && output.show());
  };
  return [
    vscode.commands.registerCommand('flow.showGraph', async () => {
      const document = activeWorkflow();
      if (!document) {
        void vscode.window.showInformationMessage('Open a .flow file or a YAML workflow to see its graph.');
        return;
      }
      if (!state.preview || client?.state !== State.Running) {
        notRunning();
        return;
      }
      await state.preview.show(document);
    }),
    vscode.commands.registerCommand('flow.runWorkflow', async () => {
      const document = activeWorkflow();
      if (!document) {
        void vscode.window.showInformationMessage('Open a .flow file or a YAML workflow to run it.');
        return;
      }
      const command = vscode.workspace.getConfiguration('flow').get<string>('command')?.trim() || 'flow';
      const line = runCommandLine(document.uri.fsPath, { command, env: process.env, java: state.java?.executable, jar: state.jar });
      if (line === undefined) {
        // Neither flow on the PATH nor a Java to run the bundled jar with.
        notRunning();
        return;
      }
      await document.save();
      const terminal = vscode.window.createTerminal({ name: 'Flow run', cwd: vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath });
      terminal.show();
      terminal.sendText(line);
    }),
  ];
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
