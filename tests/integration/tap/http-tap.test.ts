/**
 * The HTTP/WebSocket tap with real clients and servers: the MCP SDK's Streamable HTTP client in
 * front of server-everything's HTTP mode, plain JSON-RPC over HTTP (headers and Host), an SSE reply
 * that reaches the client event by event, and rpc-websockets' client and server over a WebSocket.
 * Each gets what it gets without the tap, and the session holds both directions, paired.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEverythingHttp } from '../mcp/helpers';
import { startPeer } from '../../fixtures/peers/start-peer';
import { proxyTapInFront, rpcWsClient, startProxyTap, startRpcWsServer } from './proxy-helpers';
import { tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-http-tap-');
afterAll(() => tmp.remove());

async function mcpConversation(url: string) {
  const client = new Client({ name: 'http-tap-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  const tools = await client.listTools();
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'through the HTTP tap ✓' } });
  const sum = await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } });
  const hadSession = transport.sessionId !== undefined;
  await transport.terminateSession();
  await client.close();
  return { tools: tools.tools.map((t) => t.name).sort(), echo, sum, hadSession };
}

describe('the HTTP tap', () => {
  it('an MCP Streamable HTTP client gets the same results through it, and every call is recorded and paired', async () => {
    const server = await startEverythingHttp();
    try {
      const direct = await mcpConversation(`http://127.0.0.1:${server.port}/mcp`);
      const tap = await startProxyTap(`http://127.0.0.1:${server.port}/mcp`, tmp.dir);
      const tapped = await mcpConversation(tap.origin);
      const { code, events } = await tap.stop();
      expect(code).toBe(0);
      expect(tapped).toEqual(direct);
      expect(tapped.hadSession).toBe(true);

      const requests = events.filter((e) => e.dir === 'out' && e.kind === 'request');
      expect(requests.map((r) => r.method)).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call']));
      for (const r of requests) {
        expect(r.state, `${r.method} is answered`).toBe('answered');
        const answer = events.find((e) => e.seq === r.pair)!;
        expect(answer.dir).toBe('in');
        expect(answer.id).toEqual(r.id);
        expect(answer.http?.requestSeq).toBe(r.seq);
      }
      // The session id the server gave is what the client sent back (headers pass through).
      const init = requests.find((r) => r.method === 'initialize')!;
      const sid = events.find((e) => e.seq === init.pair)!.http?.headers?.['mcp-session-id'];
      expect(sid).toBeTruthy();
      expect(requests.find((r) => r.method === 'tools/list')!.http?.headers?.['mcp-session-id']).toBe(sid);
      expect(events.some((e) => /^DELETE \/mcp → HTTP 200/.test(e.note ?? ''))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('plain JSON-RPC over HTTP: headers pass through, Host becomes the target’s, and the answer is paired', async () => {
    const peer = await startPeer('http-peer');
    try {
      const tap = await startProxyTap(`http://127.0.0.1:${peer.port}/`, tmp.dir);
      const res = await fetch(tap.origin, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-trace': 'abc', authorization: 'Bearer t0k' },
        body: '{"jsonrpc":"2.0","id":7,"method":"get_headers"}',
      });
      const answer = (await res.json()) as { id: number; result: { headers: Record<string, string> } };
      const { events } = await tap.stop();
      expect(answer.id).toBe(7);
      expect(answer.result.headers).toMatchObject({ 'x-trace': 'abc', authorization: 'Bearer t0k', host: `127.0.0.1:${peer.port}` });
      const request = events.find((e) => e.dir === 'out' && e.kind === 'request')!;
      expect(request.method).toBe('get_headers');
      expect(request.state).toBe('answered');
      expect(JSON.parse(events.find((e) => e.seq === request.pair)!.raw).id).toBe(7);
    } finally {
      await peer.stop();
    }
  }, 30_000);

  it('a request for a name other than the tap’s (DNS rebinding) is refused, and nothing reaches the target', async () => {
    let reached = 0;
    const target = http.createServer((_req, res) => {
      reached++;
      res.end('{}');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const tap = await startProxyTap(`http://127.0.0.1:${(target.address() as AddressInfo).port}/`, tmp.dir);
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: tap.port, method: 'POST', headers: { host: 'rebound.example:80' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{"jsonrpc":"2.0","id":1,"method":"x"}');
      });
      expect(status).toBe(421);
      expect(reached).toBe(0);
    } finally {
      await tap.stop();
      await new Promise((r) => target.close(r));
    }
  }, 30_000);

  it('an SSE reply reaches the client event by event, before the server has written the next one', async () => {
    let clientGotFirst!: () => void;
    const firstArrived = new Promise<void>((r) => (clientGotFirst = r));
    const target = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n');
        // The second event is written only once the client has the first: a tap that buffered would hang here.
        void firstArrived.then(() => res.end('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"done":true}}\n\n'));
      });
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const tap = await startProxyTap(`http://127.0.0.1:${(target.address() as AddressInfo).port}/`, tmp.dir);
    try {
      const res = await fetch(tap.origin, { method: 'POST', headers: { accept: 'text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"work"}' });
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('"progress":1}}\n\n')) text += new TextDecoder().decode((await reader.read()).value);
      clientGotFirst();
      for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
      expect(text).toContain('"result":{"done":true}');
      const { events } = await tap.stop();
      const request = events.find((e) => e.dir === 'out' && e.kind === 'request')!;
      const sse = events.filter((e) => e.dir === 'in' && e.http?.sse);
      expect(sse.map((e) => e.kind)).toEqual(['notification', 'response']);
      expect(sse.every((e) => e.http?.requestSeq === request.seq && e.http.sse?.event === 'message')).toBe(true);
      expect(request.state).toBe('answered');
    } finally {
      await tap.stop().catch(() => undefined);
      await new Promise((r) => target.close(r));
    }
  }, 30_000);
});


describe('the WebSocket tap', () => {
  it('an rpc-websockets client and server talk through it frame by frame, and both directions are recorded', async () => {
    const { peer, tap, stop } = await proxyTapInFront(startRpcWsServer, (s) => `ws://127.0.0.1:${s.port}/`, tmp.dir);
    const { server } = peer;
    server.event('tick');
    try {
      const client = await rpcWsClient(`ws://127.0.0.1:${tap.port}/`);
      expect(await client.call('sum', [1, 2, 39])).toBe(42);
      await client.subscribe('tick');
      const ticked = new Promise<unknown>((r) => client.on('tick', (v) => r(v)));
      server.emit('tick', 'now');
      expect(await ticked).toBe('now');
      client.close();
      await new Promise((r) => setTimeout(r, 200));
      const { events } = await tap.stop();
      const sum = events.find((e) => e.dir === 'out' && e.method === 'sum')!;
      expect(sum.state).toBe('answered');
      expect(JSON.parse(events.find((e) => e.seq === sum.pair)!.raw).result).toBe(42);
      expect(events.some((e) => e.dir === 'in' && e.raw.includes('"notification":"tick"'))).toBe(true);
      expect(events.some((e) => /WebSocket #1 ws:\/\/127\.0\.0\.1:\d+\/ open/.test(e.note ?? ''))).toBe(true);
      expect(events.some((e) => e.ws?.closeCode !== undefined && /the client closed/.test(e.note ?? ''))).toBe(true);
    } finally {
      await stop();
    }
  }, 30_000);
});
