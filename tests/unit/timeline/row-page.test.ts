/**
 * The row page (issue 11: opening a big session by pages of rows), in the columns the bridge's
 * batches have too (lib/timeline/row-columns.ts): what a stored body keeps beyond the columns
 * (extras), a page checked before the page trusts it, and the rows the page's one reader builds
 * from it reading exactly like the entries without their text, in the compact shape.
 */
import { describe, expect, it } from 'vitest';
import { compactRow, Interner } from '@/lib/timeline/compact-row';
import { SPEC_BY_RULE } from '@/lib/jsonrpc/rules/spec-ref';
import { RULES } from '@/lib/jsonrpc/rules/table';
import { rowPageProblem, type RowPage } from '@/lib/timeline/row-page';
import { columnsReader, plainIdText, type RowExtras } from '@/lib/timeline/row-columns';
import { eventBody } from '@/server/store/event-json';
import { extrasOf } from '@/server/store/event-rows';
import { idTextOf } from '@/server/store/event-row';
import type { TrafficEvent } from '@/lib/session/types';
import { rowMix } from '@/tests/fixtures/sessions/row-mix';

/** An entry as its row reads: an id's text only where it says more than the id. */
const asRow = (e: TrafficEvent): TrafficEvent => {
  if (e.idText === undefined || !plainIdText(e.id, e.idText)) return e;
  const { idText: _plain, ...rest } = e;
  return rest;
};

/** The page the store would send for these entries (its SQL in JavaScript: the columns, and extras shared by text). */
function pageOf(events: TrafficEvent[]): RowPage {
  const table: string[] = [];
  const at = (text: string | null) => {
    if (text === null) return null;
    const i = table.indexOf(text);
    return i >= 0 ? i : table.push(text) - 1;
  };
  const idOf = (text: string | null) => (text === null ? false : (JSON.parse(text) as string | number | null));
  const x = events.map((e) => at(extrasOf(eventBody(e))));
  return {
    s: [], seq: events.map((e) => e.seq), t: events.map((e) => e.t), time: events.map((e) => e.time), dir: events.map((e) => e.dir),
    kind: events.map((e) => e.kind), id: events.map((e) => idOf(idTextOf(e))), method: events.map((e) => e.method ?? null),
    state: events.map((e) => e.state ?? null), pair: events.map((e) => e.pair ?? null), latencyMs: events.map((e) => e.latencyMs ?? null),
    idText: events.map((e) => (e.idText === undefined || plainIdText(e.id, e.idText) ? null : e.idText)),
    x, X: table.map((text) => JSON.parse(text) as RowExtras),
    lastSeq: events.length ? events[events.length - 1].seq : 0,
    done: true,
  };
}

describe('a stored body’s extras', () => {
  it('are nothing for a plain request or answer, and only what the columns lack otherwise', () => {
    const [plain, answer] = rowMix(60).slice(10, 12);
    expect([plain.kind, answer.kind]).toEqual(['request', 'response']);
    expect(extrasOf(eventBody(plain))).toBeNull();
    expect(extrasOf(eventBody(answer))).toBeNull();
    const error = rowMix(60).find((e) => e.kind === 'error')!;
    expect(JSON.parse(extrasOf(eventBody(error))!)).toEqual({ error: error.error });
    const invalid = rowMix(60).find((e) => e.kind === 'invalid')!;
    // The finding's spec sentence stays a reference (the page puts it back from the rule table).
    expect(JSON.parse(extrasOf(eventBody(invalid))!).findings[0].spec).toBe(SPEC_BY_RULE);
  });

  it('are not fooled by a member name inside a string', () => {
    const ev: TrafficEvent = { seq: 1, t: 0, time: 0, dir: 'out', raw: '{"note":1}', kind: 'request', method: '"note":', findings: [] };
    expect(extrasOf(eventBody(ev))).toBeNull();
  });
});

describe('rows from a page', () => {
  it('read exactly like the entries without their text, every kind of member included', () => {
    const events = rowMix(500);
    const page = pageOf(events);
    expect(rowPageProblem(page)).toBeNull();
    const strings = new Interner();
    const rows = columnsReader(page, (v) => strings.of(v)).rows();
    expect(rows).toEqual(events.map((e) => compactRow(asRow(e), strings)));
    const invalid = rows.find((r) => r.kind === 'invalid')!;
    expect(invalid.findings[0].spec).toBe(RULES.get('jsonrpc-version')!.spec);
  });

  it('share one object for the same extras and the same strings, and keep the compact shape', () => {
    const page = pageOf(rowMix(500));
    const strings = new Interner();
    const rows = columnsReader(page, (v) => strings.of(v)).rows();
    const errors = rows.filter((r) => r.kind === 'error');
    expect(errors.length).toBeGreaterThan(5);
    expect(new Set(errors.map((r) => r.error)).size).toBe(1);
    const hovers = rows.filter((r) => r.method === 'textDocument/hover');
    expect(new Set(hovers.map((r) => r.method)).size).toBe(1);
    expect(Object.keys(rows[10]).slice(0, 6)).toEqual(['seq', 't', 'time', 'dir', 'kind', 'findings']);
  });

  it('can be built a slice at a time', () => {
    const page = pageOf(rowMix(300));
    const strings = new Interner();
    const reader = columnsReader(page, (v) => strings.of(v));
    const whole = reader.rows();
    expect([...reader.rows(0, 120), ...reader.rows(120, 300)]).toEqual(whole);
  });

  it('are refused when the page does not hold together', () => {
    const good = pageOf(rowMix(20));
    expect(rowPageProblem(null)).toMatch(/object/);
    expect(rowPageProblem({ ...good, t: good.t.slice(1) })).toMatch(/t column/);
    expect(rowPageProblem({ ...good, seq: [...good.seq].reverse() })).toMatch(/increasing/);
    expect(rowPageProblem({ ...good, x: good.x.map(() => 99) })).toMatch(/extras it does not have/);
    expect(rowPageProblem({ ...good, done: 'yes' })).toMatch(/last/);
  });
});
