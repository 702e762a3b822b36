// The Flow extension: starts the language server of the bundled flow.jar with a Java it finds,
// and adds the "Show graph" and "Run workflow" commands.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { GraphPreview } from './graph';
import { findJava, JavaNotFound } from './java';
import { runCommandLine, serverCommand, serverJar } from './server';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const settings = vscode.workspace.getConfiguration('flow');
  let java;
  try {
    java = await findJava(settings.get<string>('java.home'));
  } catch (e) {
    const message = e instanceof JavaNotFound ? e.message : `Flow could not look for Java: ${String(e)}`;
    const choice = await vscode.window.showErrorMessage(message, 'Open settings');
    if (choice === 'Open settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'flow.java.home');
    }
    return;
  }
  const jar = serverJar(context.extensionPath, settings.get<string>('server.jar'));
  const { command, args } = serverCommand(java.executable, jar);
  const serverOptions: ServerOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'flow' }, { scheme: 'untitled', language: 'flow' }],
    // gates.yaml registries too: a workflow that imports one is checked again when it changes
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{flow,yaml,yml}') },
  };
  client = new LanguageClient('flow', 'Flow language server', serverOptions, clientOptions);
  await client.start();

  const preview = new GraphPreview(client, context.extensionUri);
  context.subscriptions.push(
    preview,
    vscode.commands.registerCommand('flow.showGraph', async () => {
      const editor = vscode.window.activeTextEditor;
      if (editor?.document.languageId !== 'flow') {
        void vscode.window.showInformationMessage('Open a .flow file to see its graph.');
        return;
      }
      await preview.show(editor.document);
    }),
    vscode.commands.registerCommand('flow.runWorkflow', async () => {
      const editor = vscode.window.activeTextEditor;
      if (editor?.document.languageId !== 'flow') {
        void vscode.window.showInformationMessage('Open a .flow file to run it.');
        return;
      }
      await editor.document.save();
      const terminal = vscode.window.createTerminal({ name: 'Flow run', cwd: vscode.workspace.getWorkspaceFolder(editor.document.uri)?.uri.fsPath });
      terminal.show();
      // flow itself when the terminal finds it, else the jar that serves this window, with its Java.
      const command = vscode.workspace.getConfiguration('flow').get<string>('command')?.trim() || 'flow';
      terminal.sendText(runCommandLine(editor.document.uri.fsPath, { command, env: process.env, java: java.executable, jar }));
    })
  );
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
