/**
 * The page's cache of entry texts (issue 11): rows leave the bridge without their wire text, the
 * text stays within a budget (least recently used out), and what is missing is asked for in one
 * batch per render and heard about once it arrives.
 */
import { describe, expect, it } from 'vitest';
import { EntryTexts, withText } from '@/components/stores/entry-texts';
import type { EntryText } from '@/lib/api/entries';
import type { TrafficEvent } from '@/lib/session/types';

const ev = (seq: number, raw: string): TrafficEvent => ({ seq, t: seq, time: 1e12 + seq, dir: 'in', raw, kind: 'notification', method: 'log', findings: [] });

describe('entry texts kept apart from the rows', () => {
  it('hands back a row without its text and keeps the text by seq', () => {
    const texts = new EntryTexts(1000, async () => []);
    const row = texts.take('s', ev(1, 'abc'));
    expect('raw' in row).toBe(false);
    expect(row.method).toBe('log');
    expect(texts.peek('s', 1)).toEqual({ seq: 1, raw: 'abc' });
    expect(withText(row, texts.peek('s', 1)!)).toEqual(ev(1, 'abc'));
  });

  it('keeps at most its budget of characters, dropping the least recently read first', () => {
    const texts = new EntryTexts(30, async () => []);
    for (let s = 1; s <= 3; s++) texts.take('s', ev(s, 'x'.repeat(10)));
    texts.peek('s', 1); // read: now the most recent
    texts.take('s', ev(4, 'y'.repeat(10)));
    expect(texts.keptChars).toBeLessThanOrEqual(30);
    expect(texts.peek('s', 2)).toBeUndefined();
    expect(texts.peek('s', 1)?.raw).toBe('x'.repeat(10));
    expect(texts.peek('s', 4)?.raw).toBe('y'.repeat(10));
  });

  it('asks once for every missing text read in one render, and tells its readers when they arrive', async () => {
    const asks: number[][] = [];
    const server: EntryText[] = [{ seq: 7, raw: 'seven' }, { seq: 8, raw: 'eight' }];
    const texts = new EntryTexts(1000, async (_id, seqs) => {
      asks.push(seqs);
      return server.filter((t) => seqs.includes(t.seq));
    });
    let heard = 0;
    texts.subscribe(() => heard++);
    expect(texts.get('s', 7)).toBeUndefined();
    expect(texts.get('s', 8)).toBeUndefined();
    expect(texts.get('s', 9)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(asks).toEqual([[7, 8, 9]]);
    expect(heard).toBe(1);
    expect(texts.get('s', 7)?.raw).toBe('seven');
    // The one the server did not have is not asked again at once.
    texts.get('s', 9);
    await new Promise((r) => setTimeout(r, 20));
    expect(asks).toHaveLength(1);
  });

  it('forgets a removed session', () => {
    const texts = new EntryTexts(1000, async () => []);
    texts.take('a', ev(1, 'one'));
    texts.take('b', ev(1, 'uno'));
    texts.forget('a');
    expect(texts.peek('a', 1)).toBeUndefined();
    expect(texts.peek('b', 1)?.raw).toBe('uno');
    expect(texts.keptChars).toBe(3);
  });
});
