// Bundles Flow's command-line jar (its `lsp` verb is the language server; "Run workflow" runs it
// when flow is not on the PATH) and the diagnostics catalog (built by Maven) into server/ and
// docs/, where the extension and the server look for them. Maven runs this before packaging.
const fs = require('fs');
const path = require('path');
const root = path.join(__dirname, '..');
const jar = process.argv[2] || path.join(root, '..', 'cli', 'target', 'flow.jar');
if (!fs.existsSync(jar)) {
  console.error(`copy-server: ${jar} is missing; build it with 'mvn -B package -pl cli -am -DskipTests'`);
  process.exit(1);
}
// A fresh server/: the separate language server jar of older builds is not bundled any more.
fs.rmSync(path.join(root, 'server'), { recursive: true, force: true });
fs.mkdirSync(path.join(root, 'server'), { recursive: true });
fs.copyFileSync(jar, path.join(root, 'server', 'flow.jar'));
const catalog = path.join(root, '..', 'docs', 'diagnostics.md');
if (fs.existsSync(catalog)) {
  fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
  fs.copyFileSync(catalog, path.join(root, 'docs', 'diagnostics.md'));
}
