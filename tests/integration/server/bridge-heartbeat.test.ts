import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { startTestServer, TOKEN, type TestServer } from '../helpers/test-server';
import { loadConfig } from '@/server/config';

const PING_MS = 150;
const PONG_TIMEOUT_MS = 250;
/** Quiet time, then the pong deadline, plus the check period and generous slack for a busy machine. */
const CLOSED_WITHIN_MS = PING_MS + PONG_TIMEOUT_MS + 1500;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RPCSCOPE_BRIDGE_PING_MS: String(PING_MS), RPCSCOPE_BRIDGE_PONG_TIMEOUT_MS: String(PONG_TIMEOUT_MS) });
});
afterAll(() => t?.stop());

const origin = () => `http://127.0.0.1:${t.server.port}`;

function wsClient(opts: { autoPong: boolean }): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/bridge?token=${TOKEN}`, { headers: { origin: origin() }, autoPong: opts.autoPong });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A client that completes the upgrade and then never reads again: no pongs, its receive buffer fills. */
function silentSocket(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: t.server.port }, () => {
      socket.write(
        `GET /bridge?token=${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:${t.server.port}\r\nOrigin: ${origin()}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      if (head.startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

async function until(pred: () => boolean, withinMs: number, what: string): Promise<number> {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

describe('bridge sockets that stop answering are closed', () => {
  it('keeps an idle page that answers pings, and closes sockets that never answer', async () => {
    const page = await wsClient({ autoPong: true });
    let pagePings = 0;
    page.on('ping', () => pagePings++);
    let pageClosed = false;
    page.on('close', () => (pageClosed = true));

    const deaf = await wsClient({ autoPong: false });
    let deafClosedAt = 0;
    deaf.on('close', () => (deafClosedAt = Date.now()));
    const silent = await Promise.all(Array.from({ length: 20 }, () => silentSocket()));
    const openedAt = Date.now();
    await until(() => t.server.bridgeSockets() === 22, 2000, 'all 22 sockets registered');

    // Only the page that answers its pings is left; the server frees the others' sockets.
    await until(() => t.server.bridgeSockets() === 1, CLOSED_WITHIN_MS, 'the 21 silent sockets closed');
    // Not before they had their quiet time and their pong deadline (the last one opened just before openedAt).
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(PING_MS + PONG_TIMEOUT_MS - 50);
    await until(() => deafClosedAt > 0, 1000, 'the client without pongs sees the close');

    // The page was pinged and stayed, through several more intervals of quiet.
    await new Promise((r) => setTimeout(r, 3 * (PING_MS + PONG_TIMEOUT_MS)));
    expect(pagePings).toBeGreaterThanOrEqual(2);
    expect(pageClosed).toBe(false);
    expect(page.readyState).toBe(WebSocket.OPEN);
    expect(t.server.bridgeSockets()).toBe(1);

    // A silent socket that finally reads finds the connection ended by the server.
    const s = silent[0];
    const ended = new Promise<void>((resolve) => s.once('close', () => resolve()));
    s.on('error', () => undefined);
    s.on('data', () => undefined);
    s.resume();
    await ended;

    for (const sock of silent) sock.destroy();
    page.close();
    await until(() => t.server.bridgeSockets() === 0, 2000, 'the page closed');
  }, 20_000);

  it('refuses a heartbeat setting that is not a sane number of milliseconds', () => {
    expect(() => loadConfig([], { RPCSCOPE_BRIDGE_PING_MS: '0' })).toThrow(/RPCSCOPE_BRIDGE_PING_MS must be a whole number of milliseconds/);
    expect(() => loadConfig([], { RPCSCOPE_BRIDGE_PONG_TIMEOUT_MS: 'soon' })).toThrow(/RPCSCOPE_BRIDGE_PONG_TIMEOUT_MS/);
    expect(loadConfig([], {}).bridgeHeartbeat).toEqual({ intervalMs: 30_000, timeoutMs: 15_000 });
  });
});
