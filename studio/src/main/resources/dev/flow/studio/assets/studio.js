// Flow studio's page: the executions, and one execution kept up to date by the server's event
// stream (the server polls the database, so runs of any flow process show). No framework: the DOM,
// fetch, EventSource, and Mermaid (bundled) for the graph. Text from the database is only ever
// set as textContent.
'use strict';

const $ = (id) => document.getElementById(id);
const shown = { open: new Set(), id: null, after: 0, first: 0, source: null, graphs: 0, usable: false };
// The nodes table's page: its filter (status, a part of the name) and where it starts (the node
// before it, by keyset), with the starts of the pages before it for Previous.
const table = { status: '', name: '', after: null, before: [], rows: new Map() };
// What the graph shows: the key of what is drawn (the whole graph, or one node's neighbourhood),
// the node a person picked (null: the studio picks the running, waiting or failed one), when it was drawn.
const picture = { key: null, picked: null, focus: null, ids: {}, large: false };
const EVENTS_KEPT = 1000; // event lines the page keeps; earlier ones are loaded on request
const EVENTS_FIRST = 500; // events an execution's page asks for first (its latest), and Earlier events at a time
const LIVE_LINES = 100; // the most lines one batch of live events draws
const FRAME_MS = 250; // live events are drawn at most this often, not one render per event

// Mermaid's settings. The graph's source never holds a %%{init}%% directive (the server codes %, {
// and } in every label), and none would be honoured: every setting is listed as `secure`, which
// Mermaid keeps from directives and front matter. maxEdges is raised to the graph's own count
// (Mermaid draws nothing above its default of 500); the studio sends at most GraphPicture.WHOLE_MAX nodes.
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

// Mermaid (2.5 MB) is loaded when a graph is first drawn, not before the page shows anything:
// reading it was most of the time a run's page took to open on a loaded machine, and a large run's
// page is usable (its placeholder, its nodes) before its neighbourhood is drawn. Resolves to false
// when it cannot be loaded: the graph's source is then shown as text.
let mermaidLoading = null;
function mermaidReady() {
  if (!mermaidLoading) {
    mermaidLoading = new Promise((resolve) => {
      if (window.mermaid) {
        resolve(true);
        return;
      }
      const script = document.createElement('script');
      script.src = '/assets/mermaid.min.js';
      script.addEventListener('load', () => {
        window.mermaid.initialize(mermaidSettings(''));
        resolve(true);
      });
      script.addEventListener('error', () => resolve(false));
      document.head.append(script);
    });
  }
  return mermaidLoading;
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
  const other = shown.id !== id;
  shown.id = id;
  shown.open.clear();
  shown.usable = false;
  if (other) {
    Object.assign(table, { status: '', name: '', after: null, before: [] });
    table.rows.clear();
    $('nodes-filter').reset();
    Object.assign(picture, { key: null, picked: null, focus: null, ids: {}, large: false });
  }
  live.queue = [];
  $('events').replaceChildren();
  timelineReset(id);
  costsReset(id);
  say('');
  $('execution').hidden = false;
  await refresh(); // its first read opens the event stream
}

// The execution's address with the nodes table's page and the graph's node.
function executionQuery() {
  const q = new URLSearchParams();
  if (table.status) q.set('status', table.status);
  if (table.name) q.set('name', table.name);
  if (table.after) q.set('after', table.after);
  // a neighbourhood once drawn stays until a person moves it (the caption offers the node the run
  // has moved on to): Mermaid lays a drawing out on the page's thread, which held it for up to a
  // second each time a neighbourhood followed a fast run on its own
  const keep = picture.picked || picture.focus;
  if (keep) q.set('graphNode', keep);
  const text = q.toString();
  return '/api/executions/' + encodeURIComponent(shown.id) + (text ? '?' + text : '');
}

// Reads the execution again; a refresh asked for while one runs is done once after it.
const refresh = serialized(async () => {
  const id = shown.id;
  const view = await api(executionQuery());
  if (id !== shown.id) return;
  shown.view = view;
  if (!shown.usable) {
    // the latest events only: a run of 100,000 events was sent whole, 500 a poll, for minutes
    shown.after = Math.max(0, view.execution.eventSeq - EVENTS_FIRST);
    shown.first = shown.after + 1;
    $('events-earlier').hidden = shown.after === 0;
    connect();
  }
  await renderExecution(view);
  usable();
});

