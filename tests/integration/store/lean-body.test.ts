/**
 * The store's lean body (server/store/event-json.ts): the members that have columns of their own
 * are not repeated in `body`, and a read puts them back from the columns. Every kind of entry the
 * pipeline makes, with its patches (pairing, a timeout, a late answer, an intercept's outcome, the
 * target's exit), reads back as the same event and the same JSON text, from a real SQLite file;
 * rows recorded before (full bodies) read as they did; and the bodies are shorter.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { markSpecRefs } from '@/lib/jsonrpc/rules/spec-ref';
import { RULES } from '@/lib/jsonrpc/rules/table';
import { applyPatch } from '@/lib/session/patch';
import { MessagePipeline } from '@/lib/session/pipeline';
import { parseTrafficEvent } from '@/lib/session/schemas';
import type { EventPatch, TargetSpec, TrafficEvent } from '@/lib/session/types';
import type { Store } from '@/server/store';
import { COLUMN_MEMBERS } from '@/server/store/event-json';
import { packEvents } from '@/server/store/row-batch';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'tcp', host: '127.0.0.1', port: 9, framing: 'newline' };
const temp = tempStores();
afterEach(() => temp.cleanup());

const T0 = 1_700_000_000_000;

/** Whether SQLite's UTF-8 TEXT can hold `s` (no lone surrogates). */
const wellFormed = (s: string | undefined): boolean => s !== undefined && (s as unknown as { isWellFormed(): boolean }).isWellFormed();

interface Conversation {
  /** What was recorded, each event as it was handed to the store (a copy: the pipeline keeps its own). */
  recorded: TrafficEvent[];
  /** Later changes, in order, as the recorder applies them. */
  patches: EventPatch[];
}

/** One of every kind of entry, through the real pipeline, and what the tap adds to some. */
function conversation(): Conversation {
  const p = new MessagePipeline({ timeoutMs: 1000 });
  const recorded: TrafficEvent[] = [];
  const patches: EventPatch[] = [];
  let t = 0;
  const take = (o: { event: TrafficEvent; patches: EventPatch[] }, add?: (ev: TrafficEvent) => void): TrafficEvent => {
    add?.(o.event);
    recorded.push(structuredClone(o.event));
    patches.push(...o.patches);
    return o.event;
  };
  const msg = (dir: 'in' | 'out', text: string, extras?: Parameters<MessagePipeline['message']>[5], add?: (ev: TrafficEvent) => void) =>
    take(p.message(dir, (t += 1.25), T0 + t, text, text, extras), add);

  msg('out', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"größe":"変数 🚀"}}');
  msg('in', '{"jsonrpc":"2.0","id":1,"result":{"capabilities":{}}}');
  // A finding whose spec sentence is the rule table's (stored by reference).
  msg('out', '{"jsonrpc":"1.0","id":2,"method":"textDocument/hover"}');
  msg('in', '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"no such method","data":{"why":null}}}');
  msg('out', '{"jsonrpc":"2.0","method":"initialized","params":{}}');
  msg('out', '[{"jsonrpc":"2.0","id":"b1","method":"a"},{"jsonrpc":"2.0","method":"b"}]');
  msg('in', '[{"jsonrpc":"2.0","id":"b1","result":null}]');
  msg('in', '{"jsonrpc":"2.0","id":9}');
  msg('in', '{"jsonrpc":"2.0","method":"x",');
  msg('in', 'not json at all');
  msg('in', '{"hello":"world"}');
  // An id past 2^53 (its text is kept), and a null id.
  msg('out', '{"jsonrpc":"2.0","id":9007199254740993,"method":"big"}');
  msg('in', '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
  // A raw text and a method that are not well-formed UTF-16 (SQLite's TEXT cannot hold them).
  msg('in', '{"jsonrpc":"2.0","method":"lone\ud800"}');
  // Bytes that were not UTF-8, on a WebSocket of a tap, the raw text a lossy rendering.
  msg('in', '{"jsonrpc":"2.0","method":"\ufffd"}', { rawBase64: 'eyJqc29ucnBjIjoiMi4wIiwibWV0aG9kIjoigCJ9', ws: { conn: 2, binary: true } });
  take(p.noise('in', (t += 1), T0 + t, '\ufffd\ufffd', 'not-json', 'bytes that are not JSON', 'gIE='));
  // HTTP: a POST and its reply, with the reply's facts.
  const post = msg('out', '{"jsonrpc":"2.0","id":"h","method":"tools/list"}', { http: { method: 'POST', url: 'http://127.0.0.1:9/rpc' } });
  const headers = { 'content-type': 'application/json', 'x-odd': 'a, b' };
  msg('in', '{"jsonrpc":"2.0","id":"h","result":{"tools":[]}}', { http: { status: 200, statusText: 'OK', headers, requestSeq: post.seq } });
  take(p.meta('stderr', (t += 1), T0 + t, 'warn: low disk\n', 'warn: low disk', { process: { pid: 4242 } }, 'in'));
  // Sent by rpcscope into a tapped conversation, and a frame held by a breakpoint, then let through.
  msg('out', '{"jsonrpc":"2.0","id":3,"method":"ping"}', undefined, (ev) => (ev.injected = true));
  const held = msg('out', '{"jsonrpc":"2.0","id":4,"method":"slow"}', undefined, (ev) => (ev.intercept = { state: 'held', hold: 1, since: T0 + t }));
  patches.push({ seq: held.seq, intercept: { state: 'forwarded', hold: 1, heldMs: 20 } });
  // A timeout (a state-only patch), then the late answer.
  patches.push(...p.tick((t += 2000)));
  msg('in', '{"jsonrpc":"2.0","id":4,"result":"finally"}');
  // Left waiting: the target's exit settles them.
  msg('out', '{"jsonrpc":"2.0","id":5,"method":"never"}');
  msg('out', '{"jsonrpc":"2.0","id":6,"method":"never"}');
  take(p.meta('exit', (t += 1), T0 + t, '', 'exited with code 1', { process: { pid: 4242, exitCode: 1, signal: null } }));
  patches.push(...p.targetExited((t += 1)));
  return { recorded, patches };
}

