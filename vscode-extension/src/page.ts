// The graph webview's HTML. Free of the vscode API for testing.

export interface GraphAnswer {
  mermaid?: string;
  problem?: string;
  errors: number;
}

/** Escapes text for HTML, so that node labels can never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The page: the Mermaid source in a <pre class="mermaid"> that the bundled mermaid.js draws. */
export function graphPage(answer: GraphAnswer, mermaidScript: string, cspSource: string): string {
  const nonce = Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  const warning = answer.errors > 0 ? `<p class="warning">The workflow has ${answer.errors} error(s); see the Problems panel.</p>` : '';
  const body = answer.mermaid
    ? `<pre class="mermaid">${escapeHtml(answer.mermaid)}</pre>`
    : `<p class="problem">${escapeHtml(answer.problem ?? 'Nothing to draw.')}</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${cspSource} data:; style-src ${cspSource} 'unsafe-inline'; script-src 'nonce-${nonce}';">
<style>body { font-family: var(--vscode-font-family); } .warning, .problem { color: var(--vscode-errorForeground); }</style>
</head>
<body>
${warning}${body}
<script nonce="${nonce}" src="${mermaidScript}"></script>
<script nonce="${nonce}">mermaid.initialize({ startOnLoad: true, securityLevel: 'strict', theme: document.body.classList.contains('vscode-dark') ? 'dark' : 'default' });</script>
</body>
</html>`;
}
