/**
 * The export's inspector: the selected entry in full, read-only. Status, pairing and the decoded
 * error come from the same lib/timeline functions as the app's inspector; a request answered with
 * an error shows that error, as the app does.
 */
import type { TrafficEvent } from '../lib/session/types';
import { kindLabel } from '../lib/timeline/cells';
import { formatClock, formatLatency, formatSinceStart, idLabel } from '../lib/timeline/format';
import { parseJsonLossless, stringifyNode } from '../lib/timeline/json';
import { eventStatus, rowLatency, type SeqLookup } from '../lib/timeline/status';
import { splitWire } from '../lib/timeline/wire';
import { add, clear, el, kvTable } from './dom';
import { marksText } from './marks';

/** Texts past this size are shown cut, with a button for the rest (a 50 MB frame would hang the page). */
const MAX_SHOWN = 1_000_000;
const DIR_WORDS = { out: 'out → to the target', in: 'in ← from the target', meta: 'meta' } as const;
const TEXT_KINDS = new Set(['stderr', 'connection', 'exit', 'no-body']);

function section(title: string): HTMLElement {
  return el('h2', '', title);
}

function preOf(text: string): HTMLElement {
  const pre = el('pre');
  if (text.length <= MAX_SHOWN) {
    pre.textContent = text;
    return pre;
  }
  pre.textContent = text.slice(0, MAX_SHOWN);
  const wrap = el('div');
  const more = el('button', '', `Show all ${text.length} characters`);
  more.addEventListener('click', () => {
    pre.textContent = text;
    more.remove();
  });
  return add(wrap, pre, more);
}

function prettyJson(ev: TrafficEvent): string | null {
  if (TEXT_KINDS.has(ev.kind) || !ev.raw) return null;
  const parsed = parseJsonLossless(splitWire(ev.raw).body.replace(/\r?\n$/, ''));
  return parsed.ok ? stringifyNode(parsed.node) : null;
}

export function renderInspector(node: HTMLElement, ev: TrafficEvent | undefined, lookup: SeqLookup, jumpTo: (seq: number) => void): void {
  clear(node);
  if (!ev) {
    node.appendChild(el('div', 'empty', 'Select an event to inspect it.'));
    return;
  }
  const status = eventStatus(ev, lookup);
  const pair = ev.pair !== undefined ? lookup(ev.pair) : undefined;
  const jump = (seq: number) => {
    const a = el('a', 'jump', `#${seq}`);
    a.addEventListener('click', () => jumpTo(seq));
    return a;
  };
  node.dataset.seq = String(ev.seq);
  add(node, section(`Event #${ev.seq}`), kvTable([
    ['direction', DIR_WORDS[ev.dir] ?? ev.dir],
    ['kind', kindLabel(ev) + (ev.protocol && ev.kind !== 'not-jsonrpc' ? ` (${ev.protocol})` : '')],
    ['time', `${formatClock(ev.time)}  (${formatSinceStart(ev.t)})`],
    ['id', idLabel(ev.idText, ev.id)],
    ['method', ev.method ?? pair?.method],
    ['marked', marksText(ev, lookup)],
    ['state', ev.state ? ev.state + (ev.late ? ' (late)' : '') : ''],
    ['status', status.label],
    ['paired with', ev.pair !== undefined ? jump(ev.pair) : ''],
    ['latency', formatLatency(rowLatency(ev, lookup))],
    ['reason', ev.reason],
    ['note', ev.note],
    ['process', ev.process ? JSON.stringify(ev.process) : ''],
    ['websocket', ev.ws ? JSON.stringify(ev.ws) : ''],
  ]));

  const error = ev.error ?? (ev.kind === 'request' ? pair?.error : undefined);
  if (error) {
    add(node, section('Decoded error'), kvTable([
      ['code', error.code === null ? 'null' : error.code],
      ['name', error.name],
      ['message', error.message],
      ['meaning', error.meaning],
      ['source', error.source],
    ]));
    if (error.data !== undefined) node.appendChild(preOf(JSON.stringify(error.data, null, 2)));
  }

  const findings = [...ev.findings.map((f) => ({ ...f, item: undefined as number | undefined }))];
  for (const it of ev.items ?? []) for (const f of it.findings) findings.push({ ...f, item: it.index });
  if (findings.length) {
    node.appendChild(section(`Findings (${findings.length})`));
    for (const f of findings) {
      const where = (f.item !== undefined ? ` · batch entry ${f.item}` : '') + (f.path ? ` · at ${f.path}` : '');
      node.appendChild(add(el('div', `finding ${f.severity}`),
        el('div', '', `${f.severity} · ${f.rule}${where}`), el('div', '', f.message), f.spec ? el('div', 'spec', f.spec) : null));
    }
  }

  if (ev.http) {
    const h = ev.http;
    add(node, section('HTTP'), kvTable([
      ['request', `${h.method ?? ''} ${h.url ?? ''}`.trim()],
      ['status', h.status !== undefined ? `${h.status} ${h.statusText ?? ''}`.trim() : ''],
      ['SSE event', h.sse ? JSON.stringify(h.sse) : ''],
    ]));
    if (h.headers) node.appendChild(kvTable(Object.entries(h.headers)));
  }

  if (ev.items?.length) {
    node.appendChild(section(`Batch entries (${ev.items.length})`));
    node.appendChild(kvTable(ev.items.slice(0, 500).map((it) => {
      const parts = [it.kind, it.method, it.idText !== undefined ? `id ${it.idText}` : undefined].filter(Boolean).join(' ');
      const more = [it.state, it.error ? `error ${it.error.code} ${it.error.name}` : undefined, it.pair !== undefined ? `paired with #${it.pair}` : undefined]
        .filter(Boolean).map((s) => ` · ${s}`).join('');
      return [`[${it.index}]`, parts + more] as const;
    })));
  }

  const pretty = prettyJson(ev);
  if (pretty !== null) add(node, section('JSON'), preOf(pretty));
  add(node, section('Raw (exact wire text)'), ev.raw ? preOf(ev.raw) : el('div', 'empty', '(empty)'));
  // Held and forwarded edited: the raw text is what arrived, this is what the other side got.
  if (ev.intercept?.state === 'edited') add(node, section('Sent instead (edited at a breakpoint)'), preOf(ev.intercept.sent));
  if (ev.rawBase64) node.appendChild(el('div', 'meta', 'These bytes were not valid UTF-8: the text above is a lossy rendering; the exact bytes are kept as base64 in the file.'));
}
