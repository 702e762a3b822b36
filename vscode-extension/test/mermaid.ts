// Mermaid's own parser, run headless: what the graph preview's mermaid.js would accept or refuse.
import { JSDOM } from 'jsdom';

type Mermaid = typeof import('mermaid', { with: { 'resolution-mode': 'import' } }).default;

let loaded: Promise<Mermaid> | undefined;

/**
 * Mermaid loaded once. Its sanitiser (DOMPurify) binds to the global window when the module is
 * evaluated, so a jsdom window stands in for the webview's while it loads; the globals go again
 * afterwards so that no other test sees a browser that is not there.
 */
export function mermaid(): Promise<Mermaid> {
  if (!loaded) {
    loaded = (async () => {
      const globals = globalThis as Record<string, unknown>;
      const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>');
      globals.window = dom.window;
      globals.document = dom.window.document;
      try {
        const module = await import('mermaid');
        module.default.initialize({ startOnLoad: false, securityLevel: 'strict' });
        return module.default;
      } finally {
        delete globals.window;
        delete globals.document;
      }
    })();
  }
  return loaded;
}

/** Parses Mermaid source as the preview would; throws Mermaid's own parse error when it refuses it. */
export async function parseMermaid(source: string): Promise<void> {
  await (await mermaid()).parse(source);
}

/** The flowchart Mermaid makes of the source: its vertices by id, with their text and classes. */
export async function flowchartOf(source: string): Promise<Map<string, { text?: string; classes: string[] }>> {
  const diagram = await (await mermaid()).mermaidAPI.getDiagramFromText(source);
  const db = diagram.db as unknown as { getVertices(): Map<string, { text?: string; classes: string[] }> };
  return db.getVertices();
}
