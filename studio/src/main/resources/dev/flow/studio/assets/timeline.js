// Timeline: a Gantt of the run's node attempts (each loop pass and retry its own bar), queued and
// running parts, how each ended, and the critical path. Bars come 500 at a time, ordered by when
// they began ("Show more" loads the next ones), and the loaded ones are read again as the run goes
// on, at most once a second.
'use strict';

const line = { id: null, shown: 0, next: null, last: 0, timer: null, loading: false, marked: false };
const TIMELINE_PAGE = 500;

// A duration as people read it: 850 ms, 12.3 s, 4 min 05 s, 2 h 03 min.
function duration(ms) {
  if (ms < 1000) return Math.max(0, Math.round(ms)) + ' ms';
  if (ms < 60000) return (ms / 1000).toFixed(1) + ' s';
  const s = Math.round(ms / 1000);
  if (s < 3600) return Math.floor(s / 60) + ' min ' + String(s % 60).padStart(2, '0') + ' s';
  return Math.floor(s / 3600) + ' h ' + String(Math.floor(s / 60) % 60).padStart(2, '0') + ' min';
}

// Called when another execution is shown.
function timelineReset(id) {
  line.id = id;
  line.shown = 0;
  line.next = null;
  line.marked = false;
  $('timeline-bars').replaceChildren();
  $('timeline-summary').textContent = '';
}

// Called after each refresh of the execution: reads the loaded bars again, at most once a second.
function timelineRefresh() {
  const wait = line.last + 1000 - Date.now();
  if (wait > 0) {
    if (!line.timer) line.timer = setTimeout(() => { line.timer = null; timelineRefresh(); }, wait);
    return;
  }
  timelineLoad(0, Math.max(TIMELINE_PAGE, line.shown));
}

async function timelineLoad(offset, limit) {
  if (line.loading || !line.id) return;
  line.loading = true;
  line.last = Date.now();
  const id = line.id;
  try {
    const t = await api('/api/executions/' + encodeURIComponent(id) + '/timeline?offset=' + offset + '&limit=' + limit);
    if (id !== line.id) return;
    timelineRender(t, offset > 0);
    if (!line.marked) {
      line.marked = true;
      performance.mark('flow:timeline'); // its first page is drawn: bench/README.md
    }
  } catch (e) {
    $('timeline-summary').textContent = e.message;
  } finally {
    line.loading = false;
  }
}

function timelineRender(t, append) {
  const end = t.end || t.now;
  const span = Math.max(1, end - t.start);
  const list = $('timeline-bars');
  const rows = t.bars.map((b) => timelineRow(b, t.start, span, t.now));
  if (append) list.append(...rows); else list.replaceChildren(...rows);
  line.shown = list.children.length;
  line.next = t.next;
  $('timeline-more').hidden = t.next === null;
  $('timeline-more').textContent = 'Show more (' + line.shown + ' of ' + t.total + ' shown)';
  $('timeline-summary').textContent = t.total === 0 ? 'No node has run yet.'
    : t.total + ' attempt' + (t.total === 1 ? '' : 's') + ', ' + duration(span) + (t.end ? '' : ' so far')
      + '; critical path ' + duration(t.criticalMillis) + ' over ' + t.criticalCount + ' attempt' + (t.criticalCount === 1 ? '' : 's');
}

function timelineRow(b, start, span, now) {
  const li = el('li', null, { 'data-node': b.node, 'data-phase': b.phase, 'data-attempt': b.iteration + '.' + b.attempt });
  if (b.critical) li.classList.add('critical');
  const began = b.startedAt || b.queuedAt;
  const ended = b.finishedAt || now;
  const label = el('span', null, { class: 'bar-label' });
  label.append(el('strong', b.node), ' ' + b.iteration + '.' + b.attempt + (b.agent ? ' · ' + b.agent : ''));
  const track = el('span', null, { class: 'track', 'aria-hidden': 'true' });
  const place = (from, to, cls) => {
    const seg = el('span', null, { class: cls });
    seg.style.left = (100 * (from - start) / span) + '%';
    seg.style.width = Math.max(0.2, 100 * (to - from) / span) + '%';
    track.append(seg);
  };
  if (b.queuedAt) place(b.queuedAt, b.startedAt || now, 'seg queued');
  if (b.startedAt) place(b.startedAt, ended, 'seg run');
  const what = b.phase === 'waiting' ? 'waiting for a person' : b.phase;
  const text = what + ' ' + time(began).split(' ')[1] + ', ' + (b.startedAt ? duration(ended - b.startedAt) : 'queued ' + duration(now - b.queuedAt))
    + (b.finishedAt || b.phase === 'queued' ? '' : ' so far') + (b.output ? ' → ' + b.output : '') + (b.critical ? ' · critical' : '');
  li.append(label, track, el('span', text, { class: 'bar-text' }));
  li.title = b.node + ' pass ' + b.iteration + ' attempt ' + b.attempt + ': ' + text + (b.error ? '\n' + b.error : '');
  return li;
}

function timelineStart() {
  $('timeline-more').addEventListener('click', () => {
    if (line.next !== null) timelineLoad(line.next, TIMELINE_PAGE);
  });
}
