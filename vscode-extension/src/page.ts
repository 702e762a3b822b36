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

/**
 * Mermaid settings no %%{init}%% directive may change: Mermaid keeps every key listed as `secure`
 * from directives and front matter. The page lists these and every key of Mermaid's own settings,
 * so no directive is honoured (the source flow writes codes %, { and } in labels, so none is there).
 */
export const ALWAYS_SECURE = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'theme', 'themeCSS',
  'themeVariables', 'fontFamily', 'altFontFamily', 'darkMode', 'look', 'layout', 'htmlLabels', 'wrap', 'dompurifyConfig',
  'elk', 'deterministicIDSeed', 'suppressErrorRendering', 'flowchart'];

/** Mermaid's maxEdges for a picture: its edge count, at least Mermaid's default of 500 (above which it draws nothing). */
export function maxEdges(mermaidSource: string): number {
  const edges = (mermaidSource.match(/^\s*\S+ (-->|-\.->|==>)/gm) ?? []).length;
  return Math.max(500, edges);
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
<script nonce="${nonce}">const settings = { startOnLoad: true, securityLevel: 'strict', maxEdges: ${maxEdges(answer.mermaid ?? '')}, theme: document.body.classList.contains('vscode-dark') ? 'dark' : 'default' };
settings.secure = Array.from(new Set(Object.keys(mermaid.mermaidAPI.getConfig()).concat(Object.keys(settings), ${JSON.stringify(ALWAYS_SECURE).replace(/"/g, "'")})));
mermaid.initialize(settings);</script>
</body>
</html>`;
}
