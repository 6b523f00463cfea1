import { describe, expect, it } from 'vitest';
import { openRpcToCollection } from '@/lib/collections';

const doc = {
  openrpc: '1.2.6',
  info: { title: 'Petstore', version: '1.0.0' },
  servers: [{ url: 'http://127.0.0.1:{port}/rpc', variables: { port: { default: '8545' } } }],
  methods: [
    {
      name: 'list_pets',
      params: [
        { name: 'limit', schema: { type: 'integer' } },
        { name: 'tag', schema: { type: 'string' } },
      ],
      result: { name: 'pets', schema: { type: 'array' } },
      examples: [{ name: 'two pets', params: [{ name: 'limit', value: 2 }], result: { name: 'pets', value: [] } }],
    },
    {
      name: 'get_pet',
      paramStructure: 'by-name',
      params: [{ $ref: '#/components/contentDescriptors/PetId' }],
      result: { name: 'pet', schema: {} },
      examples: [{ $ref: '#/components/examplePairingObjects/OnePet' }],
    },
    { name: 'notify_feed', params: [{ name: 'amount', required: true, schema: { type: 'number' } }] },
    { name: 'health', params: [], result: { name: 'ok', schema: { default: true } } },
  ],
  components: {
    contentDescriptors: { PetId: { name: 'petId', required: true, schema: { type: 'integer' } } },
    examplePairingObjects: { OnePet: { name: 'one', params: [{ $ref: '#/components/examples/PetIdSeven' }], result: { name: 'pet', value: {} } } },
    examples: { PetIdSeven: { name: 'petId', value: 7 } },
  },
};

describe('importing an OpenRPC document as a collection', () => {
  it('makes one request item per method with params from its examples, and the server as each item\'s target', () => {
    const r = openRpcToCollection(JSON.stringify(doc));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.name).toBe('Petstore');
    expect(r.value.items.map((i) => [i.name, i.payload])).toEqual([
      ['list_pets', { jsonrpc: '2.0', id: 1, method: 'list_pets', params: [2] }],
      ['get_pet', { jsonrpc: '2.0', id: 2, method: 'get_pet', params: { petId: 7 } }],
      // No result: a notification, so no id. A required param with no example is null.
      ['notify_feed', { jsonrpc: '2.0', method: 'notify_feed', params: [null] }],
      ['health', { jsonrpc: '2.0', id: 4, method: 'health', params: [] }],
    ]);
    expect(r.value.items[0].target).toEqual({ kind: 'http', url: 'http://127.0.0.1:8545/rpc' });
  });

  it('takes a WebSocket server as a WebSocket target and leaves out a server no kind can reach', () => {
    const at = (url: string) => {
      const r = openRpcToCollection({ ...doc, servers: [{ url }] });
      return r.ok ? r.value.items[0].target : 'refused';
    };
    expect(at('WSS://node.example.test/ws')).toEqual({ kind: 'websocket', url: 'WSS://node.example.test/ws' });
    expect(at('https://node.example.test/rpc')).toEqual({ kind: 'http', url: 'https://node.example.test/rpc' });
    expect(at('ftp://node.example.test/rpc')).toBeUndefined();
    expect(at('/rpc')).toBeUndefined();
  });

  it('refuses the whole document when one method is bad, naming the method and the reason', () => {
    const bad = { ...doc, methods: [...doc.methods, { name: 'broken', params: [{ $ref: 'https://example.test/x.json' }] }, { params: [] }] };
    const r = openRpcToCollection(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { entry: 'methods[4] "broken"', message: expect.stringContaining('points outside the document') },
      { entry: 'methods[5]', message: 'a method needs a name' },
    ]);
  });

  it('says plainly when the text is not an OpenRPC document', () => {
    expect(openRpcToCollection('{"swagger":"2.0"}')).toMatchObject({ ok: false, error: expect.stringContaining('not an OpenRPC document') });
    expect(openRpcToCollection('nope')).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
  });

  it('survives a $ref cycle with a clear message', () => {
    const cyclic = { openrpc: '1.2.6', info: { title: 't' }, methods: [{ $ref: '#/components/x' }], components: { x: { $ref: '#/components/x' } } };
    expect(openRpcToCollection(cyclic)).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining('cycle') }] });
  });
});
