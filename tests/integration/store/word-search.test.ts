/**
 * The server's free-word search runs in threads of its own (server/store/word-search.ts), each on
 * a read-only connection, a long range cut in parts scanned side by side: it must find exactly
 * what the same search finds on the app's thread, keep the app's thread free meanwhile, and still
 * answer when its threads cannot run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import type { TargetSpec } from '@/lib/session/types';
import type { Store } from '@/server/store';
import { findWords, joinParts, splitQuery, SPLIT_ENTRIES, WordSearch, type WordQuery } from '@/server/store/word-search';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'newline' };
const temp = tempStores();
afterEach(() => temp.cleanup());

const WORDS = ['hover', 'Hover', 'modified', 'Content modified', 'größe', 'token-7', 'no such word'];

/** A session of `n` entries whose texts vary with their seq (every 7th says "Content modified", every 11th a non-ASCII word). */
function record(store: Store, n: number): string {
  const p = new MessagePipeline({ timeoutMs: 60_000 });
  const s = store.sessions.create({ name: 'search', target, status: 'open' });
  const batch = [];
  for (let t = 1; t <= n; t++) {
    const word = t % 7 === 0 ? 'Content modified' : t % 11 === 0 ? 'größe' : t % 3 === 0 ? 'textDocument/hover' : `token-${t % 10}`;
    const text = `{"jsonrpc":"2.0","id":${t},"method":"m","params":{"text":"${word} secret-${t % 5}"}}`;
    batch.push(p.message(t % 2 ? 'in' : 'out', t, 1_700_000_000_000 + t, text, text).event);
    if (batch.length === 5000 || t === n) store.events.appendMany(s.id, batch.splice(0));
  }
  return s.id;
}

const query = (sessionId: string, n: number, over: Partial<WordQuery> = {}): WordQuery => ({
  sessionId, sinceSeq: 0, through: n, words: WORDS, every: false, secrets: [], ...over,
});

describe('the free-word search in its own threads', () => {
  it('finds, cut in parts, exactly what the search on the app\'s thread finds: plain words, smart case, all at once, non-ASCII, a secret masked, from a seq on', async () => {
    const n = SPLIT_ENTRIES * 2 + 123;
    const store = temp.open(temp.dir());
    const id = record(store, n);
    const search = new WordSearch(store.file, store.eventTexts);
    try {
      const asks: Partial<WordQuery>[] = [
        {},
        { every: true, words: ['Content', 'modified'] },
        { words: ['größe', 'hover'] },
        // The page shows secret-3 masked: it is not found, and the mask's text is.
        { words: ['secret-3', 'secret-1'], secrets: [{ name: 'TOKEN', value: 'secret-3' }] },
        { sinceSeq: 1000, through: n - 1000 },
        { sinceSeq: n - 50 },
      ];
      for (const ask of asks) {
        const q = query(id, n, ask);
        const here = findWords(store.eventTexts, q);
        const threaded = await search.find(q);
        expect(threaded).toEqual(here);
        expect(threaded.some((l) => l.length > 0)).toBe(true);
      }
      const masked = await search.find(query(id, n, { words: ['secret-3', 'secret-1'], secrets: [{ name: 'TOKEN', value: 'secret-3' }] }));
      expect(masked[0]).toEqual([]);
      expect(masked[1]).toHaveLength(Math.floor((n + 4) / 5));
      // The split is real: the long range went to both threads.
      expect(splitQuery(query(id, n), 2)).toHaveLength(2);
    } finally {
      search.close();
    }
  });

  it('keeps the app\'s thread free while it scans', async () => {
    const n = SPLIT_ENTRIES * 3;
    const store = temp.open(temp.dir());
    const id = record(store, n);
    const search = new WordSearch(store.file, store.eventTexts);
    try {
      await search.find(query(id, 10, { words: ['warm'] })); // the threads started
      let turned = false;
      setImmediate(() => (turned = true));
      const hits = await search.find(query(id, n, { words: ['Content modified', 'hover', 'token-1', 'größe'] }));
      // The loop turned before the answer: the scan (tens of ms) ran elsewhere.
      expect(turned).toBe(true);
      expect(hits[0]).toHaveLength(Math.floor(n / 7));
    } finally {
      search.close();
    }
  });

  it('still answers when its threads cannot open the database: the app\'s thread searches', async () => {
    const n = SPLIT_ENTRIES + 500;
    const store = temp.open(temp.dir());
    const id = record(store, n);
    const search = new WordSearch(`${store.file}.missing`, store.eventTexts);
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...a: unknown[]) => void errors.push(a);
    try {
      const q = query(id, n);
      expect(await search.find(q)).toEqual(findWords(store.eventTexts, q));
      expect(await search.find(q)).toEqual(findWords(store.eventTexts, q));
      expect(errors).toHaveLength(1);
    } finally {
      console.error = log;
      search.close();
    }
  });

  it('still answers when a thread stopped while idle: the app\'s thread searches', async () => {
    const n = SPLIT_ENTRIES + 500;
    const store = temp.open(temp.dir());
    const id = record(store, n);
    const search = new WordSearch(store.file, store.eventTexts);
    const log = console.error;
    console.error = () => undefined;
    try {
      const q = query(id, n);
      expect(await search.find(q)).toEqual(findWords(store.eventTexts, q));
      // Stop the threads behind the search's back, as a crash would, and wait until they are gone.
      const threads = (search as unknown as { threads: { worker: import('node:worker_threads').Worker }[] }).threads;
      await Promise.all(threads.map((t) => t.worker.terminate()));
      expect(await search.find(q)).toEqual(findWords(store.eventTexts, q));
    } finally {
      console.error = log;
      search.close();
    }
  });

  it('starts no thread once its store is closed: a search then fails as the store\'s reads do', async () => {
    const n = SPLIT_ENTRIES + 10;
    const store = temp.open(temp.dir());
    const id = record(store, n);
    store.wordSearch.start();
    expect(await store.wordSearch.find(query(id, n, { words: ['hover'] }))).toEqual(findWords(store.eventTexts, query(id, n, { words: ['hover'] })));
    store.close();
    await expect(store.wordSearch.find(query(id, n, { words: ['hover'] }))).rejects.toThrow(/not open/);
  });

  it('cuts a range in parts that cover it once, in order, and joins their answers back in order', () => {
    const q = query('s', 0);
    for (const [since, through, parts] of [[0, 10, 2], [0, SPLIT_ENTRIES, 2], [17, 17 + SPLIT_ENTRIES * 5 + 3, 2], [5, 5 + SPLIT_ENTRIES * 9, 3]]) {
      const cut = splitQuery({ ...q, sinceSeq: since, through }, parts);
      expect(cut.length).toBe(through - since < SPLIT_ENTRIES ? 1 : parts);
      expect(cut[0].sinceSeq).toBe(since);
      expect(cut[cut.length - 1].through).toBe(through);
      for (let k = 1; k < cut.length; k++) expect(cut[k].sinceSeq).toBe(cut[k - 1].through);
    }
    expect(joinParts([[[1, 2], [3]], [Float64Array.from([5]), Float64Array.from([])], [[9], [10, 11]]])).toEqual([[1, 2, 5, 9], [3, 10, 11]]);
  });
});
