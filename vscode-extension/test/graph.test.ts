// The pictures the graph preview draws, made by the real `flow graph` and read by Mermaid's own
// parser: a picture Mermaid refuses is a blank preview.
import * as assert from 'assert';
import * as cp from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { maxEdges } from '../src/page';
import { flowchartOf, mermaid, parseMermaid } from './mermaid';

const repository = path.join(__dirname, '..', '..', '..');
const examples = path.join(repository, 'examples');
const flowJar = path.join(repository, 'cli', 'target', 'flow.jar');

/** Every workflow of examples/: the language's files and the YAML files that hold a workflow (not a gate registry). */
function exampleWorkflows(): string[] {
  const flow = fs.readdirSync(examples).filter((f) => f.endsWith('.flow')).map((f) => path.join(examples, f));
  const yamlDir = path.join(examples, 'yaml');
  const yaml = fs
    .readdirSync(yamlDir)
    .filter((f) => /\.ya?ml$/.test(f) && /^nodes\s*:/m.test(fs.readFileSync(path.join(yamlDir, f), 'utf8')))
    .map((f) => path.join(yamlDir, f));
  return [...flow, ...yaml].sort();
}

function java(): string {
  const home = process.env.JAVA_HOME;
  return home && fs.existsSync(path.join(home, 'bin', 'java')) ? path.join(home, 'bin', 'java') : 'java';
}

/** `flow graph FILE --format mermaid`: the picture, drawn even for a workflow with errors (exit status 1). */
function flowGraph(file: string): string {
  const run = cp.spawnSync(java(), ['-jar', flowJar, 'graph', file, '--format', 'mermaid'], { encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 1, `flow graph ${file} exited with ${run.status}: ${run.stderr}`);
  assert.ok(run.stdout.startsWith('---\ntitle: '), `flow graph ${file} drew nothing: ${run.stderr}`);
  return run.stdout;
}

describe('flow graph --format mermaid, read by Mermaid', function () {
  // One JVM start for each example (about a second each on a shared machine).
  this.timeout(120000);

  before(() => {
    assert.ok(fs.existsSync(flowJar), `${flowJar} is missing: the Maven build packages the cli module first`);
  });

  for (const file of exampleWorkflows()) {
    it(`parses the picture of ${path.relative(repository, file)}`, async () => {
      await parseMermaid(flowGraph(file));
    });
  }

  it('parses nodes named after Mermaid keywords and labels full of its special characters', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-graph-'));
    const ids = ['graph', 'style', 'class', 'click', 'subgraph', 'direction', 'flowchart', 'classDef', 'linkStyle', 'default', 'call', 'href', 'end_'];
    const title = 'Title: "quoted" # not a comment --- %% {x} \\ back';
    const source = [
      `workflow keywords "${title.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}" {`,
      '    task graph "a \\"quoted\\" <b>label</b> & #quot; #35; |pipe| `tick` [x] (y) {z} %% ; end" { sh "echo \'a|b\' > /dev/null; echo \\"#1\\"" }',
      ...ids.slice(1).map((id) => `    task ${id === 'subgraph' ? '^subgraph' : id} { sh "true" }`),
      '    branch choose { if graph.exit_code == 0 }',
      `    start -> ${ids.map((id) => (id === 'subgraph' ? '^subgraph' : id)).join(' -> ')} -> choose`,
      '    choose -> end when choose.yes',
      '    choose -> end when choose.no',
      '}',
      '',
    ].join('\n');
    const file = path.join(dir, 'keywords.flow');
    fs.writeFileSync(file, source);
    const picture = flowGraph(file);
    await parseMermaid(picture);
    const vertices = await flowchartOf(picture);
    const byText = [...vertices.values()];
    for (const id of ids) {
      assert.ok(
        byText.some((v) => (v.text ?? '').startsWith(`task ${id}<br>`)),
        `no vertex for node ${id} in ${JSON.stringify(byText.map((v) => v.text))}`
      );
    }
    const end = byText.find((v) => v.text === 'end');
    assert.deepStrictEqual(end?.classes, ['endNode']);
    // The title is a YAML string in the front matter, written as JSON so that nothing in it is taken for YAML syntax.
    const front = /^---\ntitle: (.*)\n---\n/.exec(picture);
    assert.ok(front, picture);
    assert.strictEqual(JSON.parse(front[1]), title);
  });

  it('draws a workflow of more than 500 edges once the preview raises maxEdges to its count', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-graph-'));
    // Just over Mermaid's limit: parsing a picture this size in jsdom takes tens of seconds on a shared machine.
    const tasks = Array.from({ length: 510 }, (_, i) => `t${i}`);
    const source = ['workflow wide {', ...tasks.map((t) => `    task ${t} { sh "true" }`), `    start -> ${tasks.join(' -> ')} -> end`, '}', ''].join('\n');
    const file = path.join(dir, 'wide.flow');
    fs.writeFileSync(file, source);
    const picture = flowGraph(file);
    assert.strictEqual(maxEdges(picture), 511, 'every edge flow graph drew is counted');
    const drawer = await mermaid();
    // Mermaid's default draws nothing above 500 edges: the blank preview the issue saw.
    await assert.rejects(parseMermaid(picture), /Edge limit exceeded/);
    drawer.initialize({ startOnLoad: false, securityLevel: 'strict', maxEdges: maxEdges(picture) });
    try {
      await parseMermaid(picture);
    } finally {
      drawer.initialize({ startOnLoad: false, securityLevel: 'strict', maxEdges: 500 });
    }
  });
});
