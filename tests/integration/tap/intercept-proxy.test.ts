/**
 * Intercepting through the HTTP and WebSocket tap, with real clients and servers and an app on
 * the same data directory (its intercept routes are the panel's): the MCP SDK's Streamable HTTP
 * client in front of server-everything's HTTP mode (a held tools/call POST edited — the server
 * answers the edit —, one dropped — the client gets rpcscope's error, the server never answers
 * it —, and an SSE answer held and edited on its way back), plain JSON-RPC over HTTP (a held
 * reply edited with its Content-Length recomputed, a held batch dropped, one released by turning
 * intercept off), and rpc-websockets (a
 * frame held and edited, one dropped, one released by the tap stopping).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { HeldMessage, InterceptStatus } from '@/lib/intercept/wire';
import type { TrafficEvent } from '@/lib/session/types';
import { startEverythingHttp } from '../mcp/helpers';
import { startPeer } from '../../fixtures/peers/start-peer';
import { startTapApp, until, type TapApp } from './app-helpers';
import { proxyTapInFront, rpcWsClient, startRpcWsServer } from './proxy-helpers';
import { tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-intercept-proxy-');
let app: TapApp;
beforeAll(async () => {
  app = await startTapApp(path.join(tmp.dir, 'data'));
}, 30_000);
afterAll(async () => {
  await app?.stop();
  tmp.remove();
});

async function intercept(sessionId: string, what: 'set' | 'forward' | 'drop', arg?: { breakpoints?: string[]; hold?: number; text?: string }): Promise<InterceptStatus> {
  const at = `/api/sessions/${sessionId}/intercept`;
  const res =
    what === 'set'
      ? await app.call(at, { breakpoints: arg!.breakpoints }, 'PUT')
      : await app.call(`${at}/held/${arg!.hold}/${what}`, what === 'forward' && arg!.text !== undefined ? { text: arg!.text } : {});
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as InterceptStatus;
}

/** The next message held in the session (the panel's list), once there is one. */
function nextHeld(sessionId: string, where: (h: HeldMessage) => boolean = () => true): Promise<HeldMessage> {
  return until('a held message', async () => {
    const s = (await (await app.call(`/api/sessions/${sessionId}/intercept`)).json()) as InterceptStatus;
    return s.held.find((h) => h.seq > 0 && where(h));
  });
}

async function entry(sessionId: string, seq: number, state?: string): Promise<TrafficEvent> {
  return until(`#${seq}${state ? ` ${state}` : ''}`, async () => {
    const e = (await app.events(sessionId)).find((x) => x.seq === seq);
    return e && (!state || e.intercept?.state === state) ? e : undefined;
  });
}

