import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { escapeHtml, graphPage } from '../src/page';
import { runCommandLine, serverCommand } from '../src/server';

const root = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

describe('the extension manifest', () => {
  it('declares the flow language for .flow files with its grammar and configuration', () => {
    const [language] = manifest.contributes.languages;
    assert.strictEqual(language.id, 'flow');
    assert.deepStrictEqual(language.extensions, ['.flow']);
    const [grammar] = manifest.contributes.grammars;
    assert.strictEqual(grammar.language, language.id);
    const tm = JSON.parse(fs.readFileSync(path.join(root, grammar.path), 'utf8'));
    assert.strictEqual(grammar.scopeName, tm.scopeName);
    assert.deepStrictEqual(tm.fileTypes, ['flow']);
    const config = JSON.parse(fs.readFileSync(path.join(root, language.configuration), 'utf8'));
    assert.strictEqual(config.comments.lineComment, '//');
  });

  it('matches the file extension the language server serves', () => {
    // The Xtext grammar's generator configuration names the extension the server registers.
    const mwe2 = fs.readFileSync(path.join(root, '..', 'dsl', 'src', 'main', 'java', 'dev', 'flow', 'dsl', 'GenerateFlow.mwe2'), 'utf8');
    assert.match(mwe2, /fileExtensions = "flow"/);
  });

  it('contributes its two commands and the settings it reads', () => {
    const commands = manifest.contributes.commands.map((c: { command: string }) => c.command);
    assert.deepStrictEqual(commands, ['flow.showGraph', 'flow.runWorkflow']);
    assert.ok(manifest.contributes.configuration.properties['flow.java.home']);
    assert.ok(fs.existsSync(path.join(root, manifest.icon)));
  });

  it('highlights every keyword of the grammar', () => {
    const xtext = fs.readFileSync(path.join(root, '..', 'dsl', 'src', 'main', 'java', 'dev', 'flow', 'dsl', 'Flow.xtext'), 'utf8');
    const keywords = new Set([...xtext.matchAll(/'([a-z]+)'/g)].map((m) => m[1]));
    const tm = fs.readFileSync(path.join(root, 'syntaxes', 'flow.tmLanguage.json'), 'utf8');
    const missing = [...keywords].filter((k) => !new RegExp(`[|(]${k}[|)]`).test(tm));
    assert.deepStrictEqual(missing, []);
  });
});

describe('commands', () => {
  it('starts the server jar with a larger stack', () => {
    assert.deepStrictEqual(serverCommand('/usr/bin/java', '/x/server.jar'), { command: '/usr/bin/java', args: ['-Xss8m', '-jar', '/x/server.jar'] });
  });

  it('quotes file names for the terminal', () => {
    assert.strictEqual(runCommandLine('flow', '/w/a.flow'), 'flow run /w/a.flow');
    assert.strictEqual(runCommandLine('flow', "/w/it's mine.flow"), `flow run '/w/it'\\''s mine.flow'`);
  });

  it('escapes the graph so that labels cannot inject markup', () => {
    assert.strictEqual(escapeHtml('<script>"x"</script>'), '&lt;script&gt;&quot;x&quot;&lt;/script&gt;');
    const page = graphPage({ mermaid: 'flowchart TD\n  a["<b>"]', errors: 1 }, 'mermaid.js', 'vscode-resource:');
    assert.match(page, /&lt;b&gt;/);
    assert.match(page, /1 error/);
    assert.match(page, /script-src 'nonce-/);
  });
});