// Marks the page usable once for each execution shown: its summary, its first nodes and its graph
// (or, for a large one, the placeholder) are on the page (bench/README.md, Studio).
function usable() {
  if (shown.usable) return;
  shown.usable = true;
  performance.mark('flow:usable');
}

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
  picture.large = view.graph.drawn !== 'whole';
  renderCounts(view.counts, view.total);
  renderNodes(view.nodes, view.page);
  NodePanel.running(view); // node.js: what running agents do now
  Changes.shown(view); // history.js
  Versions.shown(view); // versions.js
  renderChildren(view.children);
  renderPairs('loops', view.loops);
  renderPairs('state', view.state);
  renderKv(view.kv, view.kvTotal);
  timelineRefresh();
  costsRefresh(x);
  renderGraphCaption(view.graph);
  if (picture.large) usable(); // the placeholder says what is shown; the neighbourhood is drawn next
  await renderGraph(view.graph, x.graphHash);
  colourGraph(view.graph.status);
}

// The graph: drawn whole when small; above the size Mermaid draws quickly (GraphPicture.WHOLE_MAX,
// measured), a placeholder that says so and the neighbourhood of one node. Drawn only when what is
// drawn changes; the colours follow each refresh.
async function renderGraph(graph, hash) {
  const key = graph.drawn === 'whole' ? 'whole/' + hash : 'around/' + hash + '/' + graph.focus;
  if (key === picture.key) return;
  picture.key = key;
  picture.focus = graph.drawn === 'whole' ? null : graph.focus;
  picture.ids = graph.ids;
  const box = $('graph');
  box.dataset.drawn = graph.drawn;
  if (!(await mermaidReady())) {
    box.replaceChildren(el('pre', graph.mermaid));
    return;
  }
  if (key !== picture.key) return;
  window.mermaid.initialize(mermaidSettings(graph.mermaid));
  const { svg } = await window.mermaid.render('flow-graph-' + (++shown.graphs), graph.mermaid);
  if (key !== picture.key) return; // another was asked for meanwhile
  box.innerHTML = svg; // Mermaid's own output, sanitised by it (securityLevel strict)
  for (const [node, id] of Object.entries(graph.ids)) {
    const g = shapeOf(id);
    if (g) g.setAttribute('data-node', node);
  }
}

function renderGraphCaption(graph) {
  const caption = $('graph-caption');
  caption.hidden = graph.drawn === 'whole';
  if (graph.drawn === 'whole') return;
  const follow = el('button', 'Follow the run', { type: 'button', id: 'graph-follow', title: 'Show the running, waiting or failed node\'s neighbourhood' });
  const byYou = picture.picked !== null; // not graph.picked: the page also names the node it follows, to keep it
  follow.hidden = !byYou;
  follow.addEventListener('click', () => pickNode(null));
  // following the run: once its node is outside what is drawn, a person moves the drawing on
  const movedOn = !byYou && graph.live && !Object.prototype.hasOwnProperty.call(graph.ids, graph.live);
  const moved = el('button', 'Show ' + (graph.live || ''), { type: 'button', id: 'graph-moved', title: 'Draw the neighbourhood of the node the run is at now' });
  moved.hidden = !movedOn;
  moved.addEventListener('click', () => pickNode(null));
  caption.replaceChildren(el('strong', graph.total.toLocaleString('en') + ' nodes: showing the neighbourhood of ' + graph.focus),
    ' (' + graph.shown + ' nodes nearest it; the whole graph is drawn up to ' + graph.limit + ' nodes). '
    + (byYou ? 'Picked by you. ' : movedOn ? 'The run has moved on to ' + graph.live + '. ' : 'It follows the run. ')
    + 'Pick another with ◎ in the nodes table (find it by name) or by clicking a node here. ',
    follow, moved);
}

// Shows a node's neighbourhood in the graph (null: the one the studio picks as the run goes).
function pickNode(node) {
  picture.picked = node;
  picture.focus = null;
  refresh();
}

function shapeOf(mermaidId) {
  return $('graph').querySelector('g.node[data-id="' + mermaidId + '"], g.node[id*="flowchart-' + mermaidId + '-"]');
}

function colourGraph(statuses) {
  for (const [node, status] of Object.entries(statuses)) {
    const id = picture.ids[node];
    const g = id && shapeOf(id);
    if (!g) continue;
    if (!g.hasAttribute('data-status')) {
      // the kind's colours (Mermaid's inline styles) give way to the status's; the shape still says the kind
      for (const shape of g.querySelectorAll('rect, polygon, circle, path, ellipse')) shape.removeAttribute('style');
    }
    if (g.getAttribute('data-status') === status) continue;
    g.setAttribute('data-status', status);
    g.setAttribute('data-node', node);
    let title = g.querySelector('title');
    if (!title) {
      title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
      g.prepend(title);
    }
    title.textContent = node + ': ' + status;
  }
}

