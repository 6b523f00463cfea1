import { describe, expect, it } from 'vitest';
import {
  RunIds,
  autoIdsOf,
  batchPayload,
  buildCollectionFile,
  parseCollectionFile,
  planItems,
  runSequence,
  serializeCollectionFile,
  withFreshIds,
  type Exchange,
} from '@/lib/collections';
import { composeBatchEntries, type BatchEntryDraft } from '@/lib/builder/batch-compose';

const entry = (method: string, id: 'auto' | string): BatchEntryDraft => ({
  kind: 'request',
  method,
  paramsMode: 'object',
  paramsText: '{"q":"{{term}}"}',
  idPolicy: id === 'auto' ? 'auto' : 'custom',
  customId: id === 'auto' ? '' : id,
  rawText: '',
});

// What the batch editor saves: two auto entries around one the user typed ("keep-me").
const drafts = [entry('a', 'auto'), entry('b', '"keep-me"'), { ...entry('n', 'auto'), kind: 'notification' as const }, entry('c', 'auto')];
const saved = composeBatchEntries(drafts, 7).text!;
const autoIds = drafts.flatMap((e, i) => (e.kind === 'request' && e.idPolicy === 'auto' ? [i] : []));

const ids = (text: string) => (JSON.parse(text.replace(/\{\{term\}\}/g, 'x')) as { id?: unknown }[]).map((m) => m.id);

describe('a saved batch keeps which ids were "auto"', () => {
  it('numbers the auto entries afresh and leaves typed ids and every other byte as saved', () => {
    expect(ids(saved)).toEqual([7, 'keep-me', undefined, 8]);
    const fresh = withFreshIds(saved, autoIds, 41);
    expect(fresh.used).toBe(2);
    expect(ids(fresh.text)).toEqual([41, 'keep-me', undefined, 42]);
    expect(fresh.text.replace('"id":41', '"id":7').replace('"id":42', '"id":8')).toBe(saved);
  });

  it('skips a position the text no longer has instead of inventing an id', () => {
    expect(withFreshIds('[{"jsonrpc":"2.0","method":"n"}]', [0, 5], 3)).toEqual({ text: '[{"jsonrpc":"2.0","method":"n"}]', used: 0 });
    expect(withFreshIds('not json at all', [0], 3)).toEqual({ text: 'not json at all', used: 0 });
  });

  it('reads auto positions only from a batch payload that carries valid ones', () => {
    expect(autoIdsOf(batchPayload(saved, autoIds))).toEqual([0, 3]);
    expect(batchPayload(saved, [])).toEqual({ text: saved });
    expect(autoIdsOf({ text: saved })).toEqual([]);
    expect(autoIdsOf({ text: saved, autoIds: [3, 0] })).toEqual([]);
  });

  it('each run of a collection gives the batch fresh ids, above the ids sent before it in that run', async () => {
    const tree = {
      items: [
        { name: 'typed', kind: 'request' as const, payload: { text: '{"jsonrpc":"2.0","id":5,"method":"ping"}' } },
        { name: 'batch', kind: 'batch' as const, payload: batchPayload(saved, autoIds) },
      ],
      folders: [],
    };
    const sent: string[] = [];
    const send = async (_i: unknown, text: string): Promise<Exchange> => {
      sent.push(text);
      return { error: 'no peer in this test' };
    };
    await runSequence(planItems(tree), [{ name: 'term', value: 'x' }], send);
    expect(ids(sent[1])).toEqual([6, 'keep-me', undefined, 7]);
    // In a session whose next id is 20 (what the page passes as firstAutoId).
    await runSequence(planItems(tree), [{ name: 'term', value: 'x' }], send, Date.now, new RunIds(20));
    expect(ids(sent[3])).toEqual([20, 'keep-me', undefined, 21]);
  });
});

describe('the collection file keeps auto ids, and old files still load', () => {
  const tree = (payload: unknown) => ({ collection: { name: 'c' }, items: [{ name: 'b', kind: 'batch' as const, payload }], folders: [] });

  it('writes version 2 only when a batch remembers auto ids, and reads it back', () => {
    const plain = buildCollectionFile(tree({ text: saved })).file;
    expect(plain.version).toBe(1);
    const withAuto = serializeCollectionFile(buildCollectionFile(tree(batchPayload(saved, autoIds))).file);
    const back = parseCollectionFile(withAuto);
    expect(back.ok && back.value.version).toBe(2);
    expect(back.ok && autoIdsOf(back.value.items[0].payload)).toEqual([0, 3]);
  });

  it('loads a version-1 file as before', () => {
    const v1 = JSON.stringify({ format: 'rpcscope-collection', version: 1, name: 'old', items: [{ name: 'b', kind: 'batch', payload: { text: saved } }], folders: [] });
    const r = parseCollectionFile(v1);
    expect(r.ok && r.value.items[0].payload).toEqual({ text: saved });
  });

  it('refuses auto ids that are no entry positions, or that sit in a version-1 file, naming the item', () => {
    const file = (version: number, payload: unknown) => JSON.stringify({ format: 'rpcscope-collection', version, name: 'x', items: [{ name: 'b', kind: 'batch', payload }], folders: [] });
    expect(parseCollectionFile(file(2, { text: saved, autoIds: [-1] }))).toMatchObject({ ok: false, error: expect.stringContaining('items[0] "b": payload.autoIds must hold entry positions') });
    expect(parseCollectionFile(file(2, { text: saved, autoIds: [2, 2] }))).toMatchObject({ ok: false, error: expect.stringContaining('ascending order') });
    expect(parseCollectionFile(file(1, { text: saved, autoIds: [0] }))).toMatchObject({ ok: false, error: expect.stringContaining('needs a collection file of version 2') });
  });
});
