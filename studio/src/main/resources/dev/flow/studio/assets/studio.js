// Flow studio's page: the executions, and one execution kept up to date by the server's event
// stream (the server polls the database, so runs of any flow process show). No framework: the DOM,
// fetch, EventSource, and Mermaid (bundled) for the graph. Text from the database is only ever
// set as textContent.
'use strict';

const $ = (id) => document.getElementById(id);
const shown = { open: new Set(), id: null, after: 0, graphHash: null, ids: {}, source: null, graphs: 0 };

// Mermaid's settings. The graph's source never holds a %%{init}%% directive (the server codes %, {
// and } in every label), and none would be honoured: every setting is listed as `secure`, which
// Mermaid keeps from directives and front matter. maxEdges is raised to the graph's own count
// (Mermaid draws nothing above its default of 500).
const MERMAID = { startOnLoad: false, securityLevel: 'strict', theme: 'neutral', flowchart: { htmlLabels: false }, maxEdges: 500 };
function mermaidSettings(source) {
  const edges = (source.match(/^\s*\S+ (-->|-\.->|==>)/gm) || []).length;
  const settings = Object.assign({}, MERMAID, { maxEdges: Math.max(500, edges) });
  const keys = Object.keys(window.mermaid.mermaidAPI.getConfig());
  settings.secure = Array.from(new Set(keys.concat(Object.keys(settings), ['secure', 'theme', 'themeCSS', 'themeVariables',
    'fontFamily', 'altFontFamily', 'darkMode', 'look', 'layout', 'htmlLabels', 'wrap', 'dompurifyConfig', 'elk',
    'deterministicIDSeed', 'suppressErrorRendering'])));
  return settings;
}
if (window.mermaid) {
  window.mermaid.initialize(mermaidSettings(''));
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, Object.assign({ credentials: 'same-origin' }, init));
  const json = await response.json();
  if (!response.ok) {
    throw new Error(json.error || response.statusText);
  }
  return json;
}

function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// One time format everywhere: local time on a 24-hour clock, 2026-06-02 14:03:27.
function time(ms) {
  if (!ms) return '';
  const d = new Date(ms);
  const two = (n) => String(n).padStart(2, '0');
  return d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate()) + ' ' + two(d.getHours()) + ':' + two(d.getMinutes()) + ':' + two(d.getSeconds());
}

// Runs fn; a call made while it runs is done once after it, not alongside.
function serialized(fn) {
  const state = { running: false, again: false };
  return async () => {
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        await fn();
      } while (state.again);
    } catch (e) {
      say(e.message);
    } finally {
      state.running = false;
    }
  };
}

function statusBadge(status) {
  return el('span', status, { class: 'status', 'data-status': status });
}

function link(id) {
  return el('a', id, { href: '#/execution/' + encodeURIComponent(id) });
}

function say(text) {
  $('message').textContent = text;
}

// ---- one execution -------------------------------------------------------------------------

async function show(id) {
  shown.id = id;
  shown.after = 0;
  shown.graphHash = null;
  shown.open.clear();
  $('events').replaceChildren();
  timelineReset(id);
  costsReset(id);
  say('');
  $('execution').hidden = false;
  await refresh();
  connect();
}

// Reads the execution again; a refresh asked for while one runs is done once after it.
const refresh = serialized(async () => {
  const view = await api('/api/executions/' + encodeURIComponent(shown.id));
  await renderExecution(view);
});

async function renderExecution(view) {
  const x = view.execution;
  $('execution-title').textContent = x.workflow + ' · ' + x.id;
  const summary = $('execution-summary');
  summary.replaceChildren(runBadge(x), ' started ' + time(x.createdAt) + (x.finishedAt ? ', finished ' + time(x.finishedAt) : ''));
  summary.setAttribute('data-status', x.status);
  acting.run = x;
  renderActions(x); // cancel: not an ended run, nor a child (its run is cancelled)
  $('execution-report').hidden = !x.report;
  $('execution-report').textContent = x.report || '';
  const parent = $('execution-parent');
  parent.hidden = !x.parent;
  if (x.parent) parent.replaceChildren('A child execution of ', link(x.parent), ' (its node ' + x.parentNode + ')');
  for (const tr of $('executions').tBodies[0].rows) tr.className = tr.dataset.execution === x.id ? 'current' : '';
  renderQuestions(view.questions);
  await renderGraph(view.graph, x.graphHash);
  colourGraph(view.nodes);
  renderNodes(view.nodes);
  NodePanel.running(view); // node.js: what running agents do now
  Changes.shown(view); // history.js
  Versions.shown(view); // versions.js
  renderChildren(view.children);
  renderPairs('loops', view.loops);
  renderPairs('state', view.state);
  renderKv(view.kv);
  timelineRefresh();
  costsRefresh(x);
}