describe('intercepting through the HTTP tap', () => {
  it('MCP Streamable HTTP: a held tools/call edited reaches the server edited, a dropped one gets rpcscope’s error, a held SSE answer goes back edited', async () => {
    const { tap, stop } = await proxyTapInFront(startEverythingHttp, (s) => `http://127.0.0.1:${s.port}/mcp`, tmp.dir);
    try {
      const client = new Client({ name: 'intercept-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(tap.origin)));
      const session = await app.openTapSession();
      expect(((await (await app.call(`/api/sessions/${session.id}/intercept`)).json()) as InterceptStatus)).toMatchObject({ available: true, on: false });
      await intercept(session.id, 'set', { breakpoints: ['method:tools/call kind:request'] });

      // Held before it goes upstream: the client waits; forwarded edited, the server answers the edit.
      let answered = false;
      const call = client.callTool({ name: 'echo', arguments: { message: 'as the client wrote it' } }).finally(() => (answered = true));
      const held = await nextHeld(session.id);
      expect(held).toMatchObject({ dir: 'out', kind: 'request', method: 'tools/call' });
      expect(held.text).toContain('as the client wrote it');
      expect((await entry(session.id, held.seq, 'held')).http?.method).toBe('POST');
      await new Promise((r) => setTimeout(r, 200));
      expect(answered).toBe(false);
      await intercept(session.id, 'forward', { hold: held.hold, text: held.text!.replace('as the client wrote it', 'edited in rpcscope') });
      expect(JSON.stringify(await call)).toContain('Echo: edited in rpcscope');
      expect((await entry(session.id, held.seq, 'edited')).intercept).toMatchObject({ state: 'edited', sent: expect.stringContaining('edited in rpcscope') });

      // Dropped: the client gets an error naming rpcscope at once; the server never answered it.
      const dropped = client.callTool({ name: 'echo', arguments: { message: 'never sent' } });
      dropped.catch(() => undefined);
      const second = await nextHeld(session.id);
      await intercept(session.id, 'drop', { hold: second.hold });
      await expect(dropped).rejects.toThrow(/rpcscope tap: dropped at a breakpoint/);
      await entry(session.id, second.seq, 'dropped');
      const events = await app.events(session.id);
      const answer = events.find((e) => e.pair === second.seq);
      expect(answer).toMatchObject({ dir: 'in', kind: 'error', injected: true });
      expect(events.some((e) => e.dir === 'in' && !e.injected && e.raw.includes('never sent'))).toBe(false);

      // The server's SSE answer held on its way back, and edited there.
      await intercept(session.id, 'set', { breakpoints: ['dir:in method:tools/call'] });
      const back = client.callTool({ name: 'echo', arguments: { message: 'from the server' } });
      const reply = await nextHeld(session.id);
      expect(reply).toMatchObject({ dir: 'in', kind: 'response' });
      expect((await entry(session.id, reply.seq, 'held')).http?.sse).toBeDefined();
      await intercept(session.id, 'forward', { hold: reply.hold, text: reply.text!.replace('Echo: from the server', 'Echo: changed on the way back') });
      expect(JSON.stringify(await back)).toContain('changed on the way back');

      // Off: everything passes again.
      await intercept(session.id, 'set', { breakpoints: [] });
      expect(JSON.stringify(await client.callTool({ name: 'echo', arguments: { message: 'unheld' } }))).toContain('Echo: unheld');
      await client.close();
      const file = await tap.stop();
      expect(file.events.filter((e) => e.intercept).map((e) => e.intercept!.state)).toEqual(['edited', 'dropped', 'edited']);
    } finally {
      await stop();
    }
  }, 90_000);

  it('plain JSON-RPC over HTTP: a held reply goes back edited with its length recomputed; a dropped batch gets an error for each request; turning intercept off forwards what is held', async () => {
    const { tap, stop } = await proxyTapInFront(() => startPeer('http-peer'), (p) => `http://127.0.0.1:${p.port}/`, tmp.dir);
    const post = (body: string) => fetch(tap.origin, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    try {
      expect(((await (await post('{"jsonrpc":"2.0","id":1,"method":"sum","params":[1,2]}')).json()) as { result: number }).result).toBe(3);
      const session = await app.openTapSession();
      await intercept(session.id, 'set', { breakpoints: ['dir:in method:sum'] });
      const pending = post('{"jsonrpc":"2.0","id":7,"method":"sum","params":[2,2]}');
      const held = await nextHeld(session.id);
      expect(held).toMatchObject({ dir: 'in', kind: 'response', idText: '7' });
      await intercept(session.id, 'forward', { hold: held.hold, text: '{"jsonrpc":"2.0","id":7,"result":4000000}' });
      const res = await pending;
      expect(res.headers.get('content-length')).toBe(String('{"jsonrpc":"2.0","id":7,"result":4000000}'.length));
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, result: 4000000 });

      // A whole batch is one POST, held whole before it goes on; dropped, each request gets the tap's error.
      await intercept(session.id, 'set', { breakpoints: ['kind:batch dir:out'] });
      const batch = post('[{"jsonrpc":"2.0","id":"a","method":"sum","params":[1,1]},{"jsonrpc":"2.0","method":"notify_sum"},{"jsonrpc":"2.0","id":"b","method":"echo","params":[1]}]');
      const heldBatch = await nextHeld(session.id);
      expect(heldBatch.kind).toBe('batch');
      await intercept(session.id, 'drop', { hold: heldBatch.hold });
      const errors = (await (await batch).json()) as { id: string; error: { code: number; message: string } }[];
      expect(errors.map((e) => e.id)).toEqual(['a', 'b']);
      expect(errors[0].error.message).toMatch(/^rpcscope tap: dropped at a breakpoint/);
      await entry(session.id, heldBatch.seq, 'dropped');

      // Turning intercept off forwards what is held, unchanged.
      await intercept(session.id, 'set', { breakpoints: ['method:sum kind:request'] });
      const released = post('{"jsonrpc":"2.0","id":8,"method":"sum","params":[5,6]}');
      const third = await nextHeld(session.id);
      expect((await intercept(session.id, 'set', { breakpoints: [] })).held).toEqual([]);
      expect(((await (await released).json()) as { result: number }).result).toBe(11);
      expect((await entry(session.id, third.seq, 'forwarded')).intercept).toMatchObject({ released: true });
    } finally {
      await stop();
    }
  }, 60_000);
});


describe('intercepting through the WebSocket tap', () => {
  it('a frame held per socket and direction: edited it goes as one frame, dropped it never arrives, and the tap stopping releases one', async () => {
    const { peer, tap, stop } = await proxyTapInFront(startRpcWsServer, (s) => `ws://127.0.0.1:${s.port}/`, tmp.dir);
    const serverGot = peer.got;
    try {
      const client = await rpcWsClient(`ws://127.0.0.1:${tap.port}/`);
      expect(await client.call('sum', [1, 2])).toBe(3);
      const session = await app.openTapSession();
      await intercept(session.id, 'set', { breakpoints: ['method:sum kind:request'] });

      const edited = client.call('sum', [1, 1]);
      const held = await nextHeld(session.id);
      expect(held).toMatchObject({ dir: 'out', kind: 'request', method: 'sum' });
      expect(serverGot.some((t) => t.includes('[1,1]'))).toBe(false);
      await intercept(session.id, 'forward', { hold: held.hold, text: held.text!.replace('[1,1]', '[20,22]') });
      expect(await edited).toBe(42);
      expect(serverGot.filter((t) => t.includes('[20,22]'))).toHaveLength(1);

      const dropped = client.call('sum', [5, 5], 1500);
      dropped.catch(() => undefined);
      const second = await nextHeld(session.id);
      await intercept(session.id, 'drop', { hold: second.hold });
      await expect(dropped).rejects.toThrow();
      expect(serverGot.some((t) => t.includes('[5,5]'))).toBe(false);
      await entry(session.id, second.seq, 'dropped');

      // Held when the tap stops: released (forwarded) and marked so in the session file.
      void client.call('sum', [3, 4], 5000).catch(() => undefined);
      const third = await nextHeld(session.id);
      const file = await tap.stop();
      expect(file.events.find((e) => e.seq === third.seq)?.intercept).toMatchObject({ state: 'forwarded', released: true });
      client.close();
    } finally {
      await stop();
    }
  }, 60_000);
});