/** Each recorded event with its patches applied, as the live session holds it. */
function patched({ recorded, patches }: Conversation): TrafficEvent[] {
  const events = structuredClone(recorded);
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  for (const patch of patches) applyPatch(bySeq.get(patch.seq)!, patch);
  return events;
}

/** The body rpcscope wrote before lean bodies: the whole event, raw (when well-formed) and base64 blanked, spec sentences by mark. */
function oldBody(ev: TrafficEvent): string {
  const copy = structuredClone(ev);
  markSpecRefs(copy.findings);
  for (const it of copy.items ?? []) markSpecRefs(it.findings);
  if (copy.raw !== '' && wellFormed(copy.raw)) copy.raw = '';
  if (copy.rawBase64 !== undefined) copy.rawBase64 = '';
  return JSON.stringify(copy);
}

function record(store: Store, c: Conversation): string {
  const s = store.sessions.create({ name: 'lean', target, status: 'open' });
  // As the recorder hands them over: made into rows and packed on the conversation's thread.
  store.events.appendRows(s.id, packEvents(c.recorded.slice(0, 10)));
  store.events.appendRows(s.id, packEvents(c.recorded.slice(10)));
  const result = store.events.applyPatches(s.id, c.patches);
  expect(result.missing).toEqual([]);
  return s.id;
}

function expectSame(read: readonly TrafficEvent[], want: readonly TrafficEvent[]): void {
  expect(read.map((e) => e.seq)).toEqual(want.map((e) => e.seq));
  for (let i = 0; i < want.length; i++) {
    expect(read[i]).toEqual(want[i]);
    // The same members (none left undefined) and the same text, key order included.
    expect(read[i]).toStrictEqual(JSON.parse(JSON.stringify(want[i])));
    expect(JSON.stringify(read[i])).toBe(JSON.stringify(want[i]));
  }
}

const bodies = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT seq, body FROM events ORDER BY seq').all() as { seq: number; body: string }[];
  } finally {
    db.close();
  }
};

