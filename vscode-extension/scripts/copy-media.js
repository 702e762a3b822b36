// Copies what the webview loads into media/ (packaged in the .vsix; not committed).
const fs = require('fs');
const path = require('path');
const root = path.join(__dirname, '..');
const media = path.join(root, 'media');
fs.mkdirSync(media, { recursive: true });
const mermaid = path.join(root, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
if (!fs.existsSync(mermaid)) {
  console.error(`copy-media: ${mermaid} is missing; run 'npm ci' first`);
  process.exit(1);
}
fs.copyFileSync(mermaid, path.join(media, 'mermaid.min.js'));
