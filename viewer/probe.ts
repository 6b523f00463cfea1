/**
 * The export's Probe tab: the conformance probe's report card the session file carries — each
 * check with its verdict, MUST or SHOULD, what the peer did, the exchange as seq links that select
 * the entry, findings, and the spec sentence on a failure. The page may have been edited by hand,
 * so the report is read defensively (wrong shapes are left out) and shown through textContent only.
 */
import type { ProbeReport, ProbeResult } from '../lib/probe/types';
import { verdictOf } from '../lib/probe/report';
import { add, el } from './dom';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const OUTCOMES = new Set<ProbeResult['outcome']>(['pass', 'fail', 'n/a', 'skipped']);
const TONE: Record<ProbeResult['outcome'], string> = { pass: 't-ok', fail: 't-error', 'n/a': 't-muted', skipped: 't-muted' };

function readResult(v: unknown): ProbeResult | null {
  if (!isObj(v) || !OUTCOMES.has(v.outcome as ProbeResult['outcome'])) return null;
  const level = v.level === 'SHOULD' ? 'SHOULD' : 'MUST';
  const lines = (x: unknown) => (Array.isArray(x) ? x.filter((l): l is Record<string, unknown> => isObj(l) && typeof l.seq === 'number') : []);
  return {
    id: str(v.id),
    title: str(v.title),
    level,
    spec: str(v.spec),
    outcome: v.outcome as ProbeResult['outcome'],
    ...(v.broke === 'MUST' || v.broke === 'SHOULD' ? { broke: v.broke } : {}),
    did: str(v.did),
    exchange: lines(v.exchange).map((l) => ({ seq: l.seq as number, dir: l.dir === 'out' || l.dir === 'in' ? l.dir : 'meta', text: str(l.text) })),
    findings: lines(v.findings).map((l) => ({ seq: l.seq as number, rule: str(l.rule), severity: str(l.severity), message: str(l.message) })),
  };
}

/** The report the file carries, or null when it has none (or nothing readable). */
export function readProbe(v: unknown): ProbeReport | null {
  if (!isObj(v) || v.format !== 'rpcscope-probe' || !Array.isArray(v.results)) return null;
  const results = v.results.map(readResult).filter((r): r is ProbeResult => r !== null);
  const c = isObj(v.counts) ? v.counts : {};
  const n = (x: unknown) => (typeof x === 'number' ? x : 0);
  return {
    format: 'rpcscope-probe',
    version: 1,
    target: str(v.target),
    dialect: str(v.dialect) as ProbeReport['dialect'],
    dialectEvidence: str(v.dialectEvidence),
    startedAt: str(v.startedAt),
    durationMs: n(v.durationMs),
    results,
    ...(typeof v.endedEarly === 'string' ? { endedEarly: v.endedEarly } : {}),
    counts: { passed: n(c.passed), mustBroken: n(c.mustBroken), shouldBroken: n(c.shouldBroken), notApplicable: n(c.notApplicable), skipped: n(c.skipped) },
  };
}

function checkLine(r: ProbeResult, onSeq: (seq: number) => void): HTMLElement {
  const li = el('li', 'probe-check');
  li.dataset.check = r.id;
  li.dataset.outcome = r.outcome;
  add(
    li,
    add(el('div', 'probe-head'), el('span', `probe-verdict ${TONE[r.outcome]}`, verdictOf(r)), el('span', 'probe-level', r.level), el('span', 'mono t-muted', r.id), el('span', '', ` — ${r.title}`)),
    el('div', 'probe-did', r.did),
  );
  if (r.exchange.length) {
    const ex = el('div', 'probe-exchange');
    for (const x of r.exchange) {
      const b = el('button', 'mono', `#${x.seq} ${x.dir === 'out' ? '→' : x.dir === 'in' ? '←' : '•'}`);
      b.type = 'button';
      b.title = x.text;
      b.addEventListener('click', () => onSeq(x.seq));
      add(ex, add(el('div', 'probe-line'), b, el('span', 'mono', x.text)));
    }
    li.appendChild(ex);
  }
  for (const f of r.findings) add(li, el('div', `finding ${f.severity === 'error' ? 'error' : f.severity === 'info' ? 'info' : ''}`, `#${f.seq} ${f.rule}: ${f.message}`));
  if (r.outcome === 'fail') li.appendChild(el('blockquote', 'probe-spec', r.spec));
  return li;
}

/** The report card; `onSeq` selects an entry (the caller shows the timeline with it selected). */
export function renderProbe(report: ProbeReport, onSeq: (seq: number) => void): HTMLElement {
  const node = el('div', 'probe');
  node.setAttribute('aria-label', 'Probe report');
  const c = report.counts;
  const head = add(
    el('div', 'probe-summary'),
    el('div', 'mono', report.target),
    el('div', 't-muted', `dialect ${report.dialect} (${report.dialectEvidence}); ${report.results.length} checks in ${Math.round(report.durationMs)} ms`),
    el('div', c.mustBroken ? 't-error' : '', `${c.passed} passed, ${c.mustBroken} MUST broken, ${c.shouldBroken} SHOULD broken, ${c.notApplicable} not applicable, ${c.skipped} skipped`),
  );
  head.lastElementChild?.setAttribute('data-testid', 'probe-counts');
  if (report.endedEarly) head.appendChild(el('div', 't-error', `the target ended before every check ran: ${report.endedEarly}`));
  const list = el('ol', 'probe-list');
  for (const r of report.results) list.appendChild(checkLine(r, onSeq));
  return add(node, head, list);
}
