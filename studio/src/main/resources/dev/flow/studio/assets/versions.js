// Grown graphs: the versions of the execution's graph (version 0 is the one it started with, each
// later one what a planner's answer added), who added each, and a switch that draws any version
// with the nodes it added marked. Read when the execution's graph changes. Uses studio.js's
// helpers and Mermaid; run data is only ever set as textContent.
'use strict';

const Versions = (() => {
  const state = { execution: null, hash: null, list: [], selected: null, renders: 0 };

  function base() {
    return '/api/executions/' + encodeURIComponent(state.execution) + '/versions';
  }

  function who(v) {
    return v.version === 0 ? 'the graph the run started with' : 'added by ' + v.grownBy + ' (pass ' + v.iteration + ', attempt ' + v.attempt + ')';
  }

  function renderList() {
    const group = $('versions-switch');
    group.replaceChildren(...state.list.map((v) => {
      const b = el('button', 'Version ' + v.version, { type: 'button', 'data-version': String(v.version), 'aria-pressed': String(v.version === state.selected) });
      b.addEventListener('click', () => select(v.version));
      return b;
    }));
    const table = el('table', null, { class: 'versions-table' });
    const head = el('tr');
    head.append(el('th', 'Version', { scope: 'col' }), el('th', 'Who', { scope: 'col' }), el('th', 'Nodes it added', { scope: 'col' }), el('th', 'When', { scope: 'col' }));
    table.append(head);
    for (const v of state.list) {
      const row = el('tr', null, { 'data-version': String(v.version) });
      row.append(el('td', String(v.version)), el('td', who(v)), el('td', v.addedNodes.join(', ')), el('td', time(v.createdAt)));
      table.append(row);
    }
    $('versions-about').replaceChildren(table);
  }

  async function select(n) {
    state.selected = n;
    for (const b of $('versions-switch').children) b.setAttribute('aria-pressed', String(Number(b.dataset.version) === n));
    const box = $('version-graph');
    box.replaceChildren('loading…');
    try {
      const g = await api(base() + '?version=' + n);
      if (state.selected !== n) return;
      const added = new Set(g.added ? g.added.addedNodes : []);
      const caption = el('p', 'Version ' + n + ' of ' + state.list.length + ', ' + (g.added ? who(g.added) : 'the graph the run started with') + ': '
        + g.nodes.length + ' nodes' + (added.size ? '; the nodes it added are outlined' : ''), { class: 'version-caption' });
      if (!(await mermaidReady())) { // studio.js: Mermaid is loaded when a graph is first drawn
        box.replaceChildren(caption, el('pre', g.mermaid));
        return;
      }
      if (state.selected !== n) return;
      window.mermaid.initialize(mermaidSettings(g.mermaid));
      const { svg } = await window.mermaid.render('flow-version-' + (++state.renders), g.mermaid);
      const drawing = el('div', null, { class: 'version-drawing', role: 'img', 'aria-label': 'Version ' + n + ' of the graph' });
      drawing.innerHTML = svg; // Mermaid's own output, sanitised by it (securityLevel strict), as for the main graph
      for (const [node, id] of Object.entries(g.ids)) {
        const shape = drawing.querySelector('g.node[data-id="' + id + '"], g.node[id*="flowchart-' + id + '-"]');
        if (!shape) continue;
        shape.setAttribute('data-node', node);
        if (added.has(node)) shape.classList.add('added');
      }
      box.replaceChildren(caption, drawing);
    } catch (e) {
      box.replaceChildren(e.message);
    }
  }

  async function load() {
    try {
      const { versions } = await api(base());
      state.list = versions;
      $('versions').hidden = versions.length === 0;
      if (!versions.length) return;
      if (state.selected === null || state.selected >= versions.length) state.selected = versions.length - 1;
      renderList();
    } catch (e) {
      $('versions-about').replaceChildren(e.message);
    }
  }

  // Called by studio.js with each new view of the execution: a grown graph has a new hash.
  function shown(view) {
    const x = view.execution;
    if (x.id !== state.execution) {
      state.execution = x.id;
      state.selected = null;
      state.list = [];
      $('versions').hidden = true;
      $('version-graph').replaceChildren();
    }
    if (x.graphHash !== state.hash) {
      state.hash = x.graphHash;
      load();
    }
  }

  // Which version added a node, and whose answer it was: null for a node of the graph the run started with.
  function addedBy(node) {
    return state.list.find((v) => v.version > 0 && v.addedNodes.includes(node)) || null;
  }

  return { shown, addedBy };
})();
