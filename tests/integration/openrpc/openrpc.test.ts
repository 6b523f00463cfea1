import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import type { DocumentSummary, MethodInfo } from '@/lib/openrpc';
import type { MethodListItem } from '@/lib/openrpc/set';
import type { TrafficEvent } from '@/lib/session/types';
import { removeDir, startTestServer, type TestServer } from './helpers';

interface Listing {
  documents: (DocumentSummary & { document: unknown })[];
  methods: MethodListItem[];
  live: boolean;
  added?: DocumentSummary;
  error?: string;
}

let t: TestServer;
let peer: RunningPeer;

beforeAll(async () => {
  t = await startTestServer();
  peer = await startPeer('openrpc-peer');
});
afterAll(async () => {
  await t?.stop();
  await peer?.stop();
  if (t) removeDir(t.dir);
});

const answerTo = (events: TrafficEvent[], seq: number) => events.find((e) => e.dir === 'in' && e.pair === seq);
const openrpcRules = (e: TrafficEvent | undefined) => (e?.findings ?? []).filter((f) => f.rule.startsWith('openrpc-')).map((f) => f.rule);

describe.each([
  ['HTTP', () => ({ kind: 'http', url: `http://127.0.0.1:${peer.port}/` })],
  ['WebSocket', () => ({ kind: 'websocket', url: `ws://127.0.0.1:${peer.port}/` })],
])('OpenRPC over %s', (_name, target) => {
  let id: string;

  it('loads the document by calling rpc.discover through the session, in the timeline', async () => {
    id = await t.open(target());
    const r = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { discover: true });
    expect(r.status).toBe(200);
    expect(r.json.added).toMatchObject({ title: 'Petstore', version: '1.0.0', problems: [], source: { kind: 'discover' } });
    expect(r.json.live).toBe(true);
    expect(r.json.methods.find((m) => m.name === 'getPet')).toMatchObject({ summary: 'Fetch one pet by its id', paramStructure: 'by-name' });
    const events = await t.eventsUntil(id, (es) => es.some((e) => e.dir === 'in' && e.kind === 'response'));
    const request = events.find((e) => e.method === 'rpc.discover')!;
    expect(request.dir).toBe('out');
    expect(JSON.parse(request.raw)).toEqual({ jsonrpc: '2.0', id: expect.stringMatching(/^rpcscope-discover-\d+$/), method: 'rpc.discover' });
    expect(answerTo(events, request.seq)?.state).toBe('answered');
  });

  it('flags invalid params of a request sent, by the document', async () => {
    const seq = await t.send(id, { jsonrpc: '2.0', id: 1, method: 'getPet', params: { petId: 'seven' } });
    const events = await t.eventsUntil(id, (es) => !!answerTo(es, seq));
    const sent = events.find((e) => e.seq === seq)!;
    expect(sent.findings).toContainEqual(expect.objectContaining({ rule: 'openrpc-params', path: 'params.petId', spec: expect.stringContaining('“Petstore” 1.0.0') }));
  });

  it('decodes a declared error by its declared name, with source openrpc', async () => {
    const seq = await t.send(id, { jsonrpc: '2.0', id: 2, method: 'getPet', params: { petId: 99 } });
    const events = await t.eventsUntil(id, (es) => !!answerTo(es, seq));
    const answer = answerTo(events, seq)!;
    expect(answer.error).toMatchObject({ code: 1001, name: 'Pet not found', source: 'openrpc' });
    expect(openrpcRules(answer)).toEqual([]);
  });

  it('flags an undeclared error and a result that breaks its schema', async () => {
    const del = await t.send(id, { jsonrpc: '2.0', id: 3, method: 'deletePet', params: { petId: 1 } });
    const count = await t.send(id, { jsonrpc: '2.0', id: 4, method: 'countPets' });
    const events = await t.eventsUntil(id, (es) => !!answerTo(es, del) && !!answerTo(es, count));
    expect(openrpcRules(answerTo(events, del))).toEqual(['openrpc-error-undeclared']);
    expect(answerTo(events, del)?.error).toMatchObject({ code: 1099, source: 'application' });
    expect(openrpcRules(answerTo(events, count))).toEqual(['openrpc-result']);
  });

  it('remembers the document for the next session to the same target, without discovering again', async () => {
    await t.api('POST', `/api/sessions/${id}/close`);
    const next = await t.open(target());
    const listing = await t.api<Listing>('GET', `/api/sessions/${next}/openrpc`);
    expect(listing.json.documents.map((d) => d.title)).toEqual(['Petstore']);
    const seq = await t.send(next, { jsonrpc: '2.0', id: 1, method: 'add', params: { a: 1, b: 2 } });
    const events = await t.eventsUntil(next, (es) => !!answerTo(es, seq));
    expect(openrpcRules(events.find((e) => e.seq === seq))).toEqual(['openrpc-params']);
    expect(events.some((e) => e.method === 'rpc.discover')).toBe(false);
    await t.api('POST', `/api/sessions/${next}/close`);
  });
});