describe('the lean stored body', () => {
  it('every kind of entry, with its patches, reads back as the same event and the same JSON text', () => {
    const c = conversation();
    const want = patched(c);
    // The conversation has what it says it has.
    const kinds = new Set(want.map((e) => e.kind));
    for (const k of ['request', 'response', 'error', 'notification', 'batch', 'invalid', 'parse-error', 'not-jsonrpc', 'noise', 'stderr', 'exit'] as const) expect(kinds).toContain(k);
    const has = (f: (e: TrafficEvent) => unknown) => expect(want.some(f)).toBe(true);
    has((e) => e.items?.length);
    has((e) => e.rawBase64 && e.ws?.binary);
    has((e) => !wellFormed(e.raw) && !wellFormed(e.method));
    has((e) => e.findings.some((f) => f.spec === RULES.get(f.rule)?.spec));
    has((e) => e.http?.status === 200 && e.pair !== undefined);
    has((e) => e.process?.exitCode === 1);
    has((e) => e.injected);
    has((e) => e.intercept?.state === 'forwarded');
    has((e) => e.late && e.state === 'late');
    has((e) => e.state === 'timed-out');
    has((e) => e.state === 'target-exited');
    has((e) => e.idText === '9007199254740993');
    has((e) => e.id === null);

    const store = temp.open(temp.dir());
    const id = record(store, c);
    expectSame(store.events.listEvents(id), want);
    expectSame([...store.events.iterateEvents(id)], want);
    expectSame(want.map((e) => store.events.getEvent(id, e.seq)!), want);

    // Reopened from the file, it reads the same.
    store.close();
    const again = temp.open(store.dir);
    expectSame(again.events.listEvents(id), want);
    expect(again.sessions.require(id).counts).toMatchObject({ events: want.length, errors: want.filter((e) => e.kind === 'error' || e.error).length });
  });

  it('leaves out what the columns give back exactly, so each body is shorter than the full one', () => {
    const c = conversation();
    const want = patched(c);
    const store = temp.open(temp.dir());
    record(store, c);
    const stored = bodies(store.file);
    expect(stored).toHaveLength(want.length);
    let lean = 0;
    let full = 0;
    for (const [i, { body }] of stored.entries()) {
      const ev = want[i];
      const members = Object.keys(JSON.parse(body) as object);
      // In the body only where its column could not hold it: a text that is not well-formed.
      const repeated = members.filter((k) => Object.hasOwn(COLUMN_MEMBERS, k));
      expect(repeated).toEqual(wellFormed(ev.raw) ? [] : ['raw', 'method']);
      expect(body.length).toBeLessThan(oldBody(ev).length - (wellFormed(ev.raw) ? 50 : 20));
      lean += body.length;
      full += oldBody(ev).length;
    }
    expect(lean).toBeLessThan(full * 0.8);
  });

  it('rows recorded before, with the whole event in the body, read as they did', () => {
    const c = conversation();
    const want = patched(c);
    const store = temp.open(temp.dir());
    const id = record(store, c);
    // Each row's body as an earlier rpcscope wrote it; the state as its column holds it (a settled
    // request's row still says pending, and the session's settled state overlays it).
    const db = new Database(store.file);
    try {
      const rows = db.prepare('SELECT seq, state FROM events ORDER BY seq').all() as { seq: number; state: string | null }[];
      const set = db.prepare('UPDATE events SET body = ? WHERE seq = ?');
      for (const [i, row] of rows.entries()) {
        const ev = structuredClone(want[i]);
        if (row.state !== null) ev.state = row.state as TrafficEvent['state'];
        set.run(oldBody(ev), row.seq);
      }
      expect((db.prepare("SELECT count(*) AS n FROM events WHERE body LIKE '{\"seq\":%'").get() as { n: number }).n).toBe(want.length);
    } finally {
      db.close();
    }
    expect(want.some((e) => e.state === 'target-exited')).toBe(true);
    expectSame(store.events.listEvents(id), want);
    // A patch on an old row reads back right too (and its body becomes lean).
    const last = want.at(-1)!;
    const note: EventPatch = { seq: last.seq, findings: [{ rule: 'x', severity: 'info', message: 'after' }] };
    store.events.applyPatches(id, [note]);
    applyPatch(last, note);
    expectSame(store.events.listEvents(id), want);
    expect(bodies(store.file).at(-1)!.body.startsWith('{"seq"')).toBe(false);
  });

  it('an event with its members in another order (an imported file) gets the full body and reads back in that order', () => {
    const c = conversation();
    // What the session file's schema gives back: its own member order.
    const imported = patched(c).map((e) => {
      const r = parseTrafficEvent(JSON.parse(JSON.stringify(e)));
      if (!r.ok) throw new Error(r.error);
      return r.value;
    });
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'imported', target, status: 'closed' });
    store.events.appendMany(s.id, imported);
    expectSame(store.events.listEvents(s.id), imported);
    // Not every imported event is in the pipeline's order, or the fallback went untested.
    expect(imported.some((e, i) => JSON.stringify(e) !== JSON.stringify(patched(c)[i]))).toBe(true);
  });
});
