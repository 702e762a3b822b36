// What changed: the state variables step by step, each step with what it set (the value before and
// after, and the lines that differ), and the key-value store's writes the same way. Read when a
// person opens it, and again when the run has moved on while it is open. Uses studio.js's helpers;
// run data is only ever set as textContent.
'use strict';

const Changes = (() => {
  const state = { execution: null, open: false, loading: false, again: false, flowKeys: false };
  const MAX_LINES = 2000; // values longer than this are shown before and after, without a line diff

  function text(value) {
    if (value === null || value === undefined) return '';
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  }

  // The lines of `before` and `after` as a diff: a longest common subsequence, kept lines unmarked.
  function lineDiff(before, after) {
    const a = before.split('\n');
    const b = after.split('\n');
    if (a.length > MAX_LINES || b.length > MAX_LINES) return null;
    const n = a.length;
    const m = b.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const out = [];
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[i] === b[j]) { out.push([' ', a[i]]); i++; j++; }
      else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) { out.push(['-', a[i]]); i++; }
      else { out.push(['+', b[j]]); j++; }
    }
    return out;
  }

  // One change: before -> after on one line when both are short, else a line diff.
  function change(name, before, after, isNew) {
    const li = el('li', null, { class: 'change', 'data-name': name });
    const unknown = !isNew && (before === null || before === undefined); // older than the few values a kv key keeps
    const b = isNew || unknown ? null : text(before);
    const a = text(after);
    const was = isNew ? '(new)' : '(its earlier value is no longer kept)';
    if ((b === null || !b.includes('\n')) && !a.includes('\n') && (b || '').length + a.length < 160) {
      li.append(el('code', name), ': ', b === null ? el('span', was, { class: 'new' }) : el('del', b), ' → ', el('ins', a));
      return li;
    }
    li.append(el('code', name), b === null ? ' ' + was + ':' : ':');
    const diff = lineDiff(b || '', a);
    const pre = el('pre', null, { class: 'value-diff' });
    if (diff) {
      for (const [mark, line] of diff) pre.append(el('span', mark + ' ' + line + '\n', mark === '+' ? { class: 'add' } : mark === '-' ? { class: 'del' } : {}));
    } else {
      pre.append(el('span', '- ' + (b || '') + '\n', { class: 'del' }), el('span', '+ ' + a + '\n', { class: 'add' }));
    }
    li.append(pre);
    return li;
  }

  function render(history) {
    const body = $('changes-body');
    const stateList = el('ol', null, { class: 'state-steps' });
    for (const step of history.state) {
      const li = el('li', null, { class: 'state-step', 'data-node': step.node || '' });
      li.append(el('span', step.node ? step.node : step.seq === 0 ? 'the run\'s start' : 'event ' + step.seq, { class: 'by' }),
        step.event && step.node ? ' (' + step.event + ')' : '', step.at ? ' ' + time(step.at) : '');
      const changes = el('ul');
      for (const c of step.changes) changes.append(change(c.name, c.before, c.after, c.new));
      li.append(changes);
      stateList.append(li);
    }
    const kvList = el('ol', null, { class: 'kv-steps' });
    const own = history.kv.filter((w) => w.writer === 'flow').length;
    for (const w of history.kv) {
      if (w.writer === 'flow' && !state.flowKeys) continue; // the keys Flow keeps of each node (out.summary...), shown on request
      const li = el('li', null, { class: 'kv-step', 'data-node': w.writer || '' });
      li.append(el('span', w.writer || 'a person', { class: 'by' }), ' ' + time(w.at));
      const changes = el('ul');
      changes.append(change(w.scope + '/' + w.key, w.before, w.after, w.new));
      li.append(changes);
      kvList.append(li);
    }
    const toggle = el('label', null, { class: 'flow-keys' });
    const box = el('input', null, { type: 'checkbox', id: 'changes-flow-keys' });
    box.checked = Boolean(state.flowKeys);
    box.addEventListener('change', () => { state.flowKeys = box.checked; render(history); });
    toggle.append(box, ' Also the ' + own + ' keys Flow keeps of each node (out.summary, err.summary...)');
    body.replaceChildren(el('h4', 'State, step by step'), history.state.length ? stateList : el('p', 'No state variable was set.'),
      el('h4', 'Key-value store, write by write'), toggle, kvList.childElementCount ? kvList : el('p', 'Nothing was written to the key-value store.'));
  }

  // Reads what changed; asked for while it reads, it reads once more after (the events that asked are newer).
  async function load() {
    if (state.loading) {
      state.again = true;
      return;
    }
    state.loading = true;
    try {
      do {
        state.again = false;
        const history = await api('/api/executions/' + encodeURIComponent(state.execution) + '/changes');
        if (state.open) render(history);
      } while (state.again);
    } catch (e) {
      $('changes-body').replaceChildren(el('p', e.message));
    } finally {
      state.loading = false;
    }
  }

  // Called by studio.js with each new view of the execution.
  function shown(view) {
    const x = view.execution;
    if (x.id !== state.execution) {
      state.execution = x.id;
      state.open = false;
      $('changes-body').replaceChildren();
      $('changes-load').setAttribute('aria-expanded', 'false');
    }
  }

  // Event kinds that never change the state or the key-value store: what changed is not read again
  // for them (an agent's run sends many). Any other kind (a kind added later too) reads it again.
  const QUIET = new Set(['node_started', 'node_retry', 'note', 'warning', 'lease_lost', 'lease_released', 'checkpoint',
    'circuit_open', 'circuit_opened', 'stopping', 'paused', 'result_dropped', 'node_skipped', 'loop_limit', 'graph_grown']);

  // Called by studio.js with each batch of the execution's new events.
  function events(list) {
    if (state.open && list.some((e) => !QUIET.has(e.kind))) load();
  }

  // studio.js (which defines $) loads after this file
  document.getElementById('changes-load').addEventListener('click', () => {
    state.open = !state.open;
    $('changes-load').setAttribute('aria-expanded', String(state.open));
    if (state.open) load(); else $('changes-body').replaceChildren();
  });

  return { shown, events };
})();
