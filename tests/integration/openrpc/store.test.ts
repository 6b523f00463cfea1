import { afterEach, describe, expect, it } from 'vitest';
import { targetKey } from '@/lib/openrpc';
import { tempStores } from '@/tests/integration/store/temp-store';

const stores = tempStores();
afterEach(() => stores.cleanup());

const key = targetKey({ kind: 'http', url: 'http://127.0.0.1:8545/' });
const doc = (id: string) => ({ docId: id, source: { kind: 'paste' }, text: JSON.stringify({ id }) });

describe('OpenRPC documents remembered per target', () => {
  it('survive a restart, in the order they were loaded', () => {
    const dir = stores.dir();
    const first = stores.open(dir);
    first.openrpc.save(key, doc('b'));
    first.openrpc.save(key, doc('a'));
    first.close();
    const again = stores.open(dir);
    expect(again.openrpc.list(key).map((d) => d.docId)).toEqual(['b', 'a']);
    expect(again.openrpc.list(key)[0]).toMatchObject({ source: { kind: 'paste' }, text: '{"id":"b"}' });
  });

  it('keep a document loaded again in its place, and belong to one target only', () => {
    const s = stores.open(stores.dir());
    s.openrpc.save(key, doc('a'));
    s.openrpc.save(key, doc('b'));
    s.openrpc.save(key, { ...doc('a'), source: { kind: 'url', url: 'http://x/' } });
    expect(s.openrpc.list(key).map((d) => [d.docId, d.source])).toEqual([['a', { kind: 'url', url: 'http://x/' }], ['b', { kind: 'paste' }]]);
    expect(s.openrpc.list(targetKey({ kind: 'websocket', url: 'ws://127.0.0.1:8545/' }))).toEqual([]);
  });

  it('refuse a 17th document for one target and forget one on remove', () => {
    const s = stores.open(stores.dir());
    for (let i = 0; i < 16; i++) s.openrpc.save(key, doc(`d${i}`));
    expect(() => s.openrpc.save(key, doc('one-too-many'))).toThrow('at most 16 OpenRPC documents per target: remove one first');
    expect(s.openrpc.remove(key, 'd3')).toBe(true);
    expect(s.openrpc.remove(key, 'd3')).toBe(false);
    expect(s.openrpc.list(key)).toHaveLength(15);
  });

  it('key stdio targets by program, arguments and folder, not by environment', () => {
    const a = targetKey({ kind: 'stdio', command: 'node', args: ['server.js'], framing: 'newline', env: { A: '1' } });
    const b = targetKey({ kind: 'stdio', command: 'node', args: ['server.js'], framing: 'content-length' });
    const c = targetKey({ kind: 'stdio', command: 'node', args: ['server.js', '--x'], framing: 'newline' });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});
