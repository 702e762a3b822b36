// Costs: what the run's agents spent, per node (every attempt and loop pass added up), per agent
// and in all, and on demand the same for the latest runs of its workflow. Tokens are shown only
// where agents reported them; a dash is "not reported", never zero.
'use strict';

const spend = { id: null, workflow: null, last: 0, timer: null };

function tokens(n) {
  return n === null || n === undefined ? '–' : n.toLocaleString('en-US');
}

function money(c) {
  return c ? '$' + c.toFixed(4) : '–';
}

function costsReset(id) {
  spend.id = id;
  $('costs').hidden = true;
  $('costs-runs').hidden = true;
}

// After each refresh of the execution, at most once a second.
function costsRefresh(x) {
  spend.workflow = x.workflow;
  const wait = spend.last + 1000 - Date.now();
  if (wait > 0) {
    if (!spend.timer) spend.timer = setTimeout(() => { spend.timer = null; costsRefresh(x); }, wait);
    return;
  }
  spend.last = Date.now();
  costsLoad(spend.id);
}

async function costsLoad(id) {
  try {
    const c = await api('/api/executions/' + encodeURIComponent(id) + '/costs');
    if (id !== spend.id) return;
    $('costs').hidden = false;
    $('costs-total').textContent = 'This run: ' + money(c.total.cost) + ', tokens ' + tokens(c.total.inputTokens) + ' in / '
      + tokens(c.total.outputTokens) + ' out' + (c.nodes.length ? '' : ' (no agent has reported any)');
    $('costs-nodes').hidden = c.nodes.length === 0;
    $('costs-nodes').tBodies[0].replaceChildren(...c.nodes.map((n) => {
      const row = el('tr', null, { 'data-node': n.node });
      row.append(el('th', n.node, { scope: 'row' }), el('td', n.agent || ''), el('td', n.attempts), el('td', tokens(n.inputTokens)),
        el('td', tokens(n.outputTokens)), el('td', money(n.cost)));
      return row;
    }));
    $('costs-agents').hidden = c.agents.length === 0;
    $('costs-agents').tBodies[0].replaceChildren(...c.agents.map((a) => {
      const row = el('tr', null, { 'data-agent': a.agent });
      row.append(el('th', a.agent, { scope: 'row' }), el('td', tokens(a.inputTokens)), el('td', tokens(a.outputTokens)), el('td', money(a.cost)));
      return row;
    }));
  } catch (e) {
    $('costs-total').textContent = e.message;
  }
}

async function costsAcross() {
  try {
    const w = await api('/api/costs?workflow=' + encodeURIComponent(spend.workflow));
    const table = $('costs-runs');
    table.hidden = false;
    table.tBodies[0].replaceChildren(...w.runs.map((r) => {
      const row = el('tr', null, { 'data-execution': r.id });
      const name = el('td');
      name.append(link(r.id));
      const status = el('td');
      status.append(statusBadge(r.status));
      row.append(name, status, el('td', time(r.createdAt)), el('td', tokens(r.inputTokens)), el('td', tokens(r.outputTokens)), el('td', money(r.cost)));
      return row;
    }));
    const total = el('tr', null, { class: 'total' });
    total.append(el('th', 'The latest ' + w.count + ' runs of ' + w.workflow, { scope: 'row', colspan: '3' }), el('td', tokens(w.total.inputTokens)),
      el('td', tokens(w.total.outputTokens)), el('td', money(w.total.cost)));
    table.tBodies[0].append(total);
  } catch (e) {
    say(e.message);
  }
}

function costsStart() {
  $('costs-across').addEventListener('click', costsAcross);
}
