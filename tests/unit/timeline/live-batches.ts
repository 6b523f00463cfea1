/**
 * Bridge batches of a live session for the incremental timeline tests (filter, statistics),
 * applied through the page's real store functions.
 */
import { mergeEvents, mergePatches } from '@/components/stores/apply';
import type { SessionView } from '@/components/stores/types';
import type { EventPatch, SessionSummary, TrafficEvent } from '@/lib/session/types';
import { ev } from './events';

const METHODS = ['textDocument/hover', 'textDocument/completion', 'workspace/symbol', 'initialize'];
export const summary: SessionSummary = {
  id: 's1', name: 's1', target: { kind: 'stdio', command: 'node', framing: 'newline' }, status: 'open',
  startedAt: '2025-01-01T00:00:00.000Z', lastSeq: 0, counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
};

/** A small deterministic PRNG (mulberry32), so a failing seed can be replayed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A live session as the page receives it: requests (and a few batches) arrive pending, answers arrive later and a
 * patch marks the request answered (some with errors, some late after timing out), findings
 * are patched in, a reconnect replays recent entries, and now and then an entry fills a gap.
 */
export function* session(seed: number, batches: number): Generator<(view: SessionView) => void> {
  const r = rng(seed);
  let seq = 0;
  const open: number[] = [];
  const gaps: number[] = [];
  const openBatches: { seq: number; items: NonNullable<TrafficEvent['items']> }[] = [];
  let deferred: TrafficEvent[] = [];
  for (let b = 0; b < batches; b++) {
    const events: TrafficEvent[] = deferred;
    deferred = [];
    const patches: EventPatch[] = [];
    const replays: number[] = [];
    const size = 1 + Math.floor(r() * 12);
    for (let k = 0; k < size; k++) {
      const roll = r();
      if (roll < 0.4 || open.length === 0) {
        // Now and then a seq is skipped (the page missed it), to be filled in later.
        if (r() < 0.03) gaps.push(++seq);
        seq++;
        const method = METHODS[Math.floor(r() * METHODS.length)];
        events.push(ev({ seq, dir: 'out', kind: 'request', method, id: seq, idText: String(seq), state: 'pending', raw: `{"id":${seq},"method":"${method}"}` }));
        open.push(seq);
      } else if (roll < 0.75) {
        const req = open.splice(Math.floor(r() * open.length), 1)[0];
        const isError = r() < 0.2;
        const late = r() < 0.1;
        seq++;
        // Now and then the patch comes a batch before the answer it names (the batch ends there,
        // so seqs stay in order).
        const defer = r() < 0.2;
        (defer ? deferred : events).push(ev({
          seq, dir: 'in', kind: isError ? 'error' : 'response', id: req, idText: String(req), pair: req, latencyMs: Math.floor(r() * 80), state: late ? 'late' : 'answered',
          raw: `{"id":${req},"result":1}`, error: isError ? { code: -32000, message: 'x', name: 'Server error', meaning: '', source: 'jsonrpc' } : undefined,
        }));
        // The answer and the patch of its request come in the same or the next batch.
        patches.push({ seq: req, pair: seq, state: late ? 'late' : 'answered' });
        if (defer) break;
      } else if (roll < 0.85) {
        patches.push({ seq: open[Math.floor(r() * open.length)], state: 'timed-out' });
      } else if (roll < 0.92 && seq > 0) {
        patches.push({ seq: 1 + Math.floor(r() * seq), findings: [{ rule: 'orphan-response', severity: 'warning', message: 'x' }] });
      } else if (roll < 0.96 && seq > 3) {
        replays.push(seq - Math.floor(r() * 3));
      } else if (roll < 0.98) {
        seq++;
        const method = METHODS[Math.floor(r() * METHODS.length)];
        const items = [
          { index: 0, kind: 'request' as const, method, id: seq, state: 'pending' as const, findings: [] },
          { index: 1, kind: 'notification' as const, method: 'batch/note', findings: [] },
        ];
        events.push(ev({ seq, dir: 'out', kind: 'batch', items, raw: `[{"id":${seq},"method":"${method}"}]` }));
        openBatches.push({ seq, items });
      } else if (openBatches.length && r() < 0.5) {
        // A batch answered: the patch carries its complete new item list.
        const b = openBatches.shift()!;
        patches.push({ seq: b.seq, items: [{ ...b.items[0], state: 'answered', latencyMs: Math.floor(r() * 80) }, b.items[1]] });
      } else if (gaps.length) {
        const g = gaps.shift()!;
        events.push(ev({ seq: g, dir: 'meta', kind: 'stderr', raw: `late gap ${g}` }));
      }
    }
    yield (view) => {
      // A reconnect re-delivers the server's copy of entries already held.
      for (const s of replays) {
        const i = view.indexBySeq.get(s);
        if (i !== undefined) events.push({ ...view.events[i], raw: `replayed ${s}` });
      }
      // Bridge order: sometimes the patch comes before the answer it refers to.
      if (r() < 0.5) { mergeEvents(view, events); mergePatches(view, patches); } else { mergePatches(view, patches); mergeEvents(view, events); }
    };
  }
}

export function lookupIn(view: SessionView) {
  return (s: number) => {
    const i = view.indexBySeq.get(s);
    return i === undefined ? undefined : view.events[i];
  };
}

