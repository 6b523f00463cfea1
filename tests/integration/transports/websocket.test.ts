import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocketTarget } from '@/lib/session/types';
import { createTransport } from '@/server/transports/registry';
import type { Transport, TransportOptions } from '@/server/transports/types';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { record, rpc, waitFor, type Recorded } from './helpers';

let plain: RunningPeer;
let guarded: RunningPeer;
let chatty: RunningPeer;
const open: Transport[] = [];

beforeAll(async () => {
  [plain, guarded, chatty] = await Promise.all([
    startPeer('ws-peer', ['--subprotocols', 'jsonrpc,other']),
    startPeer('ws-peer', ['--require-header', 'x-api-key=k1']),
    startPeer('ws-peer', ['--banner', 'welcome, stranger', '--flood', '3']),
  ]);
});

afterAll(async () => {
  await Promise.all([plain, guarded, chatty].map((p) => p?.stop()));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function connect(port: number, extra: Partial<WebSocketTarget> = {}, options?: TransportOptions): Promise<{ t: Transport; r: Recorded }> {
  const r = record();
  const t = createTransport({ kind: 'websocket', url: `ws://127.0.0.1:${port}/`, ...extra }, r.events, options);
  open.push(t);
  await t.start();
  return { t, r };
}

describe('WebSocket transport', () => {
  it('connects with custom headers and a subprotocol, and exchanges text frames', async () => {
    const { t, r } = await connect(plain.port, { headers: { 'X-Trace': 'abc', 'X-Two': '2' }, subprotocols: ['nope', 'jsonrpc'] });
    expect(r.meta[0].note).toBe(`connected to ws://127.0.0.1:${plain.port}/ (subprotocol jsonrpc)`);
    await t.send(rpc('get_headers'));
    await waitFor(() => r.messages.length === 1, 'the reply');
    const reply = r.json()[0] as { result: { headers: Record<string, string>; protocol: string } };
    expect(reply.result.protocol).toBe('jsonrpc');
    expect(reply.result.headers['x-trace']).toBe('abc');
    expect(reply.result.headers['x-two']).toBe('2');
    expect(reply.result.headers['sec-websocket-protocol']).toBe('nope,jsonrpc');
    expect(r.messages[0].ws).toBeUndefined();
  });

  it('passes on messages the target sends on its own, at any time', async () => {
    const { r } = await connect(chatty.port);
    await waitFor(() => r.messages.length === 4, 'banner and flood');
    expect(r.messages.map((m) => m.text)).toEqual([
      'welcome, stranger',
      '{"jsonrpc":"2.0","method":"flood","params":{"i":0}}',
      '{"jsonrpc":"2.0","method":"flood","params":{"i":1}}',
      '{"jsonrpc":"2.0","method":"flood","params":{"i":2}}',
    ]);
  });

  it('answers a request the target sends, then gets the original answer', async () => {
    const { t, r } = await connect(plain.port);
    await t.send(rpc('ask_client', { method: 'workspace/configuration' }, 0));
    await waitFor(() => r.messages.length === 1, 'the server request');
    expect(r.json()[0]).toEqual({ jsonrpc: '2.0', id: 0, method: 'workspace/configuration', params: { items: [{ section: 'rpcscope' }] } });
    await t.send(JSON.stringify({ jsonrpc: '2.0', id: 0, result: ['cfg'] }));
    await waitFor(() => r.messages.length === 2, 'the answer');
    expect(r.json()[1]).toEqual({ jsonrpc: '2.0', result: { askedId: 0, clientSaid: ['cfg'] }, id: 0 });
  });

  it('decodes binary frames as UTF-8, and keeps the bytes when they are not UTF-8', async () => {
    const { t, r } = await connect(plain.port);
    await t.send(rpc('binary_reply', undefined, 1));
    await waitFor(() => r.messages.length === 1, 'binary reply');
    expect(r.messages[0]).toEqual({ text: '{"jsonrpc":"2.0","result":"sent as a binary frame","id":1}', ws: { binary: true } });
    await t.send(rpc('binary_invalid', undefined, 2));
    await waitFor(() => r.messages.length === 3, 'invalid bytes and the reply');
    const bad = r.messages[1];
    expect(bad.ws).toEqual({ binary: true });
    expect(bad.rawBase64).toBe(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64'));
    expect(bad.text).toBe('{\uFFFD\uFFFD}');
  });

  it('sends binary frames when given bytes', async () => {
    const { t, r } = await connect(plain.port);
    await t.send(new TextEncoder().encode(rpc('echo', ['bytes'])));
    await waitFor(() => r.messages.length === 1, 'reply');
    expect(r.json()[0]).toEqual({ jsonrpc: '2.0', result: ['bytes'], id: 1 });
  });

  it('records the close code and reason the target sends', async () => {
    const { t, r } = await connect(plain.port);
    await t.send(rpc('close_me', { code: 4001, reason: 'bye now' }));
    await waitFor(() => r.closes.length === 1, 'close');
    expect(r.meta.at(-1)).toEqual({ note: 'closed with code 4001: bye now', facts: { ws: { closeCode: 4001, closeReason: 'bye now' } } });
    expect(r.closes).toEqual(['closed with code 4001: bye now']);
    await expect(t.send(rpc('echo'))).rejects.toThrow('WebSocket is not open (closed with code 4001: bye now)');
  });

  it('closes with 1007 when a text frame is not valid UTF-8, and keeps the frame\'s bytes', async () => {
    const { t, r } = await connect(plain.port);
    await t.send(rpc('text_invalid', undefined, 3));
    await waitFor(() => r.closes.length === 1, 'close');
    const bad = r.messages[0];
    expect(bad.ws).toBeUndefined();
    expect(bad.rawBase64).toBe(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64'));
    expect(bad.text).toBe('{\uFFFD\uFFFD}');
    expect(r.meta.at(-1)!.facts!.ws!.closeCode).toBe(1007);
    expect(r.closes[0]).toBe('rpcscope closed with code 1007 (invalid frame payload data): text frame is not valid UTF-8 (the bad frame is kept as raw bytes)');
  });

  it('records an abnormal close (1006) when the target drops the connection', async () => {
    const { t, r } = await connect(plain.port);
    await t.send(rpc('crash'));
    await waitFor(() => r.closes.length === 1, 'close');
    expect(r.meta.at(-1)!.facts!.ws!.closeCode).toBe(1006);
    expect(r.closes[0]).toBe('closed with code 1006 (connection lost without a close frame)');
  });

  it('closes cleanly from our side, once', async () => {
    const { t, r } = await connect(plain.port);
    await t.close();
    await t.close();
    expect(r.closes).toEqual(['closed with code 1000 (normal closure): closed by rpcscope']);
  });

  it('says why a handshake was refused, with the HTTP status', async () => {
    const r = record();
    const t = createTransport({ kind: 'websocket', url: `ws://127.0.0.1:${guarded.port}/` }, r.events);
    await expect(t.start()).rejects.toThrow(
      `WebSocket handshake refused: HTTP 401 Unauthorized from ws://127.0.0.1:${guarded.port}/ (WWW-Authenticate: Header realm="needs x-api-key")`,
    );
    expect(r.meta[0].facts!.http!.status).toBe(401);
    expect(r.closes).toEqual([]);
    await t.close();

    const ok = await connect(guarded.port, { headers: { 'X-Api-Key': 'k1' } });
    await ok.t.send(rpc('echo', ['in']));
    await waitFor(() => ok.r.messages.length === 1, 'reply');
  });

  it('says "connection refused" with the address when nothing listens', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const t = createTransport({ kind: 'websocket', url: `ws://127.0.0.1:${port}/` }, record().events);
    await expect(t.start()).rejects.toThrow(`connection refused: 127.0.0.1:${port}`);
  });

  it('reports a message over the size limit and the close that follows', async () => {
    const { t, r } = await connect(plain.port, {}, { maxBodyBytes: 1024 });
    await t.send(rpc('blob', { bytes: 4096 }));
    await waitFor(() => r.closes.length === 1, 'close');
    // ws answers with close code 1009 and stops reading, so the close we record is abnormal.
    expect(r.errors).toEqual(['a message from the target is larger than the 1 KiB limit']);
    expect(r.messages).toEqual([]);
  });
});
