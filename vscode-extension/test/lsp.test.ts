// The bundled server driven by vscode-jsonrpc over stdio, started with the command line VS Code's client builds.
import * as assert from 'assert';
import * as cp from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  CodeAction,
  CodeActionRequest,
  CompletionList,
  CompletionRequest,
  DefinitionRequest,
  Diagnostic,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  Location,
  MarkupContent,
  PublishDiagnosticsNotification,
  RenameRequest,
  ShutdownRequest,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
// vscode-jsonrpc's stream transport, in the one copy the protocol package is built against.
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { bundledJar, serverCommand } from '../src/server';
import { parseMermaid } from './mermaid';

const root = path.join(__dirname, '..', '..');
const message = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const library = 'gate tests {\n    description "Run the unit tests"\n    run ["mvn", "-q", "test"]\n}\n';
const review = [
  'import "gates.flow"',
  '',
  'workflow review {',
  '    state { attempts: int = 0 }',
  '    task analyze { agent claude prompt "Analyze" outputs done, blocked }',
  '    gate test uses tests',
  '    start -> analyze',
  '    analyze -> test when done',
  '    analyze -> end when blocked',
  '    test -> end',
  '}',
  '',
].join('\n');

const registry = 'gates:\n  tests:\n    description: "Run the unit tests"\n    command: ["mvn", "-q", "test"]\n';
/** Dialect 1 whose gate node names a gate the registry beside it lacks (tsets, line 12). */
const dialect1 = [
  'id: fix-loop',
  'name: Fix loop',
  'entry_point: fix',
  'exit_points: [done]',
  'nodes:',
  '  - id: fix',
  '    type: task',
  '    task_config: {role: implementer, task_template: "Fix it"}',
  '  - id: test',
  '    type: gate',
  '    gate_config:',
  '      gate_type: tsets',
  '  - id: done',
  '    type: task',
  '    task_config: {role: reviewer, task_template: "Review"}',
  'edges:',
  '  - { id: e1, source: fix, target: test }',
  '  - { id: e2, source: test, target: done }',
  '',
].join('\n');
const compose = 'services:\n  web:\n    image: nginx\n';

