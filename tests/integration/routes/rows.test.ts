/**
 * Opening a big recorded session by pages of rows (issue 11): a real server over a real SQLite file
 * holding a 100k-entry session. The pages are complete, in order, without any wire text, and each
 * row the page builds from them reads exactly like the recorded entry without its text — errors,
 * findings (their spec sentences back from the rule table), notes, HTTP facts, batch items, big ids.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '@/server/main';
import { loadConfig } from '@/server/config';
import { Store } from '@/server/store';
import type { TrafficEvent } from '@/lib/session/types';
import { compactRow, Interner } from '@/lib/timeline/compact-row';
import { MAX_ROWS_PER_PAGE, rowPageProblem, type RowPage } from '@/lib/timeline/row-page';
import { columnsReader, plainIdText, type RowColumns, type RowExtras } from '@/lib/timeline/row-columns';
import { encodeRows } from '@/lib/session/bridge-rows';
import { finding, RULES } from '@/lib/jsonrpc/rules/table';
import { SECRET_MASK } from '@/lib/variables';
import { rowMix, WIRE_MARK } from '@/tests/fixtures/sessions/row-mix';

/** An entry as its row reads: an id's text only where it says more than the id. */
const asRow = (e: TrafficEvent): TrafficEvent => {
  if (e.idText === undefined || !plainIdText(e.id, e.idText)) return e;
  const { idText: _plain, ...rest } = e;
  return rest;
};

/** Ids as a peer may write them: [the id, its text on the wire]. */
const ODD_IDS: Array<[TrafficEvent['id'], string]> = [
  [0, '0'], [7, '7'], [-5, '-5'], [-0, '-0'], [1000, '1e3'], [1, '1.0'],
  [123456789012345, '123456789012345'], [1234567890123456, '1234567890123456'], [9007199254740991, '9007199254740991'],
  [9007199254740992, '9007199254740993'], [-12, '-12'],
  [Number('12345678901234567890'), '12345678901234567890'], [null, 'null'], ['s', '"s"'], ['a"b', '"a\\"b"'], ['', '""'],
];

const TOKEN = 'rows-test-token-0123456789abcdef0123456789';
const ENTRIES = 100_000;
let parent: string;
let server: RunningServer;
let sessionId: string;
let events: TrafficEvent[];
let maskedId: string;
let oddId: string;
let oddEvents: TrafficEvent[];
const SECRET = 'tok-Basalt-7c21e0d4';

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'rpcscope-rows-'));
  const dir = path.join(parent, 'data');
  events = rowMix(ENTRIES);
  const store = new Store({ dir });
  try {
    const s = store.sessions.create({ name: 'big', target: { kind: 'stdio', command: 'peer', args: [], framing: 'newline' }, status: 'open', startedAt: new Date().toISOString() });
    sessionId = s.id;
    for (let i = 0; i < events.length; i += 10_000) store.events.appendMany(s.id, events.slice(i, i + 10_000));
    store.sessions.setStatus(s.id, 'closed', { endedAt: new Date().toISOString() });
    // A session that sent a secret: its rows' strings (a note, an error's text) show it masked.
    const m = store.sessions.create({ name: 'secret', target: { kind: 'stdio', command: 'peer', args: [], framing: 'newline' }, status: 'open', startedAt: new Date().toISOString() });
    maskedId = m.id;
    store.events.appendMany(m.id, rowMix(60).map((e) => (e.note ? { ...e, note: `sent ${SECRET}` } : e.error ? { ...e, error: { ...e.error, message: `bad key ${SECRET}` } } : e)));
    store.sessionSecrets.add(m.id, [{ name: 'API_KEY', value: SECRET }]);
    store.sessions.setStatus(m.id, 'closed', { endedAt: new Date().toISOString() });
    // Ids in every spelling, each once plain and once with something a row must not lose.
    const o = store.sessions.create({ name: 'odd ids', target: { kind: 'stdio', command: 'peer', args: [], framing: 'newline' }, status: 'open', startedAt: new Date().toISOString() });
    oddId = o.id;
    oddEvents = ODD_IDS.flatMap(([id, idText], i) => {
      const base: TrafficEvent = { seq: 2 * i + 1, t: i, time: 1_764_000_000_000 + i, dir: 'out', kind: 'request', id, idText, method: 'm', findings: [], raw: `{"id":${idText}}`, state: 'pending' };
      return [base, { ...base, seq: 2 * i + 2, note: `id ${idText}`, findings: [finding('jsonrpc-version')] }];
    });
    store.events.appendMany(o.id, oddEvents);
    store.sessions.setStatus(o.id, 'closed', { endedAt: new Date().toISOString() });
  } finally {
    store.close();
  }
  server = await startServer(loadConfig(['--port', '0'], { RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_DATA_DIR: dir }), { pages: false });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (parent) rmSync(parent, { recursive: true, force: true });
});

