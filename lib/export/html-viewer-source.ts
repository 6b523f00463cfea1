/**
 * The HTML export's viewer: plain browser JavaScript kept as a string, so lib/ stays pure and
 * there is no build step. It reads the session from the JSON block, then shows the timeline
 * (rendered in windows: only the rows in view exist), filters, and a read-only inspector.
 * Everything that came from a peer reaches the page through textContent / createTextNode only.
 * It must never reference another origin: the export is opened from disk with no network.
 */
export const HTML_VIEWER_SCRIPT = String.raw`
(function () {
  'use strict';
  var ROW_H = 22, OVERSCAN = 12, MAX_SHOWN = 1000000;
  var data;
  try { data = JSON.parse(document.getElementById('rpcscope-session').textContent); }
  catch (e) { document.body.appendChild(el('div', 'empty', 'This file does not hold a readable session: ' + e.message)); return; }
  var events = Array.isArray(data.events) ? data.events : [];
  var bySeq = new Map();
  events.forEach(function (e) { bySeq.set(e.seq, e); });
  var state = { text: '', dir: '', kind: '', errorsOnly: false, rows: events, selected: -1 };

  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = String(text);
    return n;
  }
  function add(parent) { for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]); return parent; }
  function pad(n, w) { n = String(n); while (n.length < w) n = '0' + n; return n; }
  function since(ms) {
    if (!(ms >= 0)) ms = 0;
    var s = ms / 1000;
    if (s < 60) return '+' + s.toFixed(3) + ' s';
    var m = Math.floor(s / 60);
    return '+' + m + ':' + pad((s - m * 60).toFixed(3), 6);
  }
  function clock(t) { var d = new Date(t); return isNaN(d) ? '' : pad(d.getHours(), 2) + ':' + pad(d.getMinutes(), 2) + ':' + pad(d.getSeconds(), 2) + '.' + pad(d.getMilliseconds(), 3); }
  function latency(ms) {
    if (typeof ms !== 'number' || !isFinite(ms)) return '';
    if (ms < 1) return ms.toFixed(2) + ' ms';
    if (ms < 100) return ms.toFixed(1) + ' ms';
    if (ms < 10000) return Math.round(ms) + ' ms';
    return (ms / 1000).toFixed(1) + ' s';
  }
  function idText(e) { return e.idText !== undefined ? e.idText : e.id === undefined ? '' : JSON.stringify(e.id); }
  var STATES = { pending: ['pending', 'pending'], 'timed-out': ['timed out', 'error'], late: ['late', 'warn'], orphan: ['orphan', 'error'],
    duplicate: ['duplicate', 'error'], cancelled: ['cancelled', 'muted'], 'target-exited': ['target exited', 'error'], unexpected: ['unexpected', 'error'] };
  function status(e) {
    if (e.kind === 'error') return [e.error && e.error.code !== null ? 'error ' + e.error.code : 'error', 'error'];
    if (e.state && STATES[e.state]) return STATES[e.state];
    if (e.kind === 'invalid' || e.kind === 'parse-error') return [e.kind, 'error'];
    if (e.kind === 'noise') return ['noise', 'warn'];
    if (e.http && e.http.status >= 400) return ['HTTP ' + e.http.status, 'error'];
    if (e.state === 'answered') return ['ok', 'ok'];
    if (e.kind === 'response') return ['ok', 'ok'];
    return ['', 'muted'];
  }
  var BAD_STATES = { 'timed-out': 1, late: 1, orphan: 1, duplicate: 1, 'target-exited': 1, unexpected: 1 };
  function findingCount(e) {
    var n = (e.findings || []).length;
    (e.items || []).forEach(function (i) { n += (i.findings || []).length; });
    return n;
  }
  function isErrorish(e) {
    if (e.kind === 'error' || e.kind === 'invalid' || e.kind === 'parse-error' || e.error || BAD_STATES[e.state]) return true;
    if (e.http && e.http.status >= 400) return true;
    if ((e.items || []).some(function (i) { return i.kind === 'error' || i.error; })) return true;
    return (e.findings || []).some(function (f) { return f.severity === 'error'; });
  }
  function haystack(e) {
    if (e._hay === undefined) {
      e._hay = [e.seq, e.kind, e.dir, e.method || '', idText(e), e.note || '', e.error ? e.error.message + ' ' + e.error.name : '',
        (e.raw || '').slice(0, 65536)].join('\n').toLowerCase();
    }
    return e._hay;
  }

  // ---------- header and toolbar ----------
  var target = data.target || {};
  function targetText(t) {
    if (t.kind === 'stdio') return [t.command].concat(t.args || []).join(' ');
    if (t.kind === 'tcp') return t.host + ':' + t.port;
    return t.url || '';
  }
  var header = el('header');
  add(header, el('h1', '', data.name || 'rpcscope session'));
  var meta = el('div', 'meta');
  add(meta, el('span', 'badge', 'read-only export'), el('span', 'mono', (target.kind || '?') + ' ' + targetText(target)));
  if (data.startedAt) add(meta, el('span', '', 'started ' + new Date(data.startedAt).toLocaleString()));
  add(meta, el('span', '', events.length + ' events'));
  if (target.kind === 'stdio') add(meta, el('span', 'badge', 'launch command shown as text only'));
  if (Array.isArray(data.redactions) && data.redactions.length) {
    add(meta, el('span', 'badge warn', 'redacted: ' + data.redactions.map(function (r) { return r.kind + ' \u00d7' + r.count; }).join(', ')));
  }
  add(header, meta);
  document.title = (data.name || 'session') + ' \u2014 rpcscope';

  var toolbar = el('div', 'toolbar');
  var search = el('input'); search.type = 'search'; search.placeholder = 'Filter: method, id, text in the message'; search.setAttribute('aria-label', 'Filter text');
  var dirSel = el('select'); dirSel.setAttribute('aria-label', 'Direction');
  [['', 'all directions'], ['out', '\u2192 out (to target)'], ['in', '\u2190 in (from target)'], ['meta', '\u2022 meta']].forEach(function (o) {
    var op = el('option', '', o[1]); op.value = o[0]; dirSel.appendChild(op);
  });
  var kindSel = el('select'); kindSel.setAttribute('aria-label', 'Kind');
  var kinds = []; events.forEach(function (e) { if (kinds.indexOf(e.kind) < 0) kinds.push(e.kind); });
  [''].concat(kinds.sort()).forEach(function (k) { var op = el('option', '', k || 'all kinds'); op.value = k; kindSel.appendChild(op); });
  var errLabel = el('label'); var errBox = el('input'); errBox.type = 'checkbox';
  add(errLabel, errBox, document.createTextNode(' errors only'));
  var shown = el('span', 'meta');
  add(toolbar, search, dirSel, kindSel, errLabel, shown);

  // ---------- timeline ----------
  var main = el('div', 'main');
  var list = el('div', 'list');
  var cols = el('div', 'cols');
  ['seq', 'time', 'dir', 'kind', 'id', 'method', 'latency', 'status', 'find.'].forEach(function (c) { cols.appendChild(el('span', '', c)); });
  var scroller = el('div', 'scroller'); scroller.tabIndex = 0; scroller.setAttribute('role', 'listbox'); scroller.setAttribute('aria-label', 'Timeline');
  var spacer = el('div'); scroller.appendChild(spacer);
  add(list, cols, scroller);
  var inspector = el('div', 'inspector');
  add(main, list, inspector);
  add(document.body, header, toolbar, main);

  function pairedMethod(e) { var p = typeof e.pair === 'number' ? bySeq.get(e.pair) : null; return p && p.method ? p.method : ''; }
  var DIR_MARK = { out: '\u2192', 'in': '\u2190', meta: '\u2022' };
  function renderRow(e, index) {
    var row = el('div', 'row' + (index === state.selected ? ' sel' : ''));
    row.style.top = (index * ROW_H) + 'px';
    row.setAttribute('role', 'option');
    row.dataset.index = index;
    var st = status(e);
    var n = findingCount(e);
    add(row, el('span', '', e.seq), el('span', '', since(e.t)), el('span', 'dir-' + e.dir, DIR_MARK[e.dir] || e.dir),
      el('span', '', e.kind), el('span', '', idText(e)), el('span', '', e.method || pairedMethod(e) || e.note || ''),
      el('span', '', latency(e.latencyMs)), el('span', 't-' + st[1], st[0]), el('span', n ? 't-warn' : 't-muted', n || ''));
    return row;
  }
  var drawn = '';
  function draw(force) {
    var rows = state.rows;
    spacer.style.height = (rows.length * ROW_H) + 'px';
    var first = Math.max(0, Math.floor(scroller.scrollTop / ROW_H) - OVERSCAN);
    var last = Math.min(rows.length, Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW_H) + OVERSCAN);
    var key = first + ':' + last + ':' + state.selected + ':' + rows.length;
    if (!force && key === drawn) return;
    drawn = key;
    while (spacer.firstChild) spacer.removeChild(spacer.firstChild);
    for (var i = first; i < last; i++) spacer.appendChild(renderRow(rows[i], i));
    if (!rows.length) spacer.appendChild(el('div', 'empty', events.length ? 'No event matches the filters.' : 'This session has no events.'));
  }
  scroller.addEventListener('scroll', function () { draw(false); });
  window.addEventListener('resize', function () { draw(true); });
  scroller.addEventListener('click', function (ev) {
    var row = ev.target.closest ? ev.target.closest('.row') : null;
    if (row) select(Number(row.dataset.index));
  });
  scroller.addEventListener('keydown', function (ev) {
    var k = ev.key;
    if (k !== 'ArrowDown' && k !== 'ArrowUp' && k !== 'j' && k !== 'k' && k !== 'Home' && k !== 'End') return;
    ev.preventDefault();
    var n = state.rows.length; if (!n) return;
    var i = state.selected;
    if (k === 'Home') i = 0; else if (k === 'End') i = n - 1;
    else i = Math.max(0, Math.min(n - 1, i + (k === 'ArrowDown' || k === 'j' ? 1 : -1)));
    select(i);
  });

  function applyFilters() {
    var text = state.text.toLowerCase();
    var selectedEvent = state.rows[state.selected];
    state.rows = events.filter(function (e) {
      if (state.dir && e.dir !== state.dir) return false;
      if (state.kind && e.kind !== state.kind) return false;
      if (state.errorsOnly && !isErrorish(e)) return false;
      return !text || haystack(e).indexOf(text) >= 0;
    });
    state.selected = selectedEvent ? state.rows.indexOf(selectedEvent) : -1;
    shown.textContent = state.rows.length + ' of ' + events.length + ' events';
    draw(true);
  }
  var timer = null;
  search.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(function () { state.text = search.value; applyFilters(); }, 120); });
  dirSel.addEventListener('change', function () { state.dir = dirSel.value; applyFilters(); });
  kindSel.addEventListener('change', function () { state.kind = kindSel.value; applyFilters(); });
  errBox.addEventListener('change', function () { state.errorsOnly = errBox.checked; applyFilters(); });

  function select(i) {
    state.selected = i;
    var top = i * ROW_H;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + ROW_H > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top + ROW_H - scroller.clientHeight;
    draw(true);
    inspect(state.rows[i]);
  }
  function jumpTo(seq) {
    var e = bySeq.get(seq); if (!e) return;
    var i = state.rows.indexOf(e);
    if (i < 0) { state.text = ''; search.value = ''; state.dir = state.kind = ''; dirSel.value = kindSel.value = ''; state.errorsOnly = errBox.checked = false; applyFilters(); i = state.rows.indexOf(e); }
    select(i);
  }

  // ---------- inspector ----------
  function kvTable(pairs) {
    var t = el('table', 'kv');
    pairs.forEach(function (p) {
      if (p[1] === undefined || p[1] === null || p[1] === '') return;
      var tr = el('tr'); var v = el('td');
      if (p[1] instanceof Node) v.appendChild(p[1]); else v.textContent = String(p[1]);
      add(tr, el('td', '', p[0]), v); t.appendChild(tr);
    });
    return t;
  }
  function jumpLink(seq) { var a = el('a', 'jump', '#' + seq); a.addEventListener('click', function () { jumpTo(seq); }); return a; }
  function bodyOf(raw) { var m = /^(?:[A-Za-z][A-Za-z0-9-]*:[^\r\n]*\r?\n)+\r?\n/.exec(raw); return m ? raw.slice(m[0].length) : raw; }
  function prettyJson(text) {
    try { JSON.parse(text); } catch (e) { return null; }
    var out = '', depth = 0, i = 0, n = text.length;
    function nl(d) { return '\n' + new Array(d + 1).join('  '); }
    while (i < n) {
      var c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
      if (c === '"') { var j = i + 1; while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1; out += text.slice(i, j + 1); i = j + 1; continue; }
      if (c === '{' || c === '[') {
        var k = i + 1; while (k < n && /\s/.test(text[k])) k++;
        if (text[k] === (c === '{' ? '}' : ']')) { out += c + text[k]; i = k + 1; continue; }
        depth++; out += c + nl(depth);
      } else if (c === '}' || c === ']') { depth--; out += nl(depth) + c; }
      else if (c === ',') out += ',' + nl(depth);
      else if (c === ':') out += ': ';
      else out += c;
      i++;
    }
    return out;
  }
  function preOf(text) {
    var pre = el('pre');
    if (text.length <= MAX_SHOWN) { pre.textContent = text; return pre; }
    pre.textContent = text.slice(0, MAX_SHOWN);
    var wrap = el('div'); var more = el('button', '', 'Show all ' + text.length + ' characters');
    more.addEventListener('click', function () { pre.textContent = text; wrap.removeChild(more); });
    return add(wrap, pre, more);
  }
  function section(title) { return el('h2', '', title); }
  function inspect(e) {
    while (inspector.firstChild) inspector.removeChild(inspector.firstChild);
    if (!e) { inspector.appendChild(el('div', 'empty', 'Select an event to inspect it.')); return; }
    var st = status(e);
    add(inspector, section('Event #' + e.seq), kvTable([
      ['direction', e.dir === 'out' ? 'out \u2192 to the target' : e.dir === 'in' ? 'in \u2190 from the target' : 'meta'],
      ['kind', e.kind + (e.protocol ? ' (' + e.protocol + ')' : '')], ['time', clock(e.time) + '  (' + since(e.t) + ')'],
      ['id', idText(e)], ['method', e.method], ['state', e.state ? e.state + (e.late ? ' (late)' : '') : ''], ['status', st[0]],
      ['paired with', typeof e.pair === 'number' ? jumpLink(e.pair) : ''], ['latency', latency(e.latencyMs)],
      ['reason', e.reason], ['note', e.note],
      ['process', e.process ? JSON.stringify(e.process) : ''], ['websocket', e.ws ? JSON.stringify(e.ws) : '']]));
    if (e.error) {
      add(inspector, section('Decoded error'), kvTable([['code', e.error.code === null ? 'null' : e.error.code], ['name', e.error.name],
        ['message', e.error.message], ['meaning', e.error.meaning], ['source', e.error.source]]));
      if (e.error.data !== undefined) inspector.appendChild(preOf(JSON.stringify(e.error.data, null, 2)));
    }
    var findings = (e.findings || []).slice();
    (e.items || []).forEach(function (it) { (it.findings || []).forEach(function (f) { findings.push(Object.assign({ item: it.index }, f)); }); });
    if (findings.length) {
      inspector.appendChild(section('Findings (' + findings.length + ')'));
      findings.forEach(function (f) {
        var d = el('div', 'finding ' + f.severity);
        add(d, el('div', '', f.severity + ' \u00b7 ' + f.rule + (f.item !== undefined ? ' \u00b7 batch entry ' + f.item : '') + (f.path ? ' \u00b7 at ' + f.path : '')),
          el('div', '', f.message), f.spec ? el('div', 'spec', f.spec) : null);
        inspector.appendChild(d);
      });
    }
    if (e.http) {
      var h = e.http;
      add(inspector, section('HTTP'), kvTable([['request', ((h.method || '') + ' ' + (h.url || '')).trim()],
        ['status', h.status !== undefined ? h.status + ' ' + (h.statusText || '') : ''], ['SSE event', h.sse ? JSON.stringify(h.sse) : '']]));
      if (h.headers) inspector.appendChild(kvTable(Object.keys(h.headers).map(function (k) { return [k, h.headers[k]]; })));
    }
    if (e.items && e.items.length) {
      inspector.appendChild(section('Batch entries (' + e.items.length + ')'));
      inspector.appendChild(kvTable(e.items.slice(0, 500).map(function (it) {
        var s = it.kind + (it.method ? ' ' + it.method : '') + (it.idText !== undefined ? ' id ' + it.idText : '') + (it.state ? ' \u00b7 ' + it.state : '') +
          (it.error ? ' \u00b7 error ' + it.error.code + ' ' + it.error.name : '') + (typeof it.pair === 'number' ? ' \u00b7 paired with #' + it.pair : '');
        return ['[' + it.index + ']', s];
      })));
    }
    var raw = typeof e.raw === 'string' ? e.raw : '';
    var pretty = raw ? prettyJson(bodyOf(raw)) : null;
    if (pretty !== null) add(inspector, section('JSON'), preOf(pretty));
    add(inspector, section('Raw (exact wire text)'), raw ? preOf(raw) : el('div', 'empty', '(empty)'));
    if (e.rawBase64) inspector.appendChild(el('div', 'meta', 'These bytes were not valid UTF-8: the text above is a lossy rendering; the exact bytes are kept as base64 in the file.'));
  }

  applyFilters();
  inspect(null);
  scroller.focus();
})();
`;
