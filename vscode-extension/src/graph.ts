// "Show graph": a webview that draws the workflow of the active editor with Mermaid, from the
// language server's flow/graph request, and redraws it whenever the file is saved.
import * as path from 'path';
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { graphPage } from './page';

interface GraphResult {
  mermaid?: string;
  problem?: string;
  errors: number;
}

export class GraphPreview implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly client: LanguageClient, private readonly extensionUri: vscode.Uri) {
    this.subscriptions.push(
      vscode.workspace.onDidSaveTextDocument((saved) => {
        if (this.panel && this.document && saved.uri.toString() === this.document.uri.toString()) {
          void this.refresh();
        }
      })
    );
  }

  async show(document: vscode.TextDocument): Promise<void> {
    this.document = document;
    if (!this.panel) {
      const media = vscode.Uri.joinPath(this.extensionUri, 'media');
      this.panel = vscode.window.createWebviewPanel('flow.graph', 'Flow graph', vscode.ViewColumn.Beside, {
        enableScripts: true,
        localResourceRoots: [media],
      });
      this.panel.onDidDispose(() => (this.panel = undefined), null, this.subscriptions);
    }
    this.panel.title = `Graph: ${path.basename(document.uri.fsPath)}`;
    this.panel.reveal(vscode.ViewColumn.Beside, true);
    await this.refresh();
  }

  private async refresh(): Promise<void> {
    if (!this.panel || !this.document) {
      return;
    }
    const result = await this.client.sendRequest<GraphResult>('flow/graph', { uri: this.document.uri.toString() });
    const script = this.panel.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'mermaid.min.js'));
    this.panel.webview.html = graphPage(result, script.toString(), this.panel.webview.cspSource);
  }

  dispose(): void {
    this.panel?.dispose();
    this.subscriptions.forEach((s) => s.dispose());
  }
}
