import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '@/server/transports/registry';
import type { Transport, TransportOptions } from '@/server/transports/types';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { note, post, record, rpc, waitFor, type Recorded } from './helpers';

let json: RunningPeer;
let auth: RunningPeer;
let html: RunningPeer;
let sse: RunningPeer;
let plainText: RunningPeer;
const open: Transport[] = [];

beforeAll(async () => {
  [json, auth, html, sse, plainText] = await Promise.all([
    startPeer('http-peer'),
    startPeer('http-peer', ['--auth', 's3cret']),
    startPeer('http-peer', ['--html-error', '502']),
    // 7-byte writes: events and their line ends arrive split across chunks.
    startPeer('http-peer', ['--sse', '--sse-chunk', '7', '--sse-prime']),
    startPeer('http-peer', ['--plain-text']),
  ]);
});

afterAll(async () => {
  await Promise.all([json, auth, html, sse, plainText].map((p) => p?.stop()));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function connect(
  port: number,
  headers?: Record<string, string>,
  options?: TransportOptions,
  scheme = 'http',
): Promise<{ t: Transport; r: Recorded }> {
  const r = record();
  const t = createTransport({ kind: 'http', url: `${scheme}://127.0.0.1:${port}/rpc`, headers }, r.events, options);
  await t.start();
  open.push(t);
  return { t, r };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('HTTP transport', () => {
  it('posts JSON with the JSON-RPC content type, the SSE-capable Accept header and every user header', async () => {
    const { t, r } = await connect(json.port, { 'X-Trace': 'abc', 'X-Other': 'def', 'User-Agent': 'rpcscope-test' });
    await post(t, r, rpc('get_headers'));
    const reply = r.json()[0] as { result: { method: string; headers: Record<string, string> } };
    expect(reply.result.method).toBe('POST');
    expect(reply.result.headers['content-type']).toBe('application/json');
    expect(reply.result.headers.accept).toBe('application/json, text/event-stream');
    expect(reply.result.headers['x-trace']).toBe('abc');
    expect(reply.result.headers['x-other']).toBe('def');
    expect(reply.result.headers['user-agent']).toBe('rpcscope-test');
  });

  it('records the status line and the headers with each reply', async () => {
    const { t, r } = await connect(json.port);
    await post(t, r, rpc('subtract', [42, 23]));
    expect(r.json()).toEqual([{ jsonrpc: '2.0', result: 19, id: 1 }]);
    const http = r.messages[0].http!;
    expect(http.status).toBe(200);
    expect(http.statusText).toBe('OK');
    expect(http.headers!['content-type']).toBe('application/json');
    expect(http.url).toBe(`http://127.0.0.1:${json.port}/rpc`);
  });

  it('records an empty 204 reply to a notification as an empty reply, not as a message', async () => {
    const { t, r } = await connect(json.port);
    await post(t, r, note('update', [1, 2, 3]));
    expect(r.messages).toHaveLength(0);
    expect(r.empty).toHaveLength(1);
    expect(r.empty[0].status).toBe(204);
    expect(r.empty[0].statusText).toBe('No Content');
    expect(r.errors).toEqual([]);
  });

  it('hands on a batch reply whole, as one message', async () => {
    const { t, r } = await connect(json.port);
    await post(t, r, `[${rpc('sum', [1, 2, 4], '1')},${note('notify_hello', [7])},${rpc('foobar', undefined, '2')}]`);
    expect(r.json()).toEqual([
      [
        { jsonrpc: '2.0', result: 7, id: '1' },
        { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: '2' },
      ],
    ]);
  });

  it('keeps WWW-Authenticate on a 401 and says so in plain words', async () => {
    const { t, r } = await connect(auth.port);
    await post(t, r, rpc('echo', ['hi']));
    expect(r.messages[0].text).toBe('Unauthorized\n');
    expect(r.messages[0].http!.status).toBe(401);
    expect(r.messages[0].http!.headers!['www-authenticate']).toBe('Bearer realm="rpcscope-fixture", error="invalid_token"');
    expect(r.errors[0]).toContain('HTTP 401 Unauthorized');
    expect(r.errors[0]).toContain('WWW-Authenticate: Bearer realm="rpcscope-fixture"');

    const ok = await connect(auth.port, { Authorization: 'Bearer s3cret' });
    await post(ok.t, ok.r, rpc('echo', ['hi']));
    expect(ok.r.json()).toEqual([{ jsonrpc: '2.0', result: ['hi'], id: 1 }]);
  });

  it('hands on an HTML error page as text, with its status', async () => {
    const { t, r } = await connect(html.port);
    await post(t, r, rpc('echo'));
    expect(r.messages[0].text).toContain('<h1>Something went wrong</h1>');
    expect(r.messages[0].http!.status).toBe(502);
    expect(r.messages[0].http!.statusText).toBe('Bad Gateway');
    expect(r.messages[0].http!.headers!['content-type']).toContain('text/html');
  });

  it('hands on a plain-text body exactly as it came', async () => {
    const { t, r } = await connect(plainText.port);
    await post(t, r, rpc('echo'));
    expect(r.messages.map((m) => m.text)).toEqual(['this server speaks plain text, not JSON-RPC\n']);
  });

  it('splits a text/event-stream reply into its events as they arrive', async () => {
    const { t, r } = await connect(sse.port);
    const started = Date.now();
    let firstAt = 0;
    const firstSeen = waitFor(() => r.messages.length > 0, 'first SSE event').then(() => (firstAt = Date.now()));
    await post(t, r, rpc('progress', { steps: 3, ms: 150 }, 7));
    const doneAt = Date.now();
    await firstSeen;
    // The first event is delivered while the reply is still streaming, not when it ends.
    expect(doneAt - firstAt).toBeGreaterThanOrEqual(250);
    expect(firstAt - started).toBeLessThan(doneAt - started);
    expect(r.json()).toEqual([
      { jsonrpc: '2.0', method: 'progress', params: { step: 1, of: 3 } },
      { jsonrpc: '2.0', method: 'progress', params: { step: 2, of: 3 } },
      { jsonrpc: '2.0', method: 'progress', params: { step: 3, of: 3 } },
      { jsonrpc: '2.0', result: { done: 3 }, id: 7 },
    ]);
    expect(r.messages.map((m) => m.http!.sse)).toEqual([
      { event: 'message', id: '1' },
      { event: 'message', id: '2' },
      { event: 'message', id: '3' },
      { event: 'message', id: '4' },
    ]);
    expect(r.messages[0].http!.headers!['content-type']).toBe('text/event-stream');
    // The data-less priming event is noted, not passed on as a message.
    expect(r.meta.some((m) => m.note === 'SSE event without data (id 0)')).toBe(true);
  });

  it('keeps the Mcp-Session-Id the server assigned and sends it on later requests', async () => {
    const { t, r } = await connect(sse.port);
    await post(t, r, rpc('echo', ['one'], 1));
    const sid = r.messages[0].http!.headers!['mcp-session-id'];
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.meta.some((m) => m.note.includes(`Mcp-Session-Id ${sid}`))).toBe(true);
    await post(t, r, rpc('get_headers', undefined, 2));
    const reply = r.json()[1] as { result: { headers: Record<string, string> } };
    expect(reply.result.headers['mcp-session-id']).toBe(sid);
  });

  it('ends the MCP session with a DELETE on close', async () => {
    const { t, r } = await connect(sse.port);
    await post(t, r, rpc('echo', ['one']));
    const sid = r.messages[0].http!.headers!['mcp-session-id'];
    await t.close();
    const other = await connect(sse.port, { 'Mcp-Session-Id': sid });
    await post(other.t, other.r, rpc('echo', ['two']));
    expect(other.r.messages[0].http!.status).toBe(404);
    expect(other.r.messages[0].text).toContain('Session not found');
  });

  it('answers a request the server sends over the event stream while the first POST is still open', async () => {
    const { t, r } = await connect(sse.port);
    const asking = post(t, r, rpc('ask_client', { method: 'workspace/configuration' }, 'outer'), 1);
    await waitFor(() => r.messages.some((m) => m.text.includes('workspace/configuration')), 'the server request');
    const ask = JSON.parse(r.messages.find((m) => m.text.includes('workspace/configuration'))!.text) as { id: number };
    expect(ask.id).toBe(0);
    await t.send(JSON.stringify({ jsonrpc: '2.0', id: ask.id, result: [{ tabSize: 2 }] }), 2);
    await waitFor(() => r.exchanges.some((x) => x.ref === 2), 'the 202 to our answer');
    expect(r.empty.map((h) => h.status)).toEqual([202]);
    await asking;
    // `post` returns at the first exchange that ends, which may be the 202 above: the outer POST
    // ends once its event stream has brought the answer.
    await waitFor(() => r.exchanges.some((x) => x.ref === 1), 'the end of the first POST');
    expect(r.json().at(-1)).toEqual({ jsonrpc: '2.0', result: { askedId: 0, clientSaid: [{ tabSize: 2 }] }, id: 'outer' });
  });

  it('runs several requests at once, and a send returns before the slow answer', async () => {
    const { t, r } = await connect(json.port);
    const started = Date.now();
    await Promise.all([1, 2, 3].map((id) => t.send(rpc('sleep', { ms: 400 }, id), id)));
    // Handed over, not answered: the answers are still 400 ms away.
    expect(Date.now() - started).toBeLessThan(300);
    expect(r.messages).toHaveLength(0);
    await waitFor(() => r.exchanges.length === 3, 'three answers');
    expect(Date.now() - started).toBeLessThan(1100);
    expect(r.exchanges.map((x) => x.ref).sort()).toEqual([1, 2, 3]);
    expect(r.messages.map((m) => [m.http!.requestSeq, (JSON.parse(m.text) as { id: number }).id])).toEqual(expect.arrayContaining([[1, 1], [2, 2], [3, 3]]));
    expect((r.json() as { id: number }[]).map((m) => m.id).sort()).toEqual([1, 2, 3]);
  });

  it('a target that never answers: POSTs wait for one of its 32 connections in the send queue, and past the cap a send is refused', async () => {
    const held: http.ServerResponse[] = [];
    const server = http.createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { t, r } = await connect((server.address() as net.AddressInfo).port, undefined, { sendQueue: { maxMessages: 40 } });
      for (let i = 1; i <= 32; i++) await t.send(rpc('echo', [i], i), i);
      await waitFor(() => held.length === 32, 'the target to hold 32 POSTs');
      let accepted = 32;
      let refused: Error | undefined;
      for (let i = 33; i <= 200 && !refused; i++) {
        await t.send(rpc('echo', [i], i), i).then(
          () => accepted++,
          (err: Error) => (refused = err),
        );
      }
      // 32 POSTs hold the target's connections, 40 wait for one; the next is refused.
      expect(accepted).toBe(72);
      expect(refused?.message).toMatch(/^send refused: target is not reading \(\d+ bytes queued in 40 messages\); this message would pass the cap of 40 messages/);
      expect(r.queue[0]).toMatchObject({ stuck: true });
      expect(held).toHaveLength(32);
    } finally {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses a reply body over the size limit with a clear error', async () => {
    const { t, r } = await connect(json.port, undefined, { maxBodyBytes: 1024 });
    expect((await post(t, r, rpc('blob', { bytes: 5000 }))).failure).toMatch(/reply body is larger than the 1 KiB limit \(HTTP 200/);
    expect(r.messages).toHaveLength(0);
    await post(t, r, rpc('blob', { bytes: 100 }, 2));
    expect(r.messages).toHaveLength(1);
  });

  it('says "connection refused" with the address when nothing listens', async () => {
    const port = await freePort();
    const { t, r } = await connect(port);
    expect((await post(t, r, rpc('echo'))).failure).toBe(`connection refused: 127.0.0.1:${port}`);
  });

  it('says when the host name does not resolve', async () => {
    const r = record();
    const t = createTransport({ kind: 'http', url: 'http://rpcscope-nonexistent.invalid/rpc' }, r.events);
    await t.start();
    open.push(t);
    expect((await post(t, r, rpc('echo'))).failure).toMatch(/^DNS lookup failed: .*\(rpcscope-nonexistent\.invalid:80\)$/);
  });

  it('reports a TLS failure in plain words', async () => {
    const { t, r } = await connect(json.port, undefined, undefined, 'https');
    expect((await post(t, r, rpc('echo'))).failure).toBe(
      `TLS failure: wrong version number (the server does not speak TLS here: try http:// or ws://) (127.0.0.1:${json.port})`,
    );
  });

  it('rejects a bad URL or a bad header name before sending anything', async () => {
    const r = record();
    await expect(createTransport({ kind: 'http', url: 'not a url' }, r.events).start()).rejects.toThrow('invalid URL: not a url');
    await expect(createTransport({ kind: 'http', url: 'ftp://x/' }, r.events).start()).rejects.toThrow(/unsupported URL scheme "ftp:"/);
    await expect(
      createTransport({ kind: 'http', url: 'http://127.0.0.1:1/', headers: { 'Bad Name': 'x' } }, r.events).start(),
    ).rejects.toThrow(/invalid header "Bad Name"/);
  });

  it('refuses at start a header the HTTP client sets itself, and a user Content-Length never replaces the real one', async () => {
    const r = record();
    await expect(
      createTransport({ kind: 'http', url: `http://127.0.0.1:${json.port}/rpc`, headers: { 'Transfer-Encoding': 'chunked' } }, r.events).start(),
    ).rejects.toThrow('invalid header "Transfer-Encoding": the HTTP client sets this one itself');
    await expect(
      createTransport({ kind: 'http', url: `http://127.0.0.1:${json.port}/rpc`, headers: { Connection: 'upgrade' } }, r.events).start(),
    ).rejects.toThrow('invalid header "Connection": only "close" or "keep-alive" can be asked for');
    const { t, r: ok } = await connect(json.port, { 'Content-Length': '3', Connection: 'close' });
    await post(t, ok, rpc('get_headers'));
    const reply = ok.json()[0] as { result: { headers: Record<string, string> } };
    expect(reply.result.headers['content-length']).toBe(String(Buffer.byteLength(rpc('get_headers'))));
    expect(reply.result.headers.connection).toBe('close');
  });

  it('close() ends requests still in flight and reports the close once', async () => {
    const { t, r } = await connect(json.port);
    await t.send(rpc('sleep', { ms: 5000 }), 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.close();
    await waitFor(() => r.exchanges.length === 1, 'the POST ended');
    expect(r.exchanges).toEqual([{ ref: 1, failure: 'transport closed' }]);
    await t.close();
    expect(r.closes).toEqual(['closed']);
    await expect(t.send(rpc('echo'))).rejects.toThrow('transport closed');
  });

  it('reports a server that drops the connection mid-request', async () => {
    const { t, r } = await connect(json.port);
    expect((await post(t, r, rpc('crash'))).failure).toMatch(/connection (closed by the target before it replied|reset by the target): 127\.0\.0\.1/);
  });
});