describe('loading documents in other ways', () => {
  it('loads from a URL, and refuses other schemes and failed fetches in plain words', async () => {
    const id = await t.open({ kind: 'http', url: `http://127.0.0.1:${peer.port}/other` });
    // The peer is on loopback: refused unless the user opts in (server/routes/address-policy.ts).
    const unasked = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { url: `http://127.0.0.1:${peer.port}/openrpc.json` });
    expect([unasked.status, unasked.json.error]).toEqual([403, expect.stringMatching(/^refusing to fetch from 127\.0\.0\.1: a loopback or private-network address/)]);
    const ok = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { url: `http://127.0.0.1:${peer.port}/openrpc.json`, allowPrivate: true });
    expect(ok.status).toBe(200);
    expect(ok.json.added).toMatchObject({ title: 'Petstore', source: { kind: 'url', url: `http://127.0.0.1:${peer.port}/openrpc.json` } });
    const file = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { url: 'file:///etc/passwd' });
    expect([file.status, file.json.error]).toEqual([400, 'only http and https URLs can be loaded (not file)']);
    const missing = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { url: `http://127.0.0.1:${peer.port}/nope.json`, allowPrivate: true });
    expect(missing.status).toBe(502);
    expect(missing.json.error).toMatch(/answered HTTP 405/);
    await t.api('POST', `/api/sessions/${id}/close`);
  });

  it('stops reading a URL past 5 MiB, even without a Content-Length', async () => {
    const big = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 24 && res.write(chunk)) sent++;
        if (sent >= 24) res.end();
        else res.once('drain', pump);
      };
      res.on('error', () => undefined);
      pump();
    });
    await new Promise<void>((r) => big.listen(0, '127.0.0.1', () => r()));
    try {
      const id = await t.open({ kind: 'http', url: `http://127.0.0.1:${peer.port}/big` });
      const url = `http://127.0.0.1:${(big.address() as AddressInfo).port}/doc.json`;
      const r = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { url, allowPrivate: true });
      expect([r.status, r.json.error]).toEqual([413, `the document at ${url} is larger than 5 MiB`]);
      await t.api('POST', `/api/sessions/${id}/close`);
    } finally {
      big.closeAllConnections();
      await new Promise((r) => big.close(r));
    }
  });

  it('shows a pasted document’s problems, attaches it anyway, and forgets it on delete', async () => {
    const target = { kind: 'http', url: `http://127.0.0.1:${peer.port}/pasted` };
    const id = await t.open(target);
    const broken = { openrpc: '1.3.2', info: { title: 'Broken' }, methods: [{ name: 'ping', params: [{ name: 'x', schema: { type: 'strng' } }] }] };
    const r = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { document: JSON.stringify(broken), name: 'broken.json' });
    expect(r.status).toBe(200);
    expect(r.json.added?.source).toEqual({ kind: 'file', name: 'broken.json' });
    expect(r.json.added?.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'info: is missing "version"',
      'methods[0] (ping).params[0] (x).schema.type: must be one of "array", "boolean", "integer", "null", "number", "object", "string" (it is the string "strng")',
      'method ping, param x: has a schema that cannot be used for checks (they are skipped): type must be JSONType or JSONType[]: strng',
    ]);
    const del = await t.api<Listing>('DELETE', `/api/sessions/${id}/openrpc/${r.json.added!.id}`);
    expect(del.json.documents).toEqual([]);
    expect((await t.api('DELETE', `/api/sessions/${id}/openrpc/${r.json.added!.id}`)).status).toBe(404);
    await t.api('POST', `/api/sessions/${id}/close`);
    const next = await t.open(target);
    expect((await t.api<Listing>('GET', `/api/sessions/${next}/openrpc`)).json.documents).toEqual([]);
    await t.api('POST', `/api/sessions/${next}/close`);
  });

  it('refuses text that is not JSON, a value that is not an object, and an ambiguous body', async () => {
    const id = await t.open({ kind: 'http', url: `http://127.0.0.1:${peer.port}/bad` });
    const notJson = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { document: '{"openrpc": ' });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toMatch(/^the document is not JSON: /);
    const notObject = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { document: '[1,2]' });
    expect([notObject.status, notObject.json.error]).toEqual([400, 'that is not an OpenRPC document: it must be a JSON object (it is an array)']);
    const both = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { document: {}, discover: true });
    expect(both.status).toBe(400);
    await t.api('POST', `/api/sessions/${id}/close`);
  });

  it('reports a target that does not answer rpc.discover with the error it gave', async () => {
    const quiet = await startPeer('openrpc-peer', ['--no-discover']);
    try {
      const id = await t.open({ kind: 'http', url: `http://127.0.0.1:${quiet.port}/` });
      const r = await t.api<Listing>('POST', `/api/sessions/${id}/openrpc`, { discover: true });
      expect([r.status, r.json.error]).toEqual([502, 'rpc.discover answered with error -32601 "Method not found"']);
      await t.api('POST', `/api/sessions/${id}/close`);
    } finally {
      await quiet.stop();
    }
  });
});

// Keeps the MethodInfo type import meaningful for readers: the listing carries full method info per document.
export type { MethodInfo };
