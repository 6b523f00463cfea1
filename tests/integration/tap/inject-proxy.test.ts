/**
 * Injecting through the HTTP and WebSocket tap, with real clients and servers and an app on the
 * same data directory (its send route is the composer's): the MCP SDK's Streamable HTTP client in
 * front of server-everything's HTTP mode, plain JSON-RPC over HTTP, and rpc-websockets' client and
 * server. Injected requests are answered and marked, their answers never reach the real side, the
 * conversation goes on, and what cannot be done is refused in words. With several WebSockets
 * relayed at once (real `ws` clients and server), the tap reports them to the app and an
 * injection goes into the one the send names, and only there.
 */
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema, LoggingMessageNotificationSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { TrafficEvent } from '@/lib/session/types';
import type { TapConnectionsStatus } from '@/lib/session/tap-connections';
import { startEverythingHttp } from '../mcp/helpers';
import { startPeer } from '../../fixtures/peers/start-peer';
import { startTapApp, until, type TapApp } from './app-helpers';
import { proxyTapInFront, rpcWsClient, startRpcWsServer } from './proxy-helpers';
import { tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-inject-proxy-');
// One app for the file (each tap hands it a new session; the earlier ones have ended by then).
let app: TapApp;
beforeAll(async () => {
  app = await startTapApp(path.join(tmp.dir, 'data'));
}, 30_000);
afterAll(async () => {
  await app?.stop();
  tmp.remove();
});

const body = (e: TrafficEvent) => JSON.parse(e.raw) as { id?: unknown; result?: unknown; method?: string };

async function inject(sessionId: string, to: 'server' | 'client', message: unknown): Promise<Response> {
  return app.call(`/api/sessions/${sessionId}/send`, { text: JSON.stringify(message), to });
}

async function injected(sessionId: string, to: 'server' | 'client', message: unknown): Promise<number> {
  const res = await inject(sessionId, to, message);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { seq: number }).seq;
}

/** The entry `seq` once answered, and its answer. */
async function answered(sessionId: string, seq: number): Promise<{ request: TrafficEvent; answer: TrafficEvent }> {
  return until(`#${seq} answered`, async () => {
    const events = await app.events(sessionId);
    const request = events.find((e) => e.seq === seq);
    const answer = request?.pair !== undefined ? events.find((e) => e.seq === request.pair) : undefined;
    return request?.state === 'answered' && answer ? { request, answer } : undefined;
  });
}