async function get(p: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.origin}${p}`, { headers: { 'x-rpcscope-token': TOKEN, origin: server.origin } });
  return { status: res.status, text: await res.text() };
}

describe('a recorded 100k-entry session read by pages of rows', () => {
  it('gives every entry once, in seq order, in full pages, without any wire text', async () => {
    const seqs: number[] = [];
    let since = 0;
    let pages = 0;
    for (;;) {
      const r = await get(`/api/sessions/${sessionId}/rows?since=${since}&limit=${MAX_ROWS_PER_PAGE}`);
      expect(r.status).toBe(200);
      expect(r.text).not.toContain(WIRE_MARK);
      const page = JSON.parse(r.text) as RowPage;
      expect(rowPageProblem(page)).toBeNull();
      expect(page.lastSeq).toBe(ENTRIES);
      pages++;
      for (const s of page.seq) seqs.push(s);
      if (page.done) break;
      expect(page.seq.length).toBe(MAX_ROWS_PER_PAGE);
      since = page.seq[page.seq.length - 1];
    }
    expect(pages).toBe(2);
    expect(seqs.length).toBe(ENTRIES);
    expect(seqs.every((s, i) => s === i + 1)).toBe(true);
  });

  it('makes rows that read exactly like the recorded entries without their text', async () => {
    const r = await get(`/api/sessions/${sessionId}/rows?since=40000&limit=20000`);
    const page = JSON.parse(r.text) as RowPage;
    expect(page.seq[0]).toBe(40001);
    expect(page.done).toBe(false);
    // Rows with the same extras (an error, a finding) share one entry of the table.
    const withExtras = page.x.filter((x) => x !== null).length;
    expect(withExtras).toBeGreaterThan(3000);
    expect(page.X.length).toBeLessThan(withExtras * 0.8);
    expect(rowPageProblem(page)).toBeNull();
    const strings = new Interner();
    const rows = columnsReader(page, (v) => strings.of(v)).rows();
    const expected = events.slice(40000, 60000).map((e) => compactRow(asRow(e), strings));
    expect(rows).toEqual(expected);
    const withFinding = rows.find((row) => row.kind === 'invalid')!;
    expect(withFinding.findings[0].spec).toBe(RULES.get('jsonrpc-version')!.spec);
    const bigId = rows.find((row) => row.idText === '12345678901234567890')!;
    expect(bigId.late).toBe(true);
    // The bridge's batch of the same entries is the same columns: one reader, the same rows.
    const batch = JSON.parse(encodeRows(events.slice(40000, 60000))) as RowColumns;
    expect(columnsReader(batch, (v) => strings.of(v)).rows()).toEqual(rows);
  });

  it('answers the last page as done, and nothing after the end', async () => {
    const tail = JSON.parse((await get(`/api/sessions/${sessionId}/rows?since=${ENTRIES - 5}`)).text) as RowPage;
    expect(tail.seq).toEqual([ENTRIES - 4, ENTRIES - 3, ENTRIES - 2, ENTRIES - 1, ENTRIES]);
    expect(tail.done).toBe(true);
    const after = JSON.parse((await get(`/api/sessions/${sessionId}/rows?since=${ENTRIES}`)).text) as RowPage;
    expect(after.seq).toEqual([]);
    expect(after.done).toBe(true);
  });

  it('answers a range of seqs, done only when it reaches the last one', async () => {
    const mid = JSON.parse((await get(`/api/sessions/${sessionId}/rows?since=1000&until=1300&limit=${MAX_ROWS_PER_PAGE}`)).text) as RowPage;
    expect(mid.seq).toEqual(Array.from({ length: 300 }, (_, i) => 1001 + i));
    expect(mid.done).toBe(false);
    const capped = JSON.parse((await get(`/api/sessions/${sessionId}/rows?since=1000&until=1300&limit=10`)).text) as RowPage;
    expect(capped.seq).toEqual(Array.from({ length: 10 }, (_, i) => 1001 + i));
    expect(capped.done).toBe(false);
    const tail = JSON.parse((await get(`/api/sessions/${sessionId}/rows?since=${ENTRIES - 3}&until=${ENTRIES + 50_000}`)).text) as RowPage;
    expect(tail.seq).toEqual([ENTRIES - 2, ENTRIES - 1, ENTRIES]);
    expect(tail.done).toBe(true);
    expect((await get(`/api/sessions/${sessionId}/rows?until=-1`)).status).toBe(400);
  });

  it('refuses a page size or start it cannot serve, in plain words, and an unknown session', async () => {
    const big = await get(`/api/sessions/${sessionId}/rows?limit=${MAX_ROWS_PER_PAGE + 1}`);
    expect(big.status).toBe(400);
    expect(JSON.parse(big.text).error).toContain(`limit is an integer from 1 to ${MAX_ROWS_PER_PAGE}`);
    expect((await get(`/api/sessions/${sessionId}/rows?since=-1`)).status).toBe(400);
    expect((await get(`/api/sessions/${sessionId}/rows?since=abc`)).status).toBe(400);
    expect((await get(`/api/sessions/no-such-session/rows`)).status).toBe(404);
  });

  it('masks a secret the session sent in every string of its rows', async () => {
    const r = await get(`/api/sessions/${maskedId}/rows`);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(SECRET);
    const page = JSON.parse(r.text) as RowPage;
    expect(rowPageProblem(page)).toBeNull();
    // The store's extras are objects as stored (packed findings are the bridge's).
    const extras = page.X as RowExtras[];
    const notes = extras.filter((x) => x.note !== undefined);
    expect(notes.length).toBeGreaterThan(0);
    for (const x of notes) expect(x.note).toBe(`sent ${SECRET_MASK}`);
    expect(extras.some((x) => x.error?.message === `bad key ${SECRET_MASK}`)).toBe(true);
  });

  it('reads every spelling of an id as recorded, and keeps what rows beside plain ones carry', async () => {
    const page = JSON.parse((await get(`/api/sessions/${oddId}/rows`)).text) as RowPage;
    expect(rowPageProblem(page)).toBeNull();
    const strings = new Interner();
    const rows = columnsReader(page, (v) => strings.of(v)).rows();
    expect(rows).toEqual(oddEvents.map((e) => compactRow(asRow({ ...e, raw: undefined } as unknown as TrafficEvent), strings)));
    expect(rows.filter((r) => r.note !== undefined).length).toBe(ODD_IDS.length);
  });

  it('is refused without the token', async () => {
    const res = await fetch(`${server.origin}/api/sessions/${sessionId}/rows`, { headers: { origin: server.origin } });
    expect(res.status).toBe(401);
  });
});