describe('the bundled language server over vscode-jsonrpc', function () {
  // Starting a JVM and the server takes a few seconds on a shared machine.
  this.timeout(120000);
  let server: cp.ChildProcess;
  let connection: MessageConnection;
  let workspace: string;
  const diagnostics = new Map<string, Diagnostic[]>();
  const waiters: Array<() => void> = [];

  function uri(file: string): string {
    return 'file://' + path.join(workspace, file);
  }

  function diagnosticsOf(file: string, what: string, condition: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics where ${what} for ${file}: ${JSON.stringify(diagnostics.get(uri(file)))}`)), 60000);
      const check = () => {
        const current = diagnostics.get(uri(file));
        if (current && condition(current)) {
          clearTimeout(timer);
          resolve(current);
          return true;
        }
        return false;
      };
      if (!check()) {
        waiters.push(function again() {
          if (!check()) {
            waiters.push(again);
          }
        });
      }
    });
  }

  before(async () => {
    const jar = bundledJar(root);
    assert.ok(fs.existsSync(jar), `${jar} is missing: the Maven build copies it from cli/target (or run 'npm run server')`);
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-lsp-'));
    fs.writeFileSync(path.join(workspace, 'gates.flow'), library);
    fs.writeFileSync(path.join(workspace, 'review.flow'), review);
    fs.writeFileSync(path.join(workspace, 'gates.yaml'), registry);
    fs.writeFileSync(path.join(workspace, 'fix-loop.yaml'), dialect1);
    fs.writeFileSync(path.join(workspace, 'compose.yaml'), compose);
    const { command, args } = serverCommand('java', jar);
    // What vscode-languageclient appends for TransportKind.stdio (the real client is driven by the code-server test).
    server = cp.spawn(command, [...args, '--stdio', `--clientProcessId=${process.pid}`], { stdio: ['pipe', 'pipe', 'ignore'] });
    connection = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      diagnostics.set(params.uri, params.diagnostics);
      waiters.splice(0).forEach((w) => w());
    });
    connection.listen();
    const result = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: 'file://' + workspace,
      workspaceFolders: [{ uri: 'file://' + workspace, name: 'workspace' }],
      capabilities: { workspace: { workspaceFolders: true }, textDocument: { publishDiagnostics: { codeDescriptionSupport: true } } },
    });
    assert.ok(result.capabilities.completionProvider);
    await connection.sendNotification(InitializedNotification.type, {});
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: uri('review.flow'), languageId: 'flow', version: 1, text: review },
    });
  });

  after(async () => {
    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    await new Promise((resolve) => server.on('exit', resolve));
    connection.dispose();
  });

  it('publishes diagnostics after an edit and clears them after the fix', async () => {
    await diagnosticsOf('review.flow', 'the file is checked', () => true);
    const broken = review.replace('gate test uses tests', 'gate test uses tsets');
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri('review.flow'), version: 2 },
      contentChanges: [{ text: broken }],
    });
    const reported = await diagnosticsOf('review.flow', 'the unknown gate is reported', (d) => d.some((x) => message(x).includes('tsets')));
    const unknown = reported.find((x) => message(x).includes('tsets'))!;
    assert.deepStrictEqual(unknown.range, { start: { line: 5, character: 19 }, end: { line: 5, character: 24 } });
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri('review.flow'), version: 3 },
      contentChanges: [{ text: review }],
    });
    await diagnosticsOf('review.flow', 'the unknown gate is gone', (d) => !d.some((x) => message(x).includes('tsets')));
  });

  it('completes the fields of a gate result in a condition', async () => {
    const line = '    analyze -> test when done';
    const withField = review.replace('    test -> end', '    test -> end when test.');
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri('review.flow'), version: 4 },
      contentChanges: [{ text: withField }],
    });
    const result = (await connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: uri('review.flow') },
      position: { line: 9, character: '    test -> end when test.'.length },
    })) as CompletionList;
    const labels = (Array.isArray(result) ? result : result.items).map((i) => i.label);
    assert.ok(labels.includes('passed'), `${labels.join(', ')} (after '${line}')`);
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri('review.flow'), version: 5 },
      contentChanges: [{ text: review }],
    });
  });

  it('shows a gate from its library on hover and goes to its definition', async () => {
    const position = { line: 5, character: 21 };
    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: uri('review.flow') }, position });
    assert.match((hover!.contents as MarkupContent).value, /Run the unit tests/);
    const definition = (await connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: uri('review.flow') }, position })) as Location[];
    assert.strictEqual(definition[0].uri, uri('gates.flow'));
    assert.strictEqual(definition[0].range.start.line, 0);
  });

  async function change(text: string, version: number) {
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri('review.flow'), version },
      contentChanges: [{ text }],
    });
  }

  function applyEdits(text: string, edits: TextEdit[]): string {
    const lines = text.split('\n');
    const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    return [...edits]
      .sort((a, b) => offset(b.range.start) - offset(a.range.start))
      .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
  }

  it('reports a cycle without loop control and an unsafe field at their ranges, and a quick fix removes the cycle', async () => {
    const broken = review.replace('    test -> end', '    test -> analyze when test.`passed; rm -rf /`');
    await change(broken, 10);
    const reported = await diagnosticsOf('review.flow', 'the cycle and the unsafe field are reported', (d) =>
      d.some((x) => x.code === 'FLOW306') && d.some((x) => x.code === 'FLOW401'));
    const cycle = reported.find((x) => x.code === 'FLOW306')!;
    const unsafe = reported.find((x) => x.code === 'FLOW401')!;
    assert.deepStrictEqual(cycle.range, { start: { line: 9, character: 4 }, end: { line: 9, character: 19 } });
    assert.deepStrictEqual(unsafe.range, { start: { line: 9, character: 25 }, end: { line: 9, character: 48 } });
    assert.match(cycle.codeDescription!.href, /#flow306-uncontrolled-cycle$/);

    const actions = (await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uri('review.flow') },
      range: cycle.range,
      context: { diagnostics: [cycle] },
    })) as CodeAction[];
    const limit = actions.find((a) => a.title.startsWith('Add a loop limit'));
    assert.ok(limit, `no loop limit fix among ${actions.map((a) => a.title).join(', ')}`);
    const fixed = applyEdits(broken, limit!.edit!.changes![uri('review.flow')]);
    assert.match(fixed, /test -> analyze loop max 3 when/);
    await change(fixed, 11);
    await diagnosticsOf('review.flow', 'the cycle is gone', (d) => !d.some((x) => x.code === 'FLOW306'));
    await change(review, 12);
    await diagnosticsOf('review.flow', 'the file is clean again', (d) => !d.some((x) => x.code === 'FLOW401'));
  });

  it('renames a gate in its library and in the workflow that uses it', async () => {
    const edit = (await connection.sendRequest(RenameRequest.type, {
      textDocument: { uri: uri('review.flow') },
      position: { line: 5, character: 21 },
      newName: 'unit_tests',
    })) as WorkspaceEdit;
    const changes = edit.changes ?? Object.fromEntries((edit.documentChanges ?? []).map((c) => {
      const d = c as { textDocument: { uri: string }; edits: TextEdit[] };
      return [d.textDocument.uri, d.edits];
    }));
    assert.deepStrictEqual(Object.keys(changes).sort(), [uri('gates.flow'), uri('review.flow')].sort());
    assert.deepStrictEqual(changes[uri('review.flow')].map((e) => [e.range.start, e.newText]), [[{ line: 5, character: 19 }, 'unit_tests']]);
    assert.deepStrictEqual(changes[uri('gates.flow')].map((e) => [e.range.start, e.newText]), [[{ line: 0, character: 5 }, 'unit_tests']]);
  });

  it('answers the graph request the Show graph command sends with the workflow as Mermaid', async () => {
    const result = (await connection.sendRequest('flow/graph', { uri: uri('review.flow') })) as { mermaid?: string; problem?: string; errors: number };
    assert.ok(!result.problem, result.problem ?? '');
    assert.strictEqual(result.errors, 0);
    assert.match(result.mermaid!, /^flowchart TD$/m);
    assert.match(result.mermaid!, /"task analyze<br\/>agent claude"/);
    assert.match(result.mermaid!, /-->\|"when blocked"\| n3/);
    // What the preview's mermaid.js draws: a picture Mermaid refuses leaves the preview blank.
    await parseMermaid(result.mermaid!);
  });

  describe('YAML files', () => {
    before(async () => {
      for (const [file, text] of [['compose.yaml', compose], ['fix-loop.yaml', dialect1]]) {
        await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(file), languageId: 'yaml', version: 1, text } });
      }
    });

    it('checks a YAML workflow as flow check does, and follows the edits', async () => {
      const found = await diagnosticsOf('fix-loop.yaml', 'the unknown gate is reported', (d) => d.some((x) => x.code === 'FLOW202'));
      const unknown = found.find((x) => x.code === 'FLOW202')!;
      assert.deepStrictEqual(unknown.range.start, { line: 11, character: 17 });
      assert.strictEqual(unknown.source, 'flow');
      assert.match(unknown.codeDescription!.href, /#flow202-unknown-gate$/);
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: uri('fix-loop.yaml'), version: 2 },
        contentChanges: [{ range: { start: { line: 11, character: 17 }, end: { line: 11, character: 22 } }, text: 'tests' }],
      });
      await diagnosticsOf('fix-loop.yaml', 'the fix clears it', (d) => !d.some((x) => x.code === 'FLOW202'));
    });

    it('hovers a gate and goes to its definition in gates.yaml', async () => {
      const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: uri('fix-loop.yaml') }, position: { line: 11, character: 19 } });
      assert.match((hover!.contents as MarkupContent).value, /\*\*gate\*\* `tests`: Run the unit tests/);
      const definition = (await connection.sendRequest(DefinitionRequest.type, {
        textDocument: { uri: uri('fix-loop.yaml') },
        position: { line: 11, character: 19 },
      })) as Location[];
      assert.strictEqual(definition[0].uri, uri('gates.yaml'));
      assert.strictEqual(definition[0].range.start.line, 1);
    });

    it('draws a YAML workflow for Show graph', async () => {
      const result = (await connection.sendRequest('flow/graph', { uri: uri('fix-loop.yaml') })) as { mermaid?: string; problem?: string };
      assert.match(result.mermaid ?? result.problem ?? '', /^flowchart TD$/m);
      await parseMermaid(result.mermaid!);
    });

    it('leaves other YAML alone: no diagnostics, hover or completion', async () => {
      const position = { line: 1, character: 3 };
      assert.strictEqual(await connection.sendRequest(HoverRequest.type, { textDocument: { uri: uri('compose.yaml') }, position }), null);
      const completion = await connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uri('compose.yaml') }, position });
      assert.deepStrictEqual(Array.isArray(completion) ? completion : (completion as CompletionList | null)?.items ?? [], []);
      assert.ok(!diagnostics.has(uri('compose.yaml')), 'nothing published for compose.yaml');
    });
  });
});
