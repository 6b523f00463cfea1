import { describe, expect, it } from 'vitest';
import {
  buildCollectionFile,
  itemMessageText,
  parseCollectionFile,
  serializeCollectionFile,
  type CollectionTreeLike,
} from '@/lib/collections';

const hover = { jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { position: { line: 0, character: 0 } } };

const tree: CollectionTreeLike = {
  collection: { name: 'Language server' },
  items: [
    { name: 'broken', kind: 'raw', payload: { text: '{"jsonrpc":"2.0",\r\n' } },
    {
      name: 'with target',
      kind: 'batch',
      payload: [hover, { ...hover, id: 2 }],
      target: { url: 'ws://127.0.0.1:8546/', kind: 'websocket', headers: { Authorization: 'Bearer s3cr3t-value-here' } } as never,
    },
  ],
  folders: [
    {
      name: 'documents',
      items: [{ name: 'hover at 0:0', kind: 'request', payload: hover }],
      folders: [{ name: 'deep', items: [], folders: [] }],
    },
  ],
};

describe('collection file, version 1', () => {
  it('round-trips: export, import, export again gives the same bytes', () => {
    const text = serializeCollectionFile(buildCollectionFile(tree).file);
    const back = parseCollectionFile(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.counts).toEqual({ items: 3, folders: 2 });
    expect(serializeCollectionFile(back.value)).toBe(text);
    expect(back.value.items[0].payload).toEqual({ text: '{"jsonrpc":"2.0",\r\n' });
  });

  it('is pretty-printed with a stable key order, so it diffs well in git', () => {
    const text = serializeCollectionFile(buildCollectionFile(tree).file);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n').slice(0, 4)).toEqual(['{', '  "format": "rpcscope-collection",', '  "version": 1,', '  "name": "Language server",']);
    // The target's keys come in a fixed order whatever order they were saved in.
    expect(text.indexOf('"kind": "websocket"')).toBeLessThan(text.indexOf('"url": "ws://127.0.0.1:8546/"'));
  });

  it('never writes a secret variable in clear: its value becomes its {{name}} reference', () => {
    const { file, secretsReplaced } = buildCollectionFile(tree, { secrets: [{ name: 'token', value: 's3cr3t-value-here' }] });
    const text = serializeCollectionFile(file);
    expect(text).not.toContain('s3cr3t-value-here');
    expect(text).toContain('"Authorization": "Bearer {{token}}"');
    expect(secretsReplaced).toBe(1);
  });

  it('sends a raw item exactly as written and any other payload as compact JSON', () => {
    expect(itemMessageText({ text: '{ "a" :1}\n' })).toBe('{ "a" :1}\n');
    expect(itemMessageText([hover])).toBe(JSON.stringify([hover]));
  });
});

describe('importing a collection file refuses bad input whole, saying which entry and why', () => {
  const valid = () => JSON.parse(serializeCollectionFile(buildCollectionFile(tree).file));

  it('refuses a file from a newer rpcscope', () => {
    const r = parseCollectionFile(JSON.stringify({ ...valid(), version: 3 }));
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining('made by a newer rpcscope: version 3') });
  });

  it('refuses something that is not a collection file', () => {
    expect(parseCollectionFile('{"format":"rpcscope-session","version":1}')).toMatchObject({ ok: false, error: expect.stringContaining('not an rpcscope collection file') });
    expect(parseCollectionFile('{not json')).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
    expect(parseCollectionFile('['.repeat(10_000))).toMatchObject({ ok: false, error: expect.stringContaining('nested too deeply') });
  });

  it('names each bad entry by its place and name', () => {
    const f = valid();
    f.folders[0].items[0].kind = 'script';
    f.items[1].target = { kind: 'stdio', command: '' , framing: 'newline' };
    f.folders[0].folders[0].name = 'x'.repeat(10_000);
    f.items.push({ name: 'sneaky', kind: 'raw', payload: { text: 'x' }, run: 'rm -rf /' });
    const r = parseCollectionFile(JSON.stringify(f));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { entry: 'folders[0] "documents" › items[0] "hover at 0:0"', message: 'kind must be one of request, batch, raw' },
        expect.objectContaining({ entry: 'items[1] "with target"', message: expect.stringContaining('command is empty') }),
        expect.objectContaining({ entry: expect.stringContaining('folders[0] "documents" › folders[0] "xxxx'), message: expect.stringContaining('longer than 200') }),
        { entry: 'items[2] "sneaky"', message: 'unknown member "run"' },
      ]),
    );
    expect(r.error).toMatch(/^nothing was imported: /);
  });

  it('treats names as labels: path-like and device names are accepted as text, control characters are not', () => {
    const f = valid();
    f.name = '../../x';
    f.items[0].name = 'CON';
    expect(parseCollectionFile(JSON.stringify(f)).ok).toBe(true);
    f.items[0].name = 'a\u0000b';
    expect(parseCollectionFile(JSON.stringify(f))).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining('control characters') }] });
  });

  it('refuses folders nested deeper than the store allows', () => {
    let folder: Record<string, unknown> = { name: 'leaf', items: [], folders: [] };
    for (let i = 0; i < 40; i++) folder = { name: `f${i}`, items: [], folders: [folder] };
    const r = parseCollectionFile(JSON.stringify({ ...valid(), folders: [folder] }));
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining('folders nest more than 32 levels deep') });
  });
});