async function renderGraph(graph, hash) {
  if (hash === shown.graphHash) return;
  shown.graphHash = hash;
  shown.ids = graph.ids;
  const box = $('graph');
  if (!window.mermaid) {
    box.replaceChildren(el('pre', graph.mermaid));
    return;
  }
  window.mermaid.initialize(mermaidSettings(graph.mermaid));
  const { svg } = await window.mermaid.render('flow-graph-' + (++shown.graphs), graph.mermaid);
  box.innerHTML = svg; // Mermaid's own output, sanitised by it (securityLevel strict)
}

function colourGraph(nodes) {
  for (const n of nodes) {
    const id = shown.ids[n.id];
    const g = id && $('graph').querySelector('g.node[data-id="' + id + '"], g.node[id*="flowchart-' + id + '-"]');
    if (!g) continue;
    if (!g.hasAttribute('data-status')) {
      // the kind's colours (Mermaid's inline styles) give way to the status's; the shape still says the kind
      for (const shape of g.querySelectorAll('rect, polygon, circle, path, ellipse')) shape.removeAttribute('style');
    }
    g.setAttribute('data-status', n.status);
    g.setAttribute('data-node', n.id);
    let title = g.querySelector('title');
    if (!title) {
      title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
      g.prepend(title);
    }
    title.textContent = n.id + ': ' + n.status;
  }
}

function renderNodes(nodes) {
  $('nodes').tBodies[0].replaceChildren(...nodes.flatMap((n) => {
    const row = el('tr', null, { 'data-node': n.id });
    const name = el('th', null, { scope: 'row' });
    const open = shown.open.has(n.id);
    const toggle = el('button', n.id, { type: 'button', class: 'node-detail', 'aria-expanded': String(open), title: 'Show its attempts, each whole' });
    toggle.addEventListener('click', () => {
      if (shown.open.has(n.id)) shown.open.delete(n.id); else shown.open.add(n.id);
      refresh();
    });
    name.append(toggle);
    const status = el('td');
    status.append(statusBadge(n.status));
    const child = el('td');
    if (n.child) child.append(link(n.child));
    const passes = n.passes + (n.earlier.length ? ' (' + n.earlier.map((r) => 'pass ' + r.iteration + '.' + r.attempt + ': ' + r.status + (r.output ? ' ' + r.output : '')).join('; ') + ')' : '');
    row.append(name, el('td', n.kind), status, el('td', passes), el('td', n.output), el('td', n.error), child);
    if (!open) return [row];
    const detail = el('tr', null, { class: 'runs', 'data-runs': n.id });
    const cell = el('td', null, { colspan: '7' });
    detail.append(cell);
    NodePanel.show(shown.id, n, cell); // node.js: its attempts, each whole
    return [row, detail];
  }));
}

function renderChildren(children) {
  $('children').hidden = children.length === 0;
  $('children-list').replaceChildren(...children.map((c) => {
    const li = el('li');
    li.append(link(c.id), ' ' + c.workflow + ' (node ' + c.parentNode + ') ', statusBadge(c.status));
    return li;
  }));
}

function renderPairs(name, map) {
  const keys = Object.keys(map || {});
  $(name).hidden = keys.length === 0;
  $(name + '-list').replaceChildren(...keys.flatMap((k) => [el('dt', k), el('dd', typeof map[k] === 'string' ? map[k] : JSON.stringify(map[k]))]));
}

function renderKv(entries) {
  $('kv').hidden = entries.length === 0;
  $('kv-table').tBodies[0].replaceChildren(...entries.map((e) => {
    const row = el('tr');
    row.append(el('td', e.scope), el('td', e.key), el('td', e.value !== null ? e.value : '(' + e.bytes + ' bytes in ' + e.artifact + ')'), el('td', e.writer + ', ' + time(e.at)));
    return row;
  }));
}

