// A node, whole: its attempts, each opened on demand with its prompt, the feedback it was given,
// its agent's activity, refused actions, result, tokens and cost, a gate's output, an isolated
// step's change (its diff from git), and its standard output and error as text that follows while
// it runs. Uses studio.js's helpers (api, el, time, statusBadge). Run data is only ever set as
// textContent.
'use strict';

const NodePanel = (() => {
  const panels = new Map(); // execution + node -> the panel's element, kept across the page's refreshes
  const FOLLOW_MS = 1000;
  const LOG_KEPT = 512 * 1024; // characters a followed log keeps on the page; older ones are dropped, and it says so

  function base(execution) {
    return '/api/executions/' + encodeURIComponent(execution);
  }

  function params(node, run) {
    return '?node=' + encodeURIComponent(node) + '&iteration=' + run.iteration + '&attempt=' + run.attempt;
  }

  // Shows the node's panel in `cell`, made once and then moved from one render of the table to the next.
  function show(execution, node, cell) {
    const key = execution + '\u0000' + node.id;
    let panel = panels.get(key);
    if (!panel) {
      panel = el('div', null, { class: 'node-panel', 'data-panel': node.id });
      panel.list = el('ol', null, { class: 'attempts' });
      panel.append(panel.list);
      panel.opened = new Set();
      panel.first = true;
      panels.set(key, panel);
    }
    cell.replaceChildren(panel);
    const grown = Versions.addedBy(node.id); // versions.js
    if (grown && !panel.querySelector('.added-by')) {
      panel.prepend(el('p', 'Added to the graph in version ' + grown.version + ' by ' + grown.grownBy + ' (pass ' + grown.iteration + ', attempt ' + grown.attempt + ').', { class: 'added-by' }));
    }
    if (panel.version !== node.status + '/' + node.iteration + '/' + node.attempt) {
      panel.version = node.status + '/' + node.iteration + '/' + node.attempt;
      loadRuns(execution, node.id, panel);
    }
  }

  async function loadRuns(execution, node, panel) {
    try {
      const { runs } = await api(base(execution) + '/nodes/' + encodeURIComponent(node));
      if (!runs.length) {
        panel.list.replaceChildren(el('li', 'not run yet'));
        return;
      }
      if (panel.first) {
        const last = runs[runs.length - 1];
        panel.opened.add(last.iteration + '-' + last.attempt); // the latest attempt opens by itself
        panel.first = false;
      }
      const items = new Map([...panel.list.children].map((li) => [li.dataset.attempt, li]));
      panel.list.replaceChildren(...runs.map((r) => {
        const key = r.iteration + '-' + r.attempt;
        const li = items.get(key) || attemptItem(execution, node, r, panel);
        li.summary.replaceChildren(statusBadge(r.status), r.output ? ' ' + r.output : '',
          ' ' + time(r.startedAt) + (r.finishedAt ? ' to ' + time(r.finishedAt) : ''));
        if (li.status !== r.status && panel.opened.has(key)) loadAttempt(execution, node, r, li);
        li.status = r.status;
        return li;
      }));
    } catch (e) {
      panel.list.replaceChildren(el('li', e.message));
    }
  }

  function attemptItem(execution, node, r, panel) {
    const key = r.iteration + '-' + r.attempt;
    const li = el('li', null, { class: 'attempt', 'data-attempt': key });
    const open = panel.opened.has(key);
    const toggle = el('button', 'pass ' + r.iteration + ', attempt ' + r.attempt, { type: 'button', class: 'attempt-toggle', 'aria-expanded': String(open) });
    li.summary = el('span');
    li.detail = el('div', null, { class: 'attempt-detail' });
    li.detail.hidden = !open;
    toggle.addEventListener('click', () => {
      const now = !panel.opened.has(key);
      if (now) panel.opened.add(key); else panel.opened.delete(key);
      toggle.setAttribute('aria-expanded', String(now));
      li.detail.hidden = !now;
      if (now) loadAttempt(execution, node, r, li);
    });
    li.append(toggle, ' ', li.summary, li.detail);
    if (open) loadAttempt(execution, node, r, li);
    return li;
  }

  // Reads the attempt whole; while it runs, again every second (its activity), its logs followed.
  async function loadAttempt(execution, node, r, li) {
    const token = (li.loads = (li.loads || 0) + 1);
    try {
      const d = await api(base(execution) + '/attempt' + params(node, r));
      if (token !== li.loads) return;
      renderAttempt(execution, node, d, li);
      if (d.status === 'running' && !li.detail.hidden) {
        setTimeout(() => {
          if (li.isConnected && token === li.loads && !li.detail.hidden) loadAttempt(execution, node, r, li);
        }, FOLLOW_MS);
      }
    } catch (e) {
      li.detail.replaceChildren(el('p', e.message));
    }
  }

  function fact(dl, name, value) {
    if (value === null || value === undefined || value === '') return;
    dl.append(el('dt', name));
    const dd = el('dd');
    if (value instanceof Node) dd.append(value); else dd.textContent = String(value);
    dl.append(dd);
  }

  function block(title, text, cls) {
    const box = el('section', null, { class: cls || '' });
    box.append(el('h5', title), el('pre', text));
    return box;
  }

  function folded(title, content, cls) {
    const d = el('details', null, { class: cls || '' });
    d.append(el('summary', title));
    d.append(content);
    return d;
  }

  function sized(file, what) {
    return file.cut ? what + ' (the first ' + Math.round(file.text.length / 1024) + ' KB of ' + file.bytes + ' bytes)' : what;
  }

  function renderAttempt(execution, node, d, li) {
    const box = li.detail;
    const logs = box.logs || new Map(); // followed logs survive the attempt's re-reading
    box.logs = logs;
    const parts = [];
    const facts = el('dl', null, { class: 'facts' });
    fact(facts, 'Status', d.status);
    fact(facts, 'Output', d.output);
    fact(facts, 'Error', d.error);
    fact(facts, 'Error class', d.errorClass);
    fact(facts, 'Ran', d.startedAt ? time(d.startedAt) + (d.finishedAt ? ' to ' + time(d.finishedAt) + ' (' + seconds(d.finishedAt - d.startedAt) + ')' : ', still running') : null);
    if (d.inputTokens !== undefined && d.inputTokens !== null) fact(facts, 'Tokens', d.inputTokens + ' in / ' + d.outputTokens + ' out');
    if (d.cost) fact(facts, 'Cost', '$' + Number(d.cost).toFixed(4));
    parts.push(facts);
    if (d.refused && d.refused.length) {
      const sec = el('section', null, { class: 'refused' });
      sec.append(el('h5', 'Refused actions (' + d.refused.length + ')'));
      const ul = el('ul');
      for (const what of d.refused) ul.append(el('li', what));
      sec.append(ul);
      parts.push(sec);
    }
    if (d.activity && d.activity.length) {
      const now = d.activity[d.activity.length - 1];
      if (d.status === 'running') parts.push(el('p', 'Now: ' + now, { class: 'activity-now', role: 'status' }));
      const ol = el('ol', null, { class: 'activity' });
      for (const a of d.activity) ol.append(el('li', a));
      parts.push(folded('What the agent did (' + d.activity.length + ' latest)', ol, 'activity-list'));
    }
    if (d.feedback) parts.push(block(sized(d.feedback, 'Feedback it was given'), d.feedback.text, 'feedback'));
    if (d.feedbackToNext) parts.push(block(sized(d.feedbackToNext, 'Feedback given to the next attempt'), d.feedbackToNext.text, 'feedback-next'));
    if (d.gateOutput) parts.push(block('Gate output', d.gateOutput, 'gate-output'));
    if (d.prompt) parts.push(folded(sized(d.prompt, 'Prompt (' + d.prompt.bytes + ' bytes)'), el('pre', d.prompt.text), 'prompt'));
    if (d.isolation) parts.push(isolation(execution, node, d, box));
    if (d.result && Object.keys(d.result).length) parts.push(folded('Result', el('pre', JSON.stringify(d.result, null, 2), { class: 'result' }), 'result-fields'));
    const names = d.files.map((f) => f.name);
    const gateLogs = names.filter((n) => /^gate-.+-(stdout|stderr)\.log$/.test(n)); // a task's gates keep their own logs
    for (const name of ['stdout.log', 'stderr.log', ...gateLogs]) {
      if (!names.includes(name) && d.status !== 'running') continue;
      if (!logs.has(name)) logs.set(name, followed(execution, node, d, name));
      const log = logs.get(name);
      log.running = d.status === 'running';
      // once it has ended, one more read: a read already under way may have been answered before its last lines
      if (!log.started) log.poll(); else if (!log.running) log.again = true;
      parts.push(log.box);
    }
    const others = d.files.filter((f) => f.name !== 'stdout.log' && f.name !== 'stderr.log' && !gateLogs.includes(f.name));
    if (others.length) {
      const ul = el('ul', null, { class: 'files' });
      for (const f of others) ul.append(fileItem(execution, node, d, f));
      parts.push(folded('Files of the attempt (' + others.length + ')', ul, 'attempt-files'));
    }
    // a re-reading (every second while it runs) keeps open what the person opened
    const opened = new Set([...box.querySelectorAll('details[open]')].map((d) => d.className));
    for (const part of parts) if (part.tagName === 'DETAILS' && opened.has(part.className)) part.open = true;
    box.replaceChildren(...parts);
  }

  function seconds(ms) {
    return ms < 1000 ? ms + ' ms' : (ms / 1000).toFixed(1) + ' s';
  }

  // A log as text: its end first, then what is added while the step runs, from the byte offset the last answer gave.
  function followed(execution, node, d, name) {
    const log = { started: false, running: true, next: -1 };
    log.box = el('section', null, { class: 'log', 'data-file': name });
    const note = el('p', null, { class: 'log-note' });
    const pre = el('pre', null, { class: 'log-text', tabindex: '0' });
    const gate = /^gate-(.+)-(stdout|stderr)\.log$/.exec(name);
    const title = gate ? 'Gate ' + gate[1] + ': standard ' + (gate[2] === 'stdout' ? 'output' : 'error')
      : name === 'stdout.log' ? 'Standard output (for an agent, its whole transcript)' : 'Standard error';
    log.box.append(el('h5', title), note, pre);
    log.poll = async () => {
      log.started = true;
      try {
        const part = await api(base(execution) + '/file' + params(node, d) + '&name=' + encodeURIComponent(name) + (log.next >= 0 ? '&from=' + log.next : ''));
        if (log.next < 0 && part.from > 0) note.textContent = 'The last ' + Math.round((part.size - part.from) / 1024) + ' KB of ' + part.size + ' bytes; the rest is in ' + name + ' in the attempt\'s folder.';
        if (part.text) {
          let text = pre.textContent + part.text;
          if (text.length > LOG_KEPT) {
            text = text.slice(text.length - LOG_KEPT);
            note.textContent = 'Only the last ' + Math.round(LOG_KEPT / 1024) + ' KB are kept here; all of it is in ' + name + ' in the attempt\'s folder.';
          }
          pre.textContent = text;
          pre.scrollTop = pre.scrollHeight;
        }
        if (!part.exists && log.next < 0) note.textContent = 'Nothing yet.';
        else if (part.exists && note.textContent === 'Nothing yet.') note.textContent = '';
        log.next = part.exists ? part.next : -1;
        const more = part.next < part.size;
        const again = log.again;
        log.again = false;
        if ((log.running || more || again) && log.box.isConnected) setTimeout(log.poll, more || again ? 0 : FOLLOW_MS);
        else log.started = false;
      } catch (e) {
        note.textContent = e.message;
        log.started = false;
      }
    };
    return log;
  }

  function fileItem(execution, node, d, f) {
    const li = el('li');
    const det = folded(f.name + ' (' + f.bytes + ' bytes)', el('pre', 'loading…'), 'file');
    det.addEventListener('toggle', async () => {
      if (!det.open || det.loaded) return;
      det.loaded = true;
      try {
        const part = await api(base(execution) + '/file' + params(node, d) + '&name=' + encodeURIComponent(f.name) + '&from=0');
        det.lastChild.textContent = part.text + (part.next < part.size ? '\n… (the first ' + part.next + ' of ' + part.size + ' bytes)' : '');
      } catch (e) {
        det.lastChild.textContent = e.message;
      }
    });
    li.append(det);
    return li;
  }

  // An isolated step: its worktree and commits, and its change from git on demand.
  function isolation(execution, node, d, box) {
    const iso = d.isolation;
    const sec = el('section', null, { class: 'isolation' });
    sec.append(el('h5', 'Isolated step'));
    const dl = el('dl');
    fact(dl, 'Worktree', iso.worktree);
    fact(dl, 'Base commit', iso.base_commit);
    fact(dl, 'Its commit', iso.step_commit);
    fact(dl, 'Applied as', iso.applied_commit);
    fact(dl, 'Kept at', iso.kept_ref ? iso.kept_ref + ' (not applied)' : null);
    fact(dl, 'Conflicts in', iso.conflict_files && iso.conflict_files.length ? iso.conflict_files.join(', ') : null);
    sec.append(dl);
    const place = box.diff || el('div', null, { class: 'diff' });
    box.diff = place;
    if (iso.step_commit || iso.applied_commit) {
      if (!place.childElementCount) {
        const button = el('button', iso.applied_commit ? 'Show the applied change' : 'Show the change that was not applied', { type: 'button', class: 'show-diff' });
        button.addEventListener('click', () => loadDiff(execution, node, d, place));
        place.append(button);
      }
      sec.append(place);
    } else {
      sec.append(el('p', 'It made no commit: it changed no file, or did not get that far.'));
    }
    return sec;
  }

  async function loadDiff(execution, node, d, place) {
    place.replaceChildren('loading…');
    try {
      const c = await api(base(execution) + '/diff' + params(node, d));
      const parts = [];
      if (c.message) parts.push(el('p', c.message));
      if (c.commit && c.subject !== undefined) {
        parts.push(el('p', (c.applied ? 'Applied ' : 'Not applied' + (c.keptRef ? ', kept at ' + c.keptRef : '') + ': ') + c.commit.slice(0, 12) + ' ' + c.subject, { class: 'diff-commit' }));
        const files = el('ul', null, { class: 'diff-files' });
        for (const f of c.files) files.append(el('li', f.replace('\t', ' ').replaceAll('\t', ' → ')));
        parts.push(el('h6', 'Files it touched (' + c.files.length + ')'), files);
        const pre = el('pre', null, { class: 'diff-text', tabindex: '0' });
        for (const line of c.diff.split('\n')) {
          const cls = line.startsWith('+++') || line.startsWith('---') ? 'file' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : '';
          pre.append(el('span', line + '\n', cls ? { class: cls } : {}));
        }
        parts.push(pre);
        if (c.cut) parts.push(el('p', 'The diff is longer than the studio shows: git show ' + c.commit + ' has all of it.'));
      }
      place.replaceChildren(...parts);
    } catch (e) {
      place.replaceChildren(e.message);
    }
  }

  // What each running agent does now, beside its status in the nodes table: asked about once a
  // second while something runs (an agent at work writes no event, so the page would not know).
  const live = { execution: null, now: {}, running: [], timer: null, asking: false };

  function paint() {
    for (const n of live.running) {
      const cell = document.querySelector('#nodes tr[data-node="' + CSS.escape(n.id) + '"] td:nth-child(3)');
      if (!cell) continue;
      let span = cell.querySelector('.now');
      if (!live.now[n.id]) {
        if (span) span.remove();
        continue;
      }
      if (!span) {
        span = el('span', null, { class: 'now' });
        cell.append(span);
      }
      span.textContent = 'now: ' + live.now[n.id];
    }
  }

  async function ask() {
    live.timer = null;
    if (!live.running.length || live.asking) return;
    live.asking = true;
    const execution = live.execution;
    try {
      const query = live.running.map((n) => 'attempt=' + encodeURIComponent(n.id + '/' + n.iteration + '-' + n.attempt)).join('&');
      const { now } = await api(base(execution) + '/now?' + query);
      if (execution !== live.execution) return;
      live.now = now;
      paint();
    } catch (e) {
      // the next look tries again; the panel says more
    } finally {
      live.asking = false;
      if (live.running.length && !live.timer && execution === live.execution) live.timer = setTimeout(ask, FOLLOW_MS);
    }
  }

  // Called by studio.js with each new view of the execution, after the nodes table is drawn.
  function running(view) {
    if (view.execution.id !== live.execution) {
      live.execution = view.execution.id;
      live.now = {};
    }
    live.running = view.running; // the running nodes, on this page of the table or not
    paint();
    if (live.running.length && !live.timer && !live.asking) ask();
  }

  return { show, running };
})();