// How many nodes stand in each status, and the table's status filter with the same counts.
function renderCounts(counts, total) {
  const parts = Object.entries(counts).filter(([, c]) => c > 0).map(([s, c]) => c.toLocaleString('en') + ' ' + s);
  $('nodes-counts').textContent = total.toLocaleString('en') + ' node' + (total === 1 ? '' : 's') + ': ' + parts.join(', ');
  const select = $('nodes-status');
  for (const option of select.options) {
    if (option.value) option.textContent = option.value + ' (' + (counts[option.value] || 0).toLocaleString('en') + ')';
  }
}

// One page of the nodes table. A row is made again only when its node changed: the rows on screen
// are all the page holds, and live events touch only those.
function renderNodes(nodes, page) {
  const rows = new Map();
  const made = nodes.flatMap((n) => {
    const open = shown.open.has(n.id);
    const sig = JSON.stringify(n) + open + picture.large;
    let kept = table.rows.get(n.id);
    if (!kept || kept.sig !== sig) kept = { sig, tr: nodeRow(n, open), detail: null };
    rows.set(n.id, kept);
    if (!open) return [kept.tr];
    if (!kept.detail) {
      kept.detail = el('tr', null, { class: 'runs', 'data-runs': n.id });
      kept.detail.append(el('td', null, { colspan: '7' }));
    }
    NodePanel.show(shown.id, n, kept.detail.firstChild); // node.js: its attempts, each whole
    return [kept.tr, kept.detail];
  });
  table.rows = rows;
  const body = $('nodes').tBodies[0];
  if (made.length !== body.children.length || made.some((tr, i) => body.children[i] !== tr)) body.replaceChildren(...made);
  const start = table.before.length * Number(page.limit || 100);
  $('nodes-page').textContent = nodes.length === 0 ? (page.matching === 0 ? 'No node matches.' : '')
    : 'Nodes ' + (start + 1).toLocaleString('en') + ' to ' + (start + nodes.length).toLocaleString('en') + ' of ' + page.matching.toLocaleString('en')
      + (table.status || table.name ? ' matching' : '');
  $('nodes-next').hidden = !page.next;
  $('nodes-next').dataset.after = page.next || '';
  $('nodes-previous').hidden = table.before.length === 0;
  $('nodes-first').hidden = table.before.length < 2;
}

function nodeRow(n, open) {
  const row = el('tr', null, { 'data-node': n.id });
  const name = el('th', null, { scope: 'row' });
  const toggle = el('button', n.id, { type: 'button', class: 'node-detail', 'aria-expanded': String(open), title: 'Show its attempts, each whole' });
  toggle.addEventListener('click', () => {
    if (shown.open.has(n.id)) shown.open.delete(n.id); else shown.open.add(n.id);
    refresh();
  });
  name.append(toggle);
  if (picture.large) {
    const focus = el('button', '◎', { type: 'button', class: 'node-focus', title: 'Show its neighbourhood in the graph', 'aria-label': 'Show ' + n.id + ' in the graph' });
    focus.addEventListener('click', () => pickNode(n.id));
    name.append(' ', focus);
  }
  const status = el('td');
  status.append(statusBadge(n.status));
  const child = el('td');
  if (n.child) child.append(link(n.child));
  const passes = n.passes + (n.earlier.length ? ' (' + n.earlier.map((r) => 'pass ' + r.iteration + '.' + r.attempt + ': ' + r.status + (r.output ? ' ' + r.output : '')).join('; ') + ')' : '');
  row.append(name, el('td', n.kind), status, el('td', passes), el('td', n.output), el('td', n.error), child);
  return row;
}

