// Bundles the language server jar and the diagnostics catalog (built by Maven) into server/ and
// docs/, where the extension and the server look for them. Maven runs this before packaging.
const fs = require('fs');
const path = require('path');
const root = path.join(__dirname, '..');
const jar = process.argv[2] || path.join(root, '..', 'dsl.lsp', 'target', 'flow-language-server.jar');
if (!fs.existsSync(jar)) {
  console.error(`copy-server: ${jar} is missing; build it with 'mvn -B package -pl dsl.lsp -am -DskipTests'`);
  process.exit(1);
}
fs.mkdirSync(path.join(root, 'server'), { recursive: true });
fs.copyFileSync(jar, path.join(root, 'server', 'flow-language-server.jar'));
const catalog = path.join(root, '..', 'docs', 'diagnostics.md');
if (fs.existsSync(catalog)) {
  fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
  fs.copyFileSync(catalog, path.join(root, 'docs', 'diagnostics.md'));
}
