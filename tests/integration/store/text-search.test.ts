/**
 * The server's free-text search finds a plain word in SQLite (EventTextsRepo.seqsHolding), and
 * must find exactly what the timeline's own matcher (textMatcher) finds over the same texts:
 * smart case, LIKE's wildcards and escape taken as plain characters, notes of meta entries,
 * words that only look like a body's members, from a seq on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';
import { textMatcher } from '@/lib/timeline/filter';
import type { Store } from '@/server/store';
import { isSqlSearchable } from '@/server/store/event-texts';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'newline' };
const temp = tempStores();
afterEach(() => temp.cleanup());

const TEXTS = [
  '{"jsonrpc":"2.0","id":1,"method":"textDocument/didChange","params":{"text":"Content-Length: 12"}}',
  '{"jsonrpc":"2.0","id":1,"error":{"code":-32801,"message":"Content modified"}}',
  '{"jsonrpc":"2.0","id":2,"method":"x","params":{"note":"100% a_b done"}}',
  '{"jsonrpc":"2.0","id":2,"result":"path a\\\\b and axb and 100 percent"}',
  '{"jsonrpc":"2.0","method":"log","params":{"message":"ÉCRIT écrit naïve CONTENT"}}',
  '{"jsonrpc":"2.0","id":3,"result":{"contents":"🚀 modified twice: modified"}}',
  '{"jsonrpc":"2.0","method":',
];
const NOTES = ['Connection refused by peer', 'stderr: 50% done_now'];

function record(store: Store): { id: string; events: TrafficEvent[] } {
  const p = new MessagePipeline({ timeoutMs: 60_000 });
  const events: TrafficEvent[] = [];
  let t = 0;
  for (let round = 0; round < 3; round++) {
    for (const text of TEXTS) events.push(p.message(t % 2 ? 'in' : 'out', ++t, 1_700_000_000_000 + t, text, text).event);
    for (const note of NOTES) events.push(p.meta('stderr', ++t, 1_700_000_000_000 + t, '', note).event);
  }
  const s = store.sessions.create({ name: 'search', target, status: 'open' });
  store.events.appendMany(s.id, events);
  return { id: s.id, events };
}

/** What the timeline's matcher finds over the same texts, as the search's JavaScript path does. */
function matched(store: Store, id: string, since: number, word: string): number[] {
  const m = textMatcher(word);
  return [...store.eventTexts.iterate(id, since)].filter((r) => m(r.raw) || (r.note !== null && m(r.note))).map((r) => r.seq);
}

const WORDS = [
  'content', 'Content', 'CONTENT', 'Content modified', 'modified', '100%', '%', '_', 'a_b', 'a\\b', 'a\\\\b', 'axb',
  'refused', 'Refused', 'done_now', '50%', 'note', 'params', '"id":2', 'no such word', ' ', 'naive', 'Length: 12',
];

describe('the server finds a plain word as the timeline filter would', () => {
  it('gives the same entries as the timeline matcher for every word, from the start and from a seq on', () => {
    const store = temp.open(temp.dir());
    const { id, events } = record(store);
    const last = events[events.length - 1].seq;
    let found = 0;
    for (const word of WORDS) {
      expect(isSqlSearchable(word), word).toBe(true);
      for (const since of [0, 5, 17]) {
        const through = store.eventTexts.lastSeq(id, since);
        expect(through).toBe(last);
        const sql = store.eventTexts.seqsHolding(id, since, through, [word]);
        expect(sql, `"${word}" after seq ${since}`).toEqual(matched(store, id, since, word));
        found += sql.length;
      }
    }
    // Not a comparison of empty answers: most words are found, some in notes only.
    expect(found).toBeGreaterThan(100);
    expect(store.eventTexts.seqsHolding(id, 0, last, ['refused']).length).toBe(3);
  });

  it('finds the entries that hold every word at once, as the timeline matcher would', () => {
    const store = temp.open(temp.dir());
    const { id, events } = record(store);
    const last = events[events.length - 1].seq;
    const both = (since: number, words: string[]) => {
      const each = words.map((w) => new Set(matched(store, id, since, w)));
      return matched(store, id, since, words[0]).filter((s) => each.every((set) => set.has(s)));
    };
    for (const words of [['Content', 'modified'], ['content', 'Length: 12'], ['100%', 'a_b', 'done'], ['refused', 'peer'], ['modified', 'no such word']]) {
      for (const since of [0, 9]) expect(store.eventTexts.seqsHolding(id, since, last, words), `${words.join(' + ')} after ${since}`).toEqual(both(since, words));
    }
    expect(store.eventTexts.seqsHolding(id, 0, last, ['Content', 'modified']).length).toBe(3);
  });

  it('stops at the seq it was given, and leaves words with other characters to the JavaScript matcher', () => {
    const store = temp.open(temp.dir());
    const { id } = record(store);
    const upTo10 = store.eventTexts.seqsHolding(id, 0, 10, ['modified']);
    expect(upTo10.length).toBeGreaterThan(0);
    expect(upTo10.every((s) => s <= 10)).toBe(true);
    expect(store.eventTexts.lastSeq(id, 10_000)).toBe(10_000);
    for (const word of ['écrit', 'naïve', 'tab\there', '']) expect(isSqlSearchable(word), word).toBe(false);
  });
});