// The nodes table's filter and pager.
function nodesStart() {
  $('nodes-filter').addEventListener('submit', (event) => {
    event.preventDefault();
    table.status = $('nodes-status').value;
    table.name = $('nodes-name').value.trim();
    table.after = null;
    table.before = [];
    refresh();
  });
  $('nodes-status').addEventListener('change', () => $('nodes-filter').requestSubmit());
  $('nodes-next').addEventListener('click', () => {
    table.before.push(table.after);
    table.after = $('nodes-next').dataset.after;
    refresh();
  });
  $('nodes-previous').addEventListener('click', () => {
    table.after = table.before.pop() || null;
    refresh();
  });
  $('nodes-first').addEventListener('click', () => {
    table.after = null;
    table.before = [];
    refresh();
  });
  // a click on a drawn node of a neighbourhood shows that node's
  $('graph').addEventListener('click', (event) => {
    const g = event.target.closest && event.target.closest('g.node[data-node]');
    if (g && $('graph').dataset.drawn === 'neighbourhood') pickNode(g.dataset.node);
  });
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

function renderKv(entries, total) {
  $('kv').hidden = entries.length === 0;
  $('kv-table').tBodies[0].replaceChildren(...entries.map((e) => {
    const row = el('tr');
    row.append(el('td', e.scope), el('td', e.key), el('td', e.value !== null ? e.value : '(' + e.bytes + ' bytes in ' + e.artifact + ')'), el('td', e.writer + ', ' + time(e.at)));
    return row;
  }));
  $('kv-more').hidden = total <= entries.length;
  $('kv-more').textContent = 'The first ' + entries.length + ' of ' + total.toLocaleString('en') + ' entries; all of them: flow kv list ' + shown.id;
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

// Event lines, as <li>s; those before the first one shown are not drawn again.
function eventItems(events) {
  return events.map((e) => {
    const li = el('li', null, { 'data-seq': String(e.seq), 'data-kind': e.kind });
    li.append(el('span', String(e.seq), { class: 'seq' }), el('time', time(e.at).split(' ')[1], { datetime: new Date(e.at).toISOString(), title: time(e.at) }), ' ',
      el('span', e.kind, { class: 'kind' }), e.node ? ' ' + e.node : '', e.data ? ' ' + JSON.stringify(e.data) : '');
    return li;
  });
}

// Appends new events, keeping the latest EVENTS_KEPT lines. A batch of more than LIVE_LINES (a fast
// run sends hundreds a poll) replaces the list with its latest lines: drawing 500 held the page's
// thread for up to 400 ms a batch on the loaded machine. The ones before stay a click away (Earlier
// events), so that the list always runs without a gap from its first line to the latest.
function renderEvents(events) {
  const fresh = events.filter((e) => e.seq > shown.after); // sent again after a reconnect
  if (!fresh.length) return;
  const list = $('events');
  if (fresh.length > LIVE_LINES) {
    list.replaceChildren(...eventItems(fresh.slice(-LIVE_LINES)));
  } else {
    list.append(...eventItems(fresh));
    const extra = list.children.length - EVENTS_KEPT;
    if (extra > 0) {
      const range = document.createRange(); // one removal, not one per line
      range.setStartBefore(list.firstChild);
      range.setEndAfter(list.children[extra - 1]);
      range.deleteContents();
    }
  }
  shown.after = fresh[fresh.length - 1].seq;
  shown.first = Number(list.firstChild.dataset.seq);
  $('events-earlier').hidden = shown.first <= 1;
}

// Loads the events before the first one shown, on request.
async function earlierEvents() {
  const id = shown.id;
  const from = Math.max(0, shown.first - 1 - EVENTS_FIRST);
  const { events } = await api('/api/executions/' + encodeURIComponent(id) + '/events?after=' + from);
  if (id !== shown.id) return;
  const before = events.filter((e) => e.seq < shown.first);
  if (before.length) {
    $('events').prepend(...eventItems(before));
    shown.first = before[0].seq;
  }
  $('events-earlier').hidden = from === 0;
}

// Live events: queued as they come and drawn once a frame, at most every FRAME_MS, with one read
// of the execution for all of them (a run of 10,000 nodes sends hundreds a second).
const live = { queue: [], timer: null, last: 0 };

function liveEvents(events) {
  live.queue.push(...events);
  if (live.timer) return;
  const wait = Math.max(0, live.last + FRAME_MS - Date.now());
  live.timer = setTimeout(() => requestAnimationFrame(liveFlush), wait);
}

function liveFlush() {
  live.timer = null;
  live.last = Date.now();
  const events = live.queue;
  live.queue = [];
  renderEvents(events);
  Changes.events(events); // history.js: read again only if these change it
  refresh();
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
    liveEvents(update.events);
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
nodesStart();
$('events-earlier').addEventListener('click', () => earlierEvents().catch((e) => say(e.message)));
timelineStart();
actionsStart();
costsStart();
route();