describe('injecting through the HTTP tap', () => {
  it('MCP Streamable HTTP: to server over the tap’s own POST with the session id, to client on its GET stream, its answers kept', async () => {
    const { tap, stop } = await proxyTapInFront(startEverythingHttp, (s) => `http://127.0.0.1:${s.port}/mcp`, tmp.dir);
    try {
      const client = new Client({ name: 'inject-test', version: '1.0.0' }, { capabilities: { roots: {} } });
      client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///tmp/inject-root', name: 'inject root' }] }));
      const logged: unknown[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.data));
      const transport = new StreamableHTTPClientTransport(new URL(tap.origin));
      await client.connect(transport);
      // Everything the client is handed, beside the SDK's own handling.
      const seen: JSONRPCMessage[] = [];
      const handle = transport.onmessage!;
      transport.onmessage = (m: JSONRPCMessage) => {
        seen.push(m);
        handle(m);
      };
      const session = await app.openTapSession();
      await until('the client’s GET event stream', async () => ((await app.events(session.id)).some((e) => /^GET \/mcp → HTTP 200.*an event stream/.test(e.note ?? '')) ? true : undefined));

      // To server: the tap POSTs it with the conversation's session id; the answer is recorded.
      const seq = await injected(session.id, 'server', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const toServer = await answered(session.id, seq);
      expect(toServer.request).toMatchObject({ dir: 'out', method: 'tools/list', injected: true });
      expect(toServer.request.http?.headers?.['mcp-session-id']).toBe(transport.sessionId);
      expect(String(body(toServer.request).id)).toMatch(/^rpcscope-inject-\d+$/);
      expect(JSON.stringify(body(toServer.answer).result)).toContain('"echo"');

      // To client: a notification on its event stream, as if the server had sent it.
      await injected(session.id, 'client', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'from rpcscope' } });
      await until('the client got the notification', async () => (logged.includes('from rpcscope') ? true : undefined));

      // A request to the client: it answers with a POST, which the tap keeps (202) — the server never sees it.
      const rootsSeq = await injected(session.id, 'client', { jsonrpc: '2.0', id: 'mine', method: 'roots/list' });
      const toClient = await answered(session.id, rootsSeq);
      expect(toClient.request).toMatchObject({ dir: 'in', method: 'roots/list', injected: true });
      expect(toClient.answer.dir).toBe('out');
      expect(JSON.stringify(body(toClient.answer).result)).toContain('inject root');
      expect((await app.events(session.id)).some((e) => /answered 202 by the tap/.test(e.note ?? ''))).toBe(true);

      // The conversation goes on, and the client never got an answer it did not ask for.
      const echo = await client.callTool({ name: 'echo', arguments: { message: 'after injecting' } });
      expect(JSON.stringify(echo)).toContain('after injecting');
      expect(seen.filter((m) => !('method' in m) && String((m as { id?: unknown }).id).startsWith('rpcscope-inject-'))).toEqual([]);
      await transport.terminateSession();
      await client.close();

      // The session file marks the injected entries.
      const { events } = await tap.stop();
      expect(events.filter((e) => e.injected).map((e) => e.method)).toEqual(['tools/list', 'notifications/message', 'roots/list']);
    } finally {
      await stop();
    }
  }, 90_000);

  it('plain JSON-RPC over HTTP: to server carries the client’s auth header and fills in {{variables}}; to client, with no event stream, is refused in words', async () => {
    const { peer, tap, stop } = await proxyTapInFront(() => startPeer('http-peer'), (p) => `http://127.0.0.1:${p.port}/`, tmp.dir);
    try {
      const res = await fetch(tap.origin, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t0k' }, body: '{"jsonrpc":"2.0","id":7,"method":"sum","params":[1,2]}' });
      expect(((await res.json()) as { result: number }).result).toBe(3);
      const session = await app.openTapSession();
      const seq = await injected(session.id, 'server', { jsonrpc: '2.0', id: 1, method: 'get_headers' });
      const { answer } = await answered(session.id, seq);
      expect((body(answer).result as { headers: Record<string, string> }).headers).toMatchObject({ authorization: 'Bearer t0k', host: `127.0.0.1:${peer.port}` });

      // With the composer's {{variables}}: filled in from the environment on the app, then injected.
      const env = (await (await app.call('/api/environments', { name: 'tap env', variables: [{ name: 'a', value: '40', secret: false }] })).json()) as { environment: { id: string } };
      const withVars = await app.call(`/api/sessions/${session.id}/send-with-environment`, { text: '{"jsonrpc":"2.0","id":2,"method":"sum","params":[{{a}},2]}', environmentId: env.environment.id, to: 'server' });
      expect(withVars.status, await withVars.clone().text()).toBe(200);
      const filled = await answered(session.id, ((await withVars.json()) as { seq: number }).seq);
      expect(filled.request.injected).toBe(true);
      expect(body(filled.answer).result).toBe(42);

      const refused = await inject(session.id, 'client', { jsonrpc: '2.0', method: 'hello' });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toMatch(/no open event stream/);
    } finally {
      await stop();
    }
  }, 60_000);
});


describe('injecting through the WebSocket tap', () => {
  it('frames go into the relayed socket either way, and answers to injected requests are kept from the other side', async () => {
    const { peer, tap, stop } = await proxyTapInFront(startRpcWsServer, (s) => `ws://127.0.0.1:${s.port}/`, tmp.dir);
    // Every frame the server is handed.
    const serverGot = peer.got;
    try {
      const client = await rpcWsClient(`ws://127.0.0.1:${tap.port}/`);
      const clientGot: string[] = [];
      client.socket.on('message', (d) => clientGot.push(String(d)));
      expect(await client.call('sum', [1, 2])).toBe(3);
      const session = await app.openTapSession();

      // To server: answered, recorded, and the client never sees the answer.
      const seq = await injected(session.id, 'server', { jsonrpc: '2.0', id: 1, method: 'sum', params: [20, 22] });
      const { request, answer } = await answered(session.id, seq);
      expect(request).toMatchObject({ dir: 'out', injected: true });
      expect(body(answer).result).toBe(42);
      // To client: a notification the rpc-websockets client hands its listener.
      const hello = new Promise<unknown>((r) => client.on('hello', (p) => r(p)));
      await injected(session.id, 'client', { jsonrpc: '2.0', method: 'hello', params: { from: 'rpcscope' } });
      expect(await hello).toEqual({ from: 'rpcscope' });
      expect(await client.call('sum', [2, 3])).toBe(5);
      expect(clientGot.some((t) => t.includes('rpcscope-inject-'))).toBe(false);

      // A second client that answers every request: the injected request goes into the newest
      // socket, and its answer never reaches the server.
      const answering = new WebSocket(`ws://127.0.0.1:${tap.port}/`);
      answering.on('message', (d) => {
        const m = JSON.parse(String(d)) as { id?: unknown; method?: string };
        if (m.method && m.id !== undefined) answering.send(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: 'answered by the client' }));
      });
      await new Promise((r) => answering.once('open', r));
      await until('the second socket in the recording', async () => ((await app.events(session.id)).filter((e) => / open/.test(e.note ?? '') && e.http?.status === 101).length >= 2 ? true : undefined));
      const toClient = await answered(session.id, await injected(session.id, 'client', { jsonrpc: '2.0', id: 2, method: 'ping' }));
      expect(toClient.request).toMatchObject({ dir: 'in', injected: true });
      expect(body(toClient.answer).result).toBe('answered by the client');
      await new Promise((r) => setTimeout(r, 200));
      // The server got the request injected to it, but no answer to one injected to a client.
      const answers = serverGot.map((t) => JSON.parse(t) as { id?: unknown; method?: string }).filter((m) => m.method === undefined);
      expect(serverGot.some((t) => t.includes('"method":"sum","params":[20,22]'))).toBe(true);
      expect(answers.filter((m) => String(m.id).startsWith('rpcscope-inject-'))).toEqual([]);
      answering.close();
      client.close();
    } finally {
      await stop();
    }
  }, 60_000);
});

