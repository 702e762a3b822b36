import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DOCUMENT_SELECTOR, isFlowDocument, isFlowYaml, YAML_WORKFLOW_CONTEXT } from '../src/documents';
import { ALWAYS_SECURE, escapeHtml, graphPage, maxEdges } from '../src/page';
import { findCommand, runCommandLine, serverCommand } from '../src/server';

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

describe('YAML files', () => {
  it("are Flow's by a top-level nodes: or gates: key, as flow check and the server decide", () => {
    assert.ok(isFlowYaml('id: x\nnodes:\n  - id: a\n'));
    assert.ok(isFlowYaml('workflow: w\nnodes :\n  a: {type: task}\n'));
    assert.ok(isFlowYaml('# registry\ngates:\n  tests: {command: [make]}\n'));
    assert.ok(!isFlowYaml('services:\n  web:\n    nodes: 3\n'), 'an indented nodes: is not top-level');
    assert.ok(!isFlowYaml('on: push\njobs:\n  build: {runs-on: ubuntu-latest}\n'));
    assert.ok(isFlowDocument('flow', () => ''));
    assert.ok(!isFlowDocument('yaml', () => 'services: {}\n'));
    assert.ok(isFlowDocument('yaml', () => 'nodes: {}\n'));
  });

  it('go to the server, and the commands show for a YAML workflow', () => {
    assert.ok(DOCUMENT_SELECTOR.some((s) => s.language === 'yaml' && s.scheme === 'file'));
    assert.ok(manifest.activationEvents.includes('onLanguage:yaml'));
    for (const entry of [...manifest.contributes.menus['editor/title'], ...manifest.contributes.menus.commandPalette]) {
      assert.match(entry.when, new RegExp(`editorLangId == flow \\|\\| ${YAML_WORKFLOW_CONTEXT.replace('.', '\\.')}`));
    }
  });
});

describe('commands', () => {
  it('starts the language server of the jar with a larger stack', () => {
    assert.deepStrictEqual(serverCommand('/usr/bin/java', '/x/flow.jar'), { command: '/usr/bin/java', args: ['-XX:+UseSerialGC', '-Xss8m', '-jar', '/x/flow.jar', 'lsp'] });
  });

  describe('Run workflow', () => {
    /** A PATH folder holding an executable flow script, as an install's symlink would. */
    const withFlow = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-path-'));
    fs.writeFileSync(path.join(withFlow, 'flow'), '#!/bin/sh\n');
    fs.chmodSync(path.join(withFlow, 'flow'), 0o755);
    const without = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-path-'));
    const tools = (command: string, PATH: string) => ({ command, env: { PATH }, java: '/usr/bin/java', jar: '/ext/server/flow.jar', platform: 'linux' as const });

    it('calls flow when the PATH has it', () => {
      assert.strictEqual(runCommandLine('/w/a.flow', tools('flow', `${without}:${withFlow}`)), 'flow run /w/a.flow');
      assert.strictEqual(findCommand('flow', { PATH: `${without}:${withFlow}` }, 'linux'), path.join(withFlow, 'flow'));
    });

    it('runs the bundled jar with the Java it found when the PATH has no flow', () => {
      assert.strictEqual(runCommandLine('/w/a.flow', tools('flow', without)), '/usr/bin/java -Xss8m -jar /ext/server/flow.jar run /w/a.flow');
      assert.strictEqual(runCommandLine('/w/a.flow', tools('flow', '')), '/usr/bin/java -Xss8m -jar /ext/server/flow.jar run /w/a.flow');
    });

    it('still calls flow from the PATH when no Java was found for the server, and gives up only without either', () => {
      const noJava = { command: 'flow', env: { PATH: withFlow }, platform: 'linux' as const };
      assert.strictEqual(runCommandLine('/w/a.flow', noJava), 'flow run /w/a.flow');
      assert.strictEqual(runCommandLine('/w/a.flow', { ...noJava, env: { PATH: without } }), undefined);
    });

    it('takes a flow.command that is a path as it is, when it exists', () => {
      const flow = path.join(withFlow, 'flow');
      assert.strictEqual(runCommandLine('/w/a.flow', tools(flow, without)), `${flow} run /w/a.flow`);
      assert.strictEqual(runCommandLine('/w/a.flow', tools('/nowhere/flow', without)), '/usr/bin/java -Xss8m -jar /ext/server/flow.jar run /w/a.flow');
    });

    it('does not take a folder or a file that is not executable for flow', () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-path-'));
      fs.mkdirSync(path.join(folder, 'flow'));
      const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-path-'));
      fs.writeFileSync(path.join(plain, 'flow'), 'not a program\n');
      assert.strictEqual(findCommand('flow', { PATH: `${folder}:${plain}` }, 'linux'), undefined);
    });

    it('quotes file names for the terminal', () => {
      assert.strictEqual(runCommandLine("/w/it's mine.flow", tools('flow', withFlow)), `flow run '/w/it'\\''s mine.flow'`);
      assert.strictEqual(
        runCommandLine('/w/a.flow', { ...tools('flow', without), java: '/opt/my java/bin/java' }),
        `'/opt/my java/bin/java' -Xss8m -jar /ext/server/flow.jar run /w/a.flow`
      );
    });
  });

  it('escapes the graph so that labels cannot inject markup', () => {
    assert.strictEqual(escapeHtml('<script>"x"</script>'), '&lt;script&gt;&quot;x&quot;&lt;/script&gt;');
    const page = graphPage({ mermaid: 'flowchart TD\n  a["<b>"]', errors: 1 }, 'mermaid.js', 'vscode-resource:');
    assert.match(page, /&lt;b&gt;/);
    assert.match(page, /1 error/);
    assert.match(page, /script-src 'nonce-/);
  });

  it('honours no Mermaid directive and draws graphs of more than 500 edges', () => {
    const edges = Array.from({ length: 700 }, (_, i) => `    n${i} --> n${i + 1}`).join('\n');
    const page = graphPage({ mermaid: 'flowchart TD\n' + edges, errors: 0 }, 'mermaid.js', 'vscode-resource:');
    assert.match(page, /maxEdges: 700/);
    assert.match(page, /securityLevel: 'strict'/);
    for (const key of ['theme', 'themeCSS', 'themeVariables', 'fontFamily', 'flowchart', 'secure']) {
      assert.ok(ALWAYS_SECURE.includes(key), key);
    }
    assert.match(page, /settings\.secure = /);
    assert.strictEqual(maxEdges('flowchart TD\n    n0 --> n1'), 500);
  });
});
