// Find: the executions list as a search. The filter lives in the page's own query string (?status=
// failed&workflow=release), so an address can be shared and back/forward step through searches;
// the execution shown stays in the hash (#/execution/ID). Pages are cut by keyset: "Older" asks
// for the rows after the last one shown (?after=), the server never counts or skips rows.
'use strict';

const FIND_FIELDS = ['q', 'status', 'workflow', 'id', 'from', 'to', 'top'];
const found = { next: null };

// The page's one time format read back, as local time: 2026-11-26 16:03:27; the seconds or the whole
// clock may be left out, and a T may stand for the space (as addresses made before held them).
// NaN for anything else, a day that does not exist (2026-02-31) included. A browser's own date
// widget wrote in the locale's format (a 12-hour clock, the day first...), unlike the rest of the page.
function parseTime(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(String(text).trim());
  if (!m) return NaN;
  const [y, mo, d, h, mi, se] = m.slice(1).map((v) => Number(v || 0));
  const date = new Date(y, mo - 1, d, h, mi, se);
  const same = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d && date.getHours() === h && date.getMinutes() === mi;
  return same && se < 60 ? date.getTime() : NaN;
}

// The page's filter as the API takes it: times (local, in the page's format) become epoch ms.
function findApiQuery(params) {
  const api = new URLSearchParams();
  for (const [k, v] of params) {
    if (!v) continue;
    if (k === 'from' || k === 'to') {
      const ms = parseTime(v);
      if (!Number.isNaN(ms)) api.set(k, String(ms));
    } else if (FIND_FIELDS.includes(k) || k === 'after' || k === 'limit') {
      api.set(k, v);
    }
  }
  return api;
}

// Fills the form from the address, so that a shared or restored address shows its search.
function findFormFromAddress() {
  const params = new URLSearchParams(location.search);
  for (const name of FIND_FIELDS) {
    const input = $('find-' + name);
    if (input.type === 'checkbox') input.checked = params.get(name) === '1';
    else input.value = params.get(name) || '';
  }
}

// Loads the page of executions the address names; a load asked for while one runs is done once
// after it (made by findStart: serialized is studio.js's, which loads after this file).
let findLoader = null;
function findLoad() {
  return findLoader();
}

async function findLoadNow() {
  const params = new URLSearchParams(location.search);
  const page = await api('/api/executions?' + findApiQuery(params));
  renderExecutions(page.executions);
  found.next = page.next;
  const filtered = FIND_FIELDS.some((f) => params.get(f)) || Boolean(params.get('after'));
  $('no-executions').hidden = page.executions.length > 0 || filtered;
  $('no-match').hidden = page.executions.length > 0 || !filtered;
  $('page-older').hidden = !page.next;
  $('page-newest').hidden = !params.get('after');
}

// A new address for the list, kept in the history (the hash, the execution shown, stays).
function findGo(params) {
  const query = params.toString();
  history.pushState(null, '', location.pathname + (query ? '?' + query : '') + location.hash);
  findLoad();
}

function findParamsFromForm() {
  const params = new URLSearchParams();
  for (const name of FIND_FIELDS) {
    const input = $('find-' + name);
    const value = input.type === 'checkbox' ? (input.checked ? '1' : '') : input.value.trim();
    if (value) params.set(name, value);
  }
  return params;
}

function renderExecutions(list) {
  const body = $('executions').tBodies[0];
  body.replaceChildren(...list.map((x) => {
    const row = el('tr', null, { 'data-execution': x.id });
    if (x.id === shown.id) row.className = 'current';
    const name = el('td');
    name.append(link(x.id));
    if (x.parent) name.append(el('small', ' child of ' + x.parent));
    const status = el('td');
    status.append(runBadge(x));
    row.append(name, el('td', x.workflow), status, timesCell(x.createdAt, x.finishedAt));
    return row;
  }));
}

// When a run started and finished, in one cell so that the list fits a third of a 1280 px window:
// the start, then "to" the end (its clock only when on the same day).
function timesCell(started, finished) {
  const td = el('td', null, { class: 'time' });
  td.append(el('time', time(started), { datetime: new Date(started).toISOString() }));
  if (finished) {
    const end = time(finished);
    const sameDay = end.split(' ')[0] === time(started).split(' ')[0];
    td.append(' to ', el('time', sameDay ? end.split(' ')[1] : end, { datetime: new Date(finished).toISOString(), title: end }));
  }
  return td;
}

// A run's status, or "waiting for a worker": running with work ready and nothing running it.
function runBadge(x) {
  if (x.waitingForDriver) {
    return el('span', 'waiting for a worker or flow resume', { class: 'status', 'data-status': 'idle', title: 'Nothing runs it: start flow worker, or flow resume ' + x.id });
  }
  return statusBadge(x.status);
}

// Called by the event stream when some execution changed: the search shown is read again (at most
// once a second: while a large run goes, every poll changes it).
const listRefresh = { last: 0, timer: null };
function executionsChanged() {
  if (listRefresh.timer) return;
  const wait = Math.max(0, listRefresh.last + 1000 - Date.now());
  listRefresh.timer = setTimeout(() => {
    listRefresh.timer = null;
    listRefresh.last = Date.now();
    findLoad();
  }, wait);
}

// A time field that does not read as the page's format says so, and the search waits.
function findTimesValid() {
  for (const name of ['from', 'to']) {
    const input = $('find-' + name);
    const bad = input.value.trim() !== '' && Number.isNaN(parseTime(input.value));
    input.setCustomValidity(bad ? 'Write the time as 2026-11-26 16:03:27 (local time; the clock may be left out)' : '');
    if (bad) {
      input.reportValidity();
      return false;
    }
  }
  return true;
}

function findStart() {
  findLoader = serialized(findLoadNow);
  $('find').addEventListener('submit', (event) => {
    event.preventDefault();
    if (findTimesValid()) findGo(findParamsFromForm());
  });
  for (const name of ['from', 'to']) $('find-' + name).addEventListener('input', (event) => event.target.setCustomValidity(''));
  $('find-clear').addEventListener('click', () => {
    $('find').reset();
    findGo(new URLSearchParams());
    $('find-q').focus();
  });
  $('page-older').addEventListener('click', () => {
    const params = new URLSearchParams(location.search);
    params.set('after', found.next);
    findGo(params);
    $('executions').focus();
  });
  $('page-newest').addEventListener('click', () => {
    const params = new URLSearchParams(location.search);
    params.delete('after');
    findGo(params);
  });
  window.addEventListener('popstate', () => {
    findFormFromAddress();
    findLoad();
  });
  // "/" puts the cursor in the search box, as on most sites; not while typing elsewhere
  document.addEventListener('keydown', (event) => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
    if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      $('find-q').focus();
    }
  });
  $('executions').setAttribute('tabindex', '-1');
  findFormFromAddress();
  findLoad();
}
