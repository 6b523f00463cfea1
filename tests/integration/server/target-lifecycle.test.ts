import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/lib/session/types';
import { peerPath, startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { pidAlive, waitFor } from '../transports/helpers';
import { startTestServer } from '../helpers/test-server';

let ws: RunningPeer;

beforeAll(async () => {
  ws = await startPeer('ws-peer');
});
afterAll(async () => {
  await ws?.stop();
});

describe('WebSocket close codes are exact', () => {
  it('a text frame with invalid UTF-8 is kept in the session as raw bytes and the session closes with 1007', async () => {
    const t = await startTestServer();
    try {
      const s = await t.open({ kind: 'websocket', url: `ws://127.0.0.1:${ws.port}/` });
      await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"text_invalid"}');
      const events = await t.eventsUntil(s.id, (es) => es.some((e) => e.ws?.closeCode !== undefined));
      const bad = events.find((e) => e.dir === 'in' && e.rawBase64)!;
      expect(Buffer.from(bad.rawBase64!, 'base64')).toEqual(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
      const closed = events.find((e) => e.ws?.closeCode !== undefined)!;
      expect(closed.ws?.closeCode).toBe(1007);
      expect(closed.note).toMatch(/^rpcscope closed with code 1007 \(invalid frame payload data\)/);
      expect(closed.seq).toBeGreaterThan(bad.seq);
      const { json } = await t.api<{ session: SessionSummary }>('GET', `/api/sessions/${s.id}`);
      expect(json.session.status).toBe('closed');
    } finally {
      await t.stop();
    }
  });
});

describe('no orphaned processes at server shutdown', () => {
  it('a grandchild that ignores SIGTERM is gone once the server stopped', async () => {
    const t = await startTestServer();
    const code =
      `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(peerPath('stdio-peer'))}, '--ignore-stdin-end', '--ignore-sigterm'], { stdio: ['ignore', 'inherit', 'inherit'] });` +
      `console.error('GRANDCHILD ' + c.pid); process.on('SIGTERM', () => {}); setInterval(() => {}, 1e9);`;
    const s = await t.open({ kind: 'stdio', command: process.execPath, args: ['-e', code], framing: 'newline' });
    const events = await t.eventsUntil(s.id, (es) => es.some((e) => e.raw.startsWith('GRANDCHILD ')));
    const grandchild = Number(events.find((e) => e.raw.startsWith('GRANDCHILD '))!.raw.split(' ')[1]);
    try {
      expect(pidAlive(grandchild)).toBe(true);
      await t.stop();
      await waitFor(() => !pidAlive(grandchild), 'the grandchild to be gone', 5000);
    } finally {
      if (pidAlive(grandchild)) process.kill(grandchild, 'SIGKILL');
    }
  });
});