/** A JSON-RPC server over WebSocket: answers `whoami` with the socket's number, keeps what each socket got. */
async function startServer() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const got: string[][] = [];
  wss.on('connection', (socket) => {
    const mine: string[] = [];
    const n = got.push(mine);
    socket.on('message', (d) => {
      const text = String(d);
      mine.push(text);
      const m = JSON.parse(text) as { id?: unknown; method?: string };
      if (m.method === 'whoami') socket.send(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: `socket ${n}` }));
    });
  });
  return { port: (wss.address() as AddressInfo).port, got, stop: () => new Promise((r) => wss.close(r)) };
}

async function client(url: string) {
  const ws = new WebSocket(url);
  const got: string[] = [];
  ws.on('message', (d) => got.push(String(d)));
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  return { ws, got, port: (ws as unknown as { _socket: { localPort: number } })._socket.localPort };
}

const connections = async (id: string) => (await (await app.call(`/api/sessions/${id}/tap-connections`)).json()) as TapConnectionsStatus;

describe('injecting into one of several WebSockets through the tap', () => {
  it('lists the open connections, injects into the one named, and refuses a closed one in words', async () => {
    const { peer: server, tap, stop } = await proxyTapInFront(startServer, (s) => `ws://127.0.0.1:${s.port}/`, tmp.dir);
    try {
      const first = await client(`ws://127.0.0.1:${tap.port}/first`);
      const session = await app.openTapSession();
      const second = await client(`ws://127.0.0.1:${tap.port}/second?token=secret`);

      // The app knows both, oldest first, each with its client address and path (no query).
      const both = await until('two connections reported', async () => {
        const s = await connections(session.id);
        return s.conns.length === 2 ? s : undefined;
      });
      expect(both.available).toBe(true);
      expect(both.conns.map((c) => [c.conn, c.path, c.client])).toEqual([
        [1, '/first', `127.0.0.1:${first.port}`],
        [2, '/second', `127.0.0.1:${second.port}`],
      ]);

      // Into the second only: the first client never sees it.
      const toSecond = await app.call(`/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","method":"hello","params":["to #2"]}', to: 'client', conn: 2 });
      expect(toSecond.status, await toSecond.clone().text()).toBe(200);
      await until('the second client got it', async () => (second.got.some((t) => t.includes('to #2')) ? true : undefined));
      // And into the first, although the second is newer.
      const toFirst = await app.call(`/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","method":"hello","params":["to #1"]}', to: 'client', conn: 1 });
      expect(toFirst.status, await toFirst.clone().text()).toBe(200);
      await until('the first client got it', async () => (first.got.some((t) => t.includes('to #1')) ? true : undefined));
      // Towards the server on the first socket: the server's first socket answers it, the tap keeps the answer.
      const ask = await app.call(`/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","id":1,"method":"whoami"}', to: 'server', conn: 1 });
      expect(ask.status, await ask.clone().text()).toBe(200);
      const askSeq = ((await ask.json()) as { seq: number }).seq;
      const answer = await until('the injected whoami answered', async () => {
        const events = await app.events(session.id);
        const req = events.find((e) => e.seq === askSeq);
        return req?.pair !== undefined ? events.find((e) => e.seq === req.pair) : undefined;
      });
      expect(JSON.parse(answer.raw).result).toBe('socket 1');
      expect(answer.ws?.conn).toBe(1);
      await new Promise((r) => setTimeout(r, 150));
      expect(second.got.some((t) => t.includes('to #1'))).toBe(false);
      expect(first.got.some((t) => t.includes('to #2'))).toBe(false);
      expect(first.got.some((t) => t.includes('socket 1'))).toBe(false);
      expect(server.got[1].some((t) => t.includes('whoami'))).toBe(false);

      // Every frame's entry names its connection; the injected ones too.
      const events = await app.events(session.id);
      const injected = events.filter((e) => e.injected);
      expect(injected.map((e) => e.ws?.conn)).toEqual([2, 1, 1]);
      expect(events.filter((e) => / open/.test(e.note ?? '')).map((e) => e.ws?.conn)).toEqual([1, 2]);

      // The first closes: it leaves the list, and an injection still naming it is refused in words.
      first.ws.close();
      await until('one connection left', async () => ((await connections(session.id)).conns.length === 1 ? true : undefined));
      expect((await connections(session.id)).conns[0].conn).toBe(2);
      const refused = await app.call(`/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","method":"hello"}', to: 'client', conn: 1 });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toMatch(/WebSocket #1 is closed/);
      // Without a connection named it goes into the newest open one, as before.
      const plain = await app.call(`/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","method":"hello","params":["newest"]}', to: 'client' });
      expect(plain.status, await plain.clone().text()).toBe(200);
      await until('the second client got the unnamed one', async () => (second.got.some((t) => t.includes('newest')) ? true : undefined));
      second.ws.close();
    } finally {
      await stop();
    }
  }, 60_000);
});

/**
 * A minimal MCP Streamable HTTP server that the test drives by hand: it answers initialize (with a
 * session id), takes notifications (202), and holds the client's GET event stream for `stream`.
 */
async function startStallingMcp() {
  let stream: http.ServerResponse | undefined;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      stream = res;
      return;
    }
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const m = JSON.parse(body) as { id?: unknown; method?: string; params?: { protocolVersion?: string } };
      if (m.id === undefined) return void res.writeHead(202).end();
      const result = m.method === 'initialize' ? { protocolVersion: m.params?.protocolVersion, capabilities: { logging: {} }, serverInfo: { name: 'stalling', version: '1.0.0' } } : {};
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'stall-1' }).end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    stream: () => stream,
    stop: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

describe('injecting while the server stalls mid-event on the client’s event stream', () => {
  it('the MCP SDK client gets the injected event right after the server’s, the wait is said in the timeline, and one that waits too long is refused in words', async () => {
    const { peer, tap, stop } = await proxyTapInFront(startStallingMcp, (s) => `http://127.0.0.1:${s.port}/mcp`, tmp.dir);
    try {
      const client = new Client({ name: 'stall-test', version: '1.0.0' });
      const logged: unknown[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.data));
      const transport = new StreamableHTTPClientTransport(new URL(tap.origin));
      await client.connect(transport);
      const stream = await until('the client’s GET stream', async () => peer.stream());
      const session = await app.openTapSession();
      await until('the GET stream in the recording', async () => ((await app.events(session.id)).some((e) => /^GET \/mcp → HTTP 200.*an event stream/.test(e.note ?? '')) ? true : undefined));

      // The server stalls in the middle of an event; an injected one asked for now waits for it.
      stream.write('data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"from the ser');
      const sent = inject(session.id, 'client', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'from rpcscope' } });
      await until('the wait said in the timeline', async () => ((await app.events(session.id)).some((e) => /an injected event waits for the server to finish an event/.test(e.note ?? '')) ? true : undefined));
      expect(logged).toEqual([]);
      stream.write('ver"}}\n\n');
      expect((await sent).status).toBe(200);
      await until('both events reached the client', async () => (logged.length === 2 ? true : undefined));
      expect(logged).toEqual(['from the server', 'from rpcscope']);

      // Never finished: after the wait the send is refused with the reason, and nothing was written.
      stream.write('data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"never');
      const refused = await inject(session.id, 'client', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'too late' } });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toMatch(/stayed in the middle of an event/);
      stream.write(' ends"}}\n\n');
      await until('the server’s event', async () => (logged.length === 3 ? true : undefined));
      expect(logged).toEqual(['from the server', 'from rpcscope', 'never ends']);
      await client.close();
    } finally {
      await stop();
    }
  }, 60_000);
});
