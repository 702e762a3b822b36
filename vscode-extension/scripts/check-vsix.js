// Checks that the packaged extension holds what it needs: flow.jar (the server and Run workflow), the grammar, the
// language configuration and the compiled client (a zip's entry names are stored uncompressed).
const fs = require('fs');
const path = require('path');
const vsix = path.join(__dirname, '..', process.argv[2] || 'flow-language.vsix');
const bytes = fs.readFileSync(vsix).toString('latin1');
const needed = [
  'extension/server/flow.jar',
  'extension/syntaxes/flow.tmLanguage.json',
  'extension/language-configuration.json',
  'extension/out/src/extension.js',
  'extension/media/mermaid.min.js',
  'extension/node_modules/vscode-languageclient/package.json',
  'extension/package.json',
];
const missing = needed.filter((entry) => !bytes.includes(entry));
if (missing.length > 0) {
  console.error(`check-vsix: ${vsix} lacks ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`check-vsix: ${path.basename(vsix)} holds ${needed.length} required entries`);
