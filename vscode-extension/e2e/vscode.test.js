// The extension as users get it: the flow-language.vsix this build made, installed into a real
// VS Code (code-server, from scripts/ensure-code-server.sh) whose page headless Chromium shows.
// The language server starts through vscode-languageclient itself, with the command line it
// makes (it appends --stdio and --clientProcessId=N), which the other tests, spawning the server
// by hand, cannot check. Then the test does what a user does, with keys and clicks, and checks
// what VS Code shows: the Problems panel, a hover, completion, a quick fix, the graph's SVG, the
// run's terminal. A screenshot of each step goes to target/vscode-screenshots/.
//
// Every wait polls for the state it needs, with a generous budget: a loaded 2-core machine
// starts VS Code, the extension host and the JVM of the server slowly, and no fixed sleep is
// long enough there while being short enough elsewhere.
'use strict';
const assert = require('assert');
const cp = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const puppeteer = require('puppeteer-core');

const extensionRoot = path.join(__dirname, '..');
const repo = path.join(extensionRoot, '..');
const target = path.join(extensionRoot, 'target');
const home = path.join(target, 'vscode-e2e');
const shots = path.join(target, 'vscode-screenshots');
const codeServer = path.join(target, 'code-server', 'node_modules', '.bin', 'code-server');
const vsix = process.env.FLOW_VSIX || path.join(extensionRoot, 'flow-language.vsix');
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const workspace = path.join(home, 'workspace');

const SECOND = 1000;
/** How long VS Code may take to show its workbench, and the extension its first diagnostics (JVM start, workspace build). */
const START_BUDGET = 180 * SECOND;
/** Any other reaction of the page (a panel, a hover, a list): usually well under a second. */
const BUDGET = 60 * SECOND;

/** What the last check looked at, for the message when a wait times out. */
let seen;

