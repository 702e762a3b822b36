// Acting on a run: answer, cancel, fork from a node, resume. Each goes through one confirmation
// dialog that shows the same change as a flow command (updated as the fields change), so that a
// person sees what will happen and can do it from a terminal instead. Enter confirms, Escape goes
// back. The studio never runs steps itself: a fork, or a run answered with no worker, goes on when
// a `flow worker` or `flow resume` drives it, and the resume dialog says so.
'use strict';

const acting = { opener: null, submit: null, command: null };

// A word as a POSIX shell reads it back unchanged.
function shellWord(word) {
  const w = String(word);
  return /^[A-Za-z0-9_\-.,/:=@%+]+$/.test(w) ? w : "'" + w.replace(/'/g, "'\\''") + "'";
}

function flowCommand(words) {
  return ['flow'].concat(words).map(shellWord).join(' ');
}

// What the dialogs need of a run: its database (for the commands), inputs and forkable nodes.
async function actForm(id) {
  return api('/api/executions/' + encodeURIComponent(id) + '/act');
}

// Opens the dialog. fields: DOM nodes; command(): the flow command for the fields' values;
// submit(): does it (resolves to a message), or null for a dialog that only shows a command.
function confirmAction(spec) {
  const dialog = $('confirm');
  acting.opener = document.activeElement;
  acting.submit = spec.submit;
  acting.command = spec.command;
  $('confirm-title').textContent = spec.title;
  $('confirm-fields').replaceChildren(...(spec.fields || []));
  $('confirm-note').textContent = spec.note || '';
  $('confirm-ok').textContent = spec.ok;
  dialog.dataset.action = spec.action;
  confirmUpdate();
  dialog.showModal();
  const first = dialog.querySelector('#confirm-fields input, #confirm-fields select, #confirm-fields textarea') || $('confirm-ok');
  first.focus();
}

function confirmUpdate() {
  $('confirm-command').textContent = acting.command ? acting.command() : '';
}

function confirmClose() {
  $('confirm').close();
  if (acting.opener && document.contains(acting.opener)) acting.opener.focus();
}

function field(label, input) {
  const id = 'confirm-' + input.name;
  input.id = id;
  const wrap = el('div', null, { class: 'field' });
  wrap.append(el('label', label, { for: id }), input);
  return wrap;
}

function askCancel(x, database) {
  const reason = el('input', null, { name: 'reason', type: 'text', autocomplete: 'off' });
  confirmAction({
    action: 'cancel', title: 'Cancel run ' + x.id + '?', ok: 'Cancel the run', fields: [field('Why (kept in its report)', reason)],
    note: 'Its running steps are stopped, its questions withdrawn, its child runs cancelled. This cannot be undone.',
    command: () => flowCommand(['cancel', x.id].concat(reason.value ? ['--reason', reason.value] : [], ['--db', database])),
    submit: async () => {
      await api('/api/executions/' + encodeURIComponent(x.id) + '/cancel', { reason: reason.value || null });
      return 'Cancelled ' + x.id + '.';
    },
  });
}

function askFork(x, form) {
  const node = el('select', null, { name: 'node' });
  for (const n of form.forkable) node.append(el('option', n, { value: n }));
  const fields = [field('From node', node)];
  const inputs = form.inputs.map((i) => {
    const input = el('input', null, { name: 'input-' + i.name, type: 'text', autocomplete: 'off', 'data-input': i.name });
    input.value = i.value === null ? '' : i.value;
    input.dataset.was = input.value;
    fields.push(field('Input ' + i.name + ' (' + i.type + ')', input));
    return input;
  });
  const changed = () => inputs.filter((i) => i.value !== i.dataset.was);
  confirmAction({
    action: 'fork', title: 'Fork run ' + x.id + '?', ok: 'Fork', fields,
    note: 'A new run starts from the node as it stood when it became ready; the nodes before it keep their results. '
      + 'The studio runs nothing itself: the fork waits for a flow worker or flow resume.',
    command: () => flowCommand(['fork', x.id, '--from', node.value]
      .concat(...changed().map((i) => ['-i', i.dataset.input + '=' + i.value]), ['--detach', '--db', form.database])),
    submit: async () => {
      const values = {};
      for (const i of changed()) values[i.dataset.input] = i.value;
      const done = await api('/api/executions/' + encodeURIComponent(x.id) + '/fork', { node: node.value, inputs: values });
      location.hash = '#/execution/' + encodeURIComponent(done.execution);
      return 'Forked ' + x.id + ' from ' + done.node + ' as ' + done.execution + '. It runs when a flow worker serves the database, or: '
        + flowCommand(['resume', done.execution, '--db', form.database]);
    },
  });
}

function askResume(x, database) {
  confirmAction({
    action: 'resume', title: 'Resume run ' + x.id, ok: 'Done',
    note: 'The studio does not run steps itself (it only reads the database, and answers or cancels for you): run the command above '
      + 'in a terminal, where the run\'s commands and agents may run, or keep a flow worker serving the database (flow worker --db '
      + shellWord(database) + ').',
    command: () => flowCommand(['resume', x.root || x.id, '--db', database]),
    submit: null,
  });
}

// Answering a person's question, from the question's form: confirmed like every change.
function confirmAnswer(q, output, note, database, send) {
  confirmAction({
    action: 'answer', title: 'Answer "' + output + '" to ' + q.node + '?', ok: 'Answer',
    note: 'An answer is recorded once. Then a running flow worker goes on, or flow resume.',
    command: () => flowCommand(['answer', q.execution, q.node, output].concat(note ? ['--note', note] : [], ['--db', database])),
    submit: send,
  });
}

// The buttons of the run's header, by what the run allows.
function renderActions(x) {
  $('act-cancel').hidden = Boolean(x.finishedAt) || Boolean(x.parent);
  $('act-fork').hidden = Boolean(x.parent);
  $('act-resume').hidden = !x.waitingForDriver;
}

function actionsStart() {
  const current = () => acting.run;
  $('act-cancel').addEventListener('click', async () => askCancel(current(), (await actForm(current().id)).database));
  $('act-fork').addEventListener('click', async () => askFork(current(), await actForm(current().id)));
  $('act-resume').addEventListener('click', async () => askResume(current(), (await actForm(current().id)).database));
  $('confirm-form').addEventListener('input', confirmUpdate);
  $('confirm-form').addEventListener('change', confirmUpdate);
  $('confirm-back').addEventListener('click', confirmClose);
  $('confirm-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!acting.submit) {
      confirmClose();
      return;
    }
    try {
      const message = await acting.submit();
      confirmClose();
      say(message);
      refresh();
    } catch (e) {
      $('confirm-note').textContent = e.message;
    }
  });
}