// ---- a person's answers ----------------------------------------------------------------------

function renderQuestions(questions) {
  const forms = $('question-forms');
  const open = new Set(questions.map((q) => q.execution + '/' + q.node));
  // keep forms a person may be filling in; drop the answered ones
  for (const f of [...forms.children]) if (!open.has(f.dataset.key)) f.remove();
  for (const q of questions) {
    const key = q.execution + '/' + q.node;
    if (forms.querySelector('form[data-key="' + CSS.escape(key) + '"]')) continue;
    forms.append(questionForm(q, key));
  }
  $('questions').hidden = questions.length === 0;
}

function questionForm(q, key) {
  const form = el('form', null, { class: 'question', 'data-key': key, 'data-node': q.node });
  form.append(el('h4', (q.title || q.node) + ' (' + q.node + ')'));
  if (q.prompt) form.append(el('p', q.prompt));
  const set = el('fieldset');
  set.append(el('legend', q.wantsText ? 'Your answer' : 'Answer'));
  q.options.forEach((option, i) => {
    const id = 'answer-' + q.node + '-' + i;
    const radio = el('input', null, { type: 'radio', name: 'output', value: option, id });
    if (i === 0) radio.required = true;
    if (q.options.length === 1) radio.checked = true;
    const label = el('label', option + (option === q.default ? ' (the default' + (q.deadline ? ' at ' + time(q.deadline) : '') + ')' : ''), { for: id });
    const line = el('div');
    line.append(radio, ' ', label);
    set.append(line);
  });
  const noteId = 'note-' + q.node;
  set.append(el('label', q.wantsText ? 'Text (needed)' : 'Note (optional)', { for: noteId }));
  const note = el('textarea', null, { id: noteId, name: 'note', rows: '2' });
  if (q.wantsText) note.required = true;
  set.append(note);
  form.append(set, el('button', 'Answer', { type: 'submit' }));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const output = form.querySelector('input[name=output]:checked');
    const answer = output ? output.value : '';
    try {
      const { database } = await actForm(q.execution);
      confirmAnswer(q, answer, note.value, database, async () => {
        const done = await api('/api/executions/' + encodeURIComponent(q.execution) + '/answer',
          { node: q.node, output: answer, note: note.value || null });
        form.remove();
        return 'Answered ' + done.node + ' "' + done.answer + '". A running flow worker goes on, or: flow resume ' + q.execution;
      });
    } catch (e) {
      say(e.message);
    }
  });
  return form;
}

// ---- live updates ------------------------------------------------------------------------------

function renderEvents(events) {
  const list = $('events');
  for (const e of events) {
    if (e.seq <= shown.after) continue; // sent again after a reconnect
    const li = el('li', null, { value: String(e.seq), 'data-kind': e.kind });
    li.append(el('time', time(e.at).split(' ')[1], { datetime: new Date(e.at).toISOString(), title: time(e.at) }), ' ',
      el('span', e.kind, { class: 'kind' }), e.node ? ' ' + e.node : '', e.data ? ' ' + JSON.stringify(e.data) : '');
    list.append(li);
    shown.after = Math.max(shown.after, e.seq);
  }
}

function connect() {
  if (shown.source) shown.source.close();
  const query = shown.id ? '?execution=' + encodeURIComponent(shown.id) + '&after=' + shown.after : '';
  const source = new EventSource('/api/stream' + query);
  shown.source = source;
  source.addEventListener('open', () => { $('connection').textContent = 'live'; });
  source.addEventListener('error', () => { $('connection').textContent = 'reconnecting…'; });
  source.addEventListener('executions', () => executionsChanged()); // the list shown is a search: read it again
  source.addEventListener('events', (m) => {
    const update = JSON.parse(m.data);
    if (update.execution !== shown.id) return;
    renderEvents(update.events);
    refresh();
  });
}

function route() {
  const match = /^#\/execution\/(.+)$/.exec(location.hash);
  if (match) {
    show(decodeURIComponent(match[1]));
  } else {
    shown.id = null;
    $('execution').hidden = true;
    connect();
  }
}

window.addEventListener('hashchange', route);
findStart();
timelineStart();
actionsStart();
costsStart();
route();