/** Polls until check() gives a truthy value and returns it; on timeout, fails saying what it waited for and what it last saw. */
async function poll(what, check, budget = BUDGET) {
  const deadline = Date.now() + budget;
  let last;
  seen = undefined;
  for (;;) {
    try {
      const value = await check();
      if (value) {
        return value;
      }
      last = value;
    } catch (e) {
      if (e && e.fatal) {
        throw e;
      }
      last = e;
    }
    if (Date.now() > deadline) {
      const saw = seen !== undefined ? JSON.stringify(seen) : last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`waited ${budget / SECOND} s for ${what}; last saw: ${saw}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** PATH without any folder holding a 'flow' command: Run workflow must then use the bundled jar. */
function pathWithoutFlow() {
  return (process.env.PATH || '')
    .split(path.delimiter)
    .filter((dir) => dir !== '' && !fs.existsSync(path.join(dir, 'flow')))
    .join(path.delimiter);
}

/** The test's workspace: a few examples, the gate library and scripted agent they use, and an invalid one. */
function makeWorkspace() {
  fs.mkdirSync(workspace, { recursive: true });
  const examples = path.join(repo, 'examples');
  for (const file of ['hello.flow', 'tour.flow', 'fix_loop.flow']) {
    fs.copyFileSync(path.join(examples, file), path.join(workspace, file));
  }
  fs.cpSync(path.join(examples, 'lib'), path.join(workspace, 'lib'), { recursive: true });
  fs.cpSync(path.join(examples, 'agents'), path.join(workspace, 'agents'), { recursive: true });
  // line 5: "    start -> analyze -> fxi -> end", FLOW201 at 5:25
  fs.copyFileSync(path.join(examples, 'invalid', 'FLOW201-unknown-node.flow'), path.join(workspace, 'unknown-node.flow'));
  // YAML: a dialect 1 workflow of the supervisor's corpus with its registry beside it (FLOW202: it
  // names test_gate, which that registry lacks), dialect 2's schema example (FLOW305 and FLOW306
  // warnings), and a YAML file that is not Flow's.
  const corpus = path.join(repo, '..', 'shared', 'corpus', 'supervisor-yaml');
  assert.ok(fs.existsSync(corpus), `${corpus} is missing: the corpus lies beside the repository, as for the model's YAML tests`);
  const dialect1 = path.join(workspace, 'supervisor');
  fs.mkdirSync(dialect1);
  for (const file of ['simple_workflow.yaml', 'gates.yaml']) {
    fs.copyFileSync(path.join(corpus, file), path.join(dialect1, file));
  }
  fs.copyFileSync(path.join(examples, 'yaml', 'full-feature-implementation.yaml'), path.join(workspace, 'full-feature-implementation.yaml'));
  fs.writeFileSync(path.join(workspace, 'compose.yaml'), 'services:\n  web:\n    image: nginx\n    nodes: 3\n');
}

/** LINE:COLUMN (1-based) of the first occurrence of text in a workspace file. */
function positionIn(file, text) {
  const lines = fs.readFileSync(path.join(workspace, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  assert.ok(line >= 0, `${text} in ${file}`);
  return [line + 1, lines[line].indexOf(text) + 1];
}

function writeSettings(userData) {
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  const settings = {
    'telemetry.telemetryLevel': 'off',
    'workbench.startupEditor': 'none',
    'workbench.enableExperiments': false,
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    // The workspace lies in this repository's checkout: no offer to open the repository.
    'git.enabled': false,
    'git.openRepositoryInParentFolders': 'never',
    // xterm's DOM renderer, whose rows hold the terminal's text (the canvas ones paint it).
    'terminal.integrated.gpuAcceleration': 'off',
    'terminal.integrated.shellIntegration.enabled': false,
    // Keys typed into the editor stay as typed: no brackets closed or words completed meanwhile.
    'editor.autoClosingBrackets': 'never',
    'editor.quickSuggestions': { other: false, comments: false, strings: false },
    'editor.suggestOnTriggerCharacters': false,
    'editor.hover.delay': 100,
    'files.autoSave': 'off',
  };
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
}

describe('the packaged extension in VS Code (code-server)', function () {
  this.timeout(10 * 60 * SECOND);
  let server;
  let ipc;
  let serverLog = '';
  let browser;
  let page;
  let shot = 0;
  const started = Date.now();
  /** Progress with the time since the start, to tell a slow machine from a stuck step. */
  const progress = (what) => console.log(`      ${((Date.now() - started) / SECOND).toFixed(1)} s: ${what}`);

  async function screenshot(name) {
    shot += 1;
    await page.screenshot({ path: path.join(shots, `${String(shot).padStart(2, '0')}-${name}.png`) });
  }

  /** Presses a chord such as 'Control+Shift+KeyM' or a single key such as 'F1'. */
  async function keys(chord) {
    const parts = chord.split('+');
    for (const key of parts.slice(0, -1)) {
      await page.keyboard.down(key);
    }
    await page.keyboard.press(parts[parts.length - 1]);
    for (const key of parts.slice(0, -1).reverse()) {
      await page.keyboard.up(key);
    }
  }

  /** The text of every visible element matching the selector (innerText, with Monaco's no-break spaces as spaces). */
  async function texts(selector, frame = page) {
    seen = await frame.$$eval(selector, (elements) =>
      elements.filter((e) => e.offsetParent !== null || e.getClientRects().length > 0).map((e) => (e.innerText || '').replace(/\u00a0/g, ' ')));
    return seen;
  }

  /** What a list row says: its aria-label and its text (some rows label themselves, some only show text). */
  async function ariaLabels(selector) {
    seen = await page.$$eval(selector, (elements) =>
      elements.map((e) => `${e.getAttribute('aria-label') || ''} ${(e.innerText || '').replace(/\s+/g, ' ')}`.trim()));
    return seen;
  }

  /** Error notifications VS Code shows (a server that cannot start is one): they end a wait at once. */
  async function failOnErrorNotification() {
    const errors = await page.$$eval('.notification-toast, .notifications-list-container .monaco-list-row', (rows) =>
      rows.filter((r) => r.querySelector('.codicon-error, .codicon-notifications-error')).map((r) => r.innerText.replace(/\s+/g, ' ')));
    if (errors.length > 0) {
      const error = new Error(`VS Code shows an error: ${errors.join(' | ')}`);
      error.fatal = true;
      throw error;
    }
  }

  /** Opens the quick input with a key, types into it, waits for a first row that matches, and picks it. */
  async function quickPick(key, text, expected) {
    await keys(key);
    await poll(`the quick input (${key})`, () => page.$('.quick-input-widget:not([style*="display: none"]) .quick-input-box input'));
    await page.keyboard.type(text);
    await poll(`'${expected}' first among the choices for '${text}'`, async () => {
      const first = await ariaLabels('.quick-input-widget .quick-input-list .monaco-list-row[data-index="0"]');
      return first.length > 0 && first[0].includes(expected);
    });
    await keys('Enter');
    await poll('the quick input to close', async () => (await page.$('.quick-input-widget:not([style*="display: none"])')) === null);
  }

  async function runCommand(title) {
    await quickPick('F1', title, title);
  }

  async function openFile(name) {
    await quickPick('Control+KeyP', name, name);
    await poll(`${name} in the active editor`, async () => {
      const active = await ariaLabels('.editor-group-container.active .tab.active');
      return active.some((label) => label.startsWith(name)) && (await page.$('.editor-group-container.active .monaco-editor.focused'));
    });
  }

  /** Moves the cursor to LINE:COLUMN (1-based) with Go to Line. */
  async function goTo(line, column) {
    await keys('Control+KeyG');
    await poll('the Go to Line input', () => page.$('.quick-input-widget:not([style*="display: none"]) .quick-input-box input'));
    await page.keyboard.type(`${line}:${column}`);
    await keys('Enter');
    await poll('the editor to have the focus back', () => page.$('.editor-group-container.active .monaco-editor.focused'));
  }

  async function editorLines() {
    const lines = await texts('.editor-group-container.active .monaco-editor .view-lines .view-line');
    return lines.join('\n');
  }

  /** The rows of the Problems panel, shown with Ctrl+Shift+M when it is not (a hidden panel is not kept up to date). */
  async function problems() {
    const shown = () => page.$$eval('.markers-panel', (panels) => panels.some((p) => p.getClientRects().length > 0));
    if (!(await shown())) {
      await keys('Control+Shift+KeyM');
      await poll('the Problems panel', shown);
    }
    return ariaLabels('.markers-panel .monaco-list-row');
  }

  function flowProblems(rows) {
    return rows.filter((row) => /FLOW\d{3}/.test(row));
  }

  async function terminalText() {
    return (await texts('.terminal-wrapper .xterm-rows')).join('\n');
  }

  before(async function () {
    assert.ok(fs.existsSync(vsix), `${vsix} is missing: 'npm run package' (Maven's vsce-package) makes it`);
    assert.ok(fs.existsSync(codeServer), `${codeServer} is missing: scripts/ensure-code-server.sh installs it`);
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(shots, { recursive: true, force: true });
    fs.mkdirSync(shots, { recursive: true });
    const userData = path.join(home, 'user-data');
    const extensions = path.join(home, 'extensions');
    makeWorkspace();
    writeSettings(userData);
    const config = path.join(home, 'config.yaml');
    fs.writeFileSync(config, 'auth: none\n');
    // VS Code's sockets (vscode-ipc-*.sock) go to XDG_RUNTIME_DIR, else the temporary folder, and
    // outlive it there: a private folder, removed after. Under /tmp, not target/: a socket's path
    // must stay under 108 bytes.
    ipc = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-cs-'));
    const env = {
      ...process.env,
      TMPDIR: ipc,
      XDG_RUNTIME_DIR: ipc,
      PATH: pathWithoutFlow(),
      // code-server's own files (its default config, state) under target/, not in the user's home.
      XDG_CONFIG_HOME: path.join(home, 'xdg-config'),
      XDG_DATA_HOME: path.join(home, 'xdg-data'),
    };
    const common = ['--config', config, '--user-data-dir', userData, '--extensions-dir', extensions];
    const installed = cp.spawnSync(codeServer, [...common, '--install-extension', vsix], { env, encoding: 'utf8', timeout: 120 * SECOND });
    assert.strictEqual(installed.status, 0, `code-server --install-extension ${vsix}: ${installed.stdout}${installed.stderr}`);
    progress(`installed ${path.basename(vsix)}`);

    server = cp.spawn(
      codeServer,
      [...common, '--bind-addr', '127.0.0.1:0', '--auth', 'none', '--disable-telemetry', '--disable-update-check',
        '--disable-workspace-trust', '--disable-getting-started-override', '--ignore-last-opened', workspace],
      { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }
    );
    server.stdout.on('data', (d) => (serverLog += d));
    server.stderr.on('data', (d) => (serverLog += d));
    const address = await poll('code-server to listen (its log says where)', () => {
      if (server.exitCode !== null) {
        const error = new Error(`code-server exited with ${server.exitCode}: ${serverLog}`);
        error.fatal = true;
        throw error;
      }
      return /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(serverLog)?.[1];
    }, START_BUDGET);
    progress(`code-server listens on ${address}`);

    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      // As root here: no sandbox; and no connections of Chromium's own, which this network refuses.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--window-size=1400,900'],
      userDataDir: fs.mkdtempSync(path.join(home, 'chromium-')),
      defaultViewport: { width: 1400, height: 900 },
      timeout: START_BUDGET,
    });
    page = await browser.newPage();
    page.setDefaultTimeout(BUDGET);
    page.setDefaultNavigationTimeout(START_BUDGET);
    await page.goto(`${address}/?folder=${encodeURIComponent(workspace)}`);
    await poll('the workbench with the workspace in the Explorer', async () =>
      (await ariaLabels('.explorer-folders-view .monaco-list-row')).some((row) => row.includes('unknown-node.flow')), START_BUDGET);
    progress('the workbench shows the workspace');
    await screenshot('workbench');
  });

  afterEach(async function () {
    if (this.currentTest.state === 'failed' && page) {
      await screenshot(`FAILED-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => {});
      const logs = path.join(home, 'user-data', 'logs');
      const flowLogs = [];
      const walk = (dir) => fs.existsSync(dir) && fs.readdirSync(dir, { withFileTypes: true }).forEach((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : /flow|exthost/i.test(e.name) && flowLogs.push(path.join(dir, e.name)));
      walk(logs);
      for (const log of flowLogs) {
        console.error(`---- ${log} (last lines)\n${fs.readFileSync(log, 'utf8').split('\n').slice(-40).join('\n')}`);
      }
      console.error(`---- code-server's output (last lines)\n${serverLog.split('\n').slice(-20).join('\n')}`);
    }
  });

  after(async function () {
    await browser?.close();
    if (server && server.exitCode === null) {
      // code-server, its extension host and the language server: the process group this test started.
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // gone already
      }
    }
    fs.writeFileSync(path.join(home, 'code-server.log'), serverLog);
    if (ipc) {
      fs.rmSync(ipc, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  it('starts the language server through vscode-languageclient and shows an unknown node in the Problems panel', async function () {
    await openFile('unknown-node.flow');
    const rows = await poll('FLOW201 for fxi in the Problems panel (the extension starts the JVM of its server)', async () => {
      await failOnErrorNotification();
      const found = flowProblems(await problems());
      return found.some((row) => row.includes('FLOW201') && row.includes('fxi')) && found;
    }, START_BUDGET);
    assert.strictEqual(rows.length, 1, `only the invalid file has a problem: ${rows.join(' | ')}`);
    await screenshot('problem-shown');
  });

  it('clears the problem when the node name is corrected in the editor', async function () {
    await goTo(5, 25);
    for (let i = 0; i < 3; i++) {
      await keys('Shift+ArrowRight');
    }
    await page.keyboard.type('fix');
    await poll('the corrected line in the editor', async () => (await editorLines()).includes('start -> analyze -> fix -> end'));
    await poll('no FLOW problem left in the Problems panel', async () => flowProblems(await problems()).length === 0);
    await screenshot('problem-fixed');
  });

  it('shows the documentation of a keyword on hover', async function () {
    await goTo(3, 6); // in "task" of "    task analyze { agent claude }"
    await keys('Control+KeyK');
    await keys('Control+KeyI'); // Show Hover
    await poll("the hover of 'task' with its documentation", async () =>
      (await texts('.monaco-hover .hover-contents, .monaco-hover-content')).some((t) => t.includes('A node that runs an agent')));
    await screenshot('hover');
    await keys('Escape');
  });

  it('completes a node name after an arrow', async function () {
    await goTo(5, 25);
    for (let i = 0; i < 3; i++) {
      await keys('Shift+ArrowRight');
    }
    await keys('Backspace');
    await keys('Control+Space');
    await poll('the node names fix and analyze among the completions', async () => {
      const labels = await ariaLabels('.suggest-widget .monaco-list-row');
      return labels.some((l) => /\bfix\b/.test(l)) && labels.some((l) => /\banalyze\b/.test(l));
    });
    await screenshot('completion');
    await page.keyboard.type('fi');
    await poll("'fix' the focused completion", async () => (await ariaLabels('.suggest-widget .monaco-list-row.focused')).some((l) => /\bfix\b/.test(l)));
    await keys('Enter');
    await poll('the completed line in the editor', async () => (await editorLines()).includes('start -> analyze -> fix -> end'));
  });

  it('applies a quick fix for an unknown node', async function () {
    await goTo(5, 25);
    for (let i = 0; i < 3; i++) {
      await keys('Shift+ArrowRight');
    }
    await page.keyboard.type('fxi');
    await poll('FLOW201 back in the Problems panel', async () => flowProblems(await problems()).some((row) => row.includes('FLOW201')));
    await goTo(5, 26);
    await keys('Control+Period'); // Quick Fix...
    const fix = await poll("the quick fix \"Change to 'fix'\"", async () => {
      const rows = await page.$$('.action-widget .monaco-list-row');
      for (const row of rows) {
        if ((await row.evaluate((r) => r.innerText)).includes("Change to 'fix'")) {
          return row;
        }
      }
      return undefined;
    });
    await screenshot('quick-fix');
    await fix.click();
    await poll('the fixed line in the editor', async () => (await editorLines()).includes('start -> analyze -> fix -> end'));
    await poll('no FLOW problem left after the quick fix', async () => flowProblems(await problems()).length === 0);
    await keys('Control+KeyS');
    await screenshot('quick-fix-applied');
  });

  it('ignores a .flow/ folder in the workspace, and the workflow files in it', async function () {
    // What 'flow run' makes in the workspace, and a file in it that would be a broken workflow.
    fs.mkdirSync(path.join(workspace, '.flow'));
    fs.writeFileSync(path.join(workspace, '.flow', 'notes.flow'), 'this is not a workflow {\n');
    // Then a broken workflow outside it: once its problem shows, the server has taken the file
    // events before it (they reach it in order), so the .flow/ folder had its chance to show too.
    await poll('.flow in the Explorer', async () => (await ariaLabels('.explorer-folders-view .monaco-list-row')).some((r) => r.startsWith('.flow')));
    fs.copyFileSync(path.join(repo, 'examples', 'invalid', 'FLOW201-unknown-node.flow'), path.join(workspace, 'probe.flow'));
    const rows = await poll("probe.flow's FLOW201 in the Problems panel", async () => {
      const found = flowProblems(await problems());
      return found.length > 0 && found;
    });
    await screenshot('dot-flow-folder');
    assert.deepStrictEqual(rows.map((r) => r.includes('FLOW201') && r.includes('fxi')), [true], `only probe.flow's problem: ${rows.join(' | ')}`);
    const fileRows = await ariaLabels('.markers-panel .monaco-list-row');
    assert.ok(!fileRows.some((r) => r.includes('notes.flow')), `nothing of .flow/: ${fileRows.join(' | ')}`);
    await failOnErrorNotification();
    fs.rmSync(path.join(workspace, 'probe.flow'));
    await poll('no FLOW problem once probe.flow is deleted', async () => flowProblems(await problems()).length === 0);
  });

  it('draws the graph of a workflow as SVG with "Flow: Show graph"', async function () {
    await openFile('hello.flow');
    await runCommand('Flow: Show graph');
    // The webview loads the bundled mermaid.js (3.4 MB) before it draws: seconds on a loaded machine.
    const labels = await poll('an SVG with the nodes of hello.flow in the graph webview', async () => {
      for (const frame of page.frames()) {
        const found = await frame
          .$$eval('svg .node', (nodes) => nodes.map((n) => n.textContent || ''))
          .catch(() => []);
        if (found.some((t) => t.includes('greet')) && found.some((t) => t.includes('report'))) {
          return found;
        }
      }
      return undefined;
    });
    assert.ok(labels.some((t) => t.includes('count')), labels.join(' | '));
    await screenshot('graph');
  });

  it('runs a workflow with "Flow: Run workflow" in a terminal, with the bundled jar when flow is not on the PATH', async function () {
    // The graph took the focus: Run workflow runs the file of the active editor.
    await runCommand('View: Focus First Editor Group');
    await poll('hello.flow in the active editor', async () =>
      (await ariaLabels('.editor-group-container.active .tab.active')).some((label) => label.startsWith('hello.flow')));
    await runCommand('Flow: Run workflow');
    // The terminal starts a shell, then a JVM that runs three shell steps: seconds on a loaded machine.
    const text = await poll("the run's last line in the terminal", async () => {
      const shown = (await terminalText()).replace(/\n/g, '');
      return /completed in [\d.]+m?s, 3 steps/.test(shown) && shown;
    }, START_BUDGET);
    assert.match(text, /greeted world: 5 letters/);
    assert.match(text, /server\/flow\.jar run /, 'Run workflow ran the bundled jar');
    await screenshot('run');
    assert.ok(fs.existsSync(path.join(workspace, '.flow', 'state.db')));
    await poll('still no FLOW problem after the run wrote .flow/', async () => flowProblems(await problems()).length === 0);
  });

  it('shows the diagnostics of a dialect 1 and a dialect 2 YAML workflow in the Problems panel, and a hover', async function () {
    await openFile('simple_workflow.yaml');
    await poll("simple_workflow.yaml's FLOW202 for test_gate in the Problems panel", async () => {
      await failOnErrorNotification();
      return flowProblems(await problems()).some((row) => row.includes('FLOW202') && row.includes('test_gate'));
    });
    await screenshot('yaml-dialect-1');

    // A node name in an edge: the hover says what the node is.
    const [line, column] = positionIn('supervisor/simple_workflow.yaml', 'target: implement');
    await goTo(line, column + 'target: '.length + 2);
    await keys('Control+KeyK');
    await keys('Control+KeyI'); // Show Hover
    await poll("the hover of the node 'implement'", async () =>
      (await texts('.monaco-hover .hover-contents, .monaco-hover-content')).some((t) => t.includes('task implement') && t.includes('Implement the Plan')));
    await screenshot('yaml-hover');
    await keys('Escape');

    await openFile('full-feature-implementation.yaml');
    const rows = await poll("full-feature-implementation.yaml's FLOW305 and FLOW306 in the Problems panel", async () => {
      const found = flowProblems(await problems());
      return found.some((row) => row.includes('FLOW306')) && found.some((row) => row.includes('FLOW305')) && found;
    });
    assert.ok(rows.some((row) => row.includes('FLOW202')), `the dialect 1 file's problem stays: ${rows.join(' | ')}`);
    await screenshot('yaml-dialect-2');

    // A YAML file that is not a workflow: nothing of Flow's for it, even with an indented nodes: key.
    await openFile('compose.yaml');
    await poll('compose.yaml in the active editor', async () => (await editorLines()).includes('image: nginx'));
    const all = await ariaLabels('.markers-panel .monaco-list-row');
    assert.ok(!all.some((row) => row.includes('compose.yaml')), `no problem for compose.yaml: ${all.join(' | ')}`);
    await failOnErrorNotification();
  });
});
