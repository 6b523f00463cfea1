/**
 * "Stop tap" from the app (issue 12): a real app on the data directory, real taps in front of real
 * servers. Stopping a stdio tap closes the server's stdin as the client closing it would (a server
 * that stays anyway is sent SIGTERM); stopping a proxy tap closes its listener. Either way the
 * client loses its server, the tap exits, and the session ends saying who stopped it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SessionSummary } from '@/lib/session/types';
import { startTapApp, until, type TapApp } from './app-helpers';
import { startProxyTap } from './proxy-helpers';
import { tapArgv, tempDir } from './tap-helpers';

const PEER = path.resolve(__dirname, '../../fixtures/peers/stdio-peer.mjs');
const tmp = tempDir('rpcscope-stop-tap-');
const dataDir = path.join(tmp.dir, 'data');
let app: TapApp;
const started: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTapApp(dataDir);
}, 30_000);
afterAll(async () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await app?.stop();
  tmp.remove();
});

const stopTap = (id: string) => app.call(`/api/sessions/${id}/stop-tap`, {});

async function session(id: string): Promise<SessionSummary> {
  return ((await (await app.call(`/api/sessions/${id}`)).json()) as { session: SessionSummary }).session;
}

/** A stdio tap in front of the fixture peer, driven by this test as its client; its session in the app. */
async function stdioTap(peerArgs: string[]) {
  const tap = spawn(process.execPath, tapArgv(['--data-dir', dataDir, '--framing', 'newline'], [process.execPath, PEER, '--framing', 'newline', ...peerArgs]), { stdio: ['pipe', 'pipe', 'ignore'] });
  started.push(tap);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => tap.once('exit', (code, signal) => r({ code, signal })));
  let said = '';
  tap.stdout!.setEncoding('utf8');
  tap.stdout!.on('data', (s: string) => (said += s));
  const clientEnded = new Promise<void>((r) => tap.stdout!.once('end', () => r()));
  tap.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"echo","params":["before stopping"]}\n');
  // Generous: on a loaded machine the tap and its server take a while to start.
  await until('the answer through the tap', async () => (said.includes('before stopping') ? true : undefined), 45_000);
  const s = await app.openTapSession();
  return { tap, exited, clientEnded, session: s };
}

describe('Stop tap, asked from the app', () => {
  it('a stdio tap closes the server’s stdin: the server exits, the client’s stdout ends, the session ends saying so', async () => {
    const { exited, clientEnded, session: s } = await stdioTap([]);
    const res = await stopTap(s.id);
    expect(res.status, await res.clone().text()).toBe(200);
    // The peer exits 0 once its stdin ends, and the tap ends with the server's exit code.
    expect(await exited).toEqual({ code: 0, signal: null });
    await clientEnded;
    const ended = await until('the session ended', async () => {
      const now = await session(s.id);
      return now.endedAt ? now : undefined;
    });
    expect(ended.status).not.toBe('open');
    const notes = (await app.events(s.id)).map((e) => e.note ?? '');
    expect(notes.some((n) => /stopped from the app/.test(n))).toBe(true);
    // Stopped once: a second ask finds no tap to stop, and says so.
    const again = await stopTap(s.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/not connected/);
  }, 60_000);

  it('a stdio server that stays after its stdin closed is sent SIGTERM', async () => {
    const { exited, session: s } = await stdioTap(['--ignore-stdin-end']);
    expect((await stopTap(s.id)).status).toBe(200);
    // The tap passes on how its server ended: by the signal.
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
  }, 60_000);

  it('a proxy tap stops listening: the client can no longer reach its server, and the tap exits 0', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":"pong"}'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const tap = await startProxyTap(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, tmp.dir);
    started.push(tap.proc);
    try {
      const exited = new Promise<number | null>((r) => tap.proc.once('exit', (code) => r(code)));
      const first = await fetch(tap.origin, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
      expect(await first.text()).toContain('pong');
      const s = await until('the proxy tap’s session', async () => {
        const { sessions } = (await (await app.call('/api/sessions')).json()) as { sessions: SessionSummary[] };
        return sessions.find((x) => x.target.kind === 'tap' && x.target.to !== undefined && x.status === 'open');
      });
      expect((await stopTap(s.id)).status).toBe(200);
      expect(await exited).toBe(0);
      await expect(fetch(tap.origin, { method: 'POST', body: '{}' })).rejects.toThrow();
      const ended = await until('the session ended', async () => {
        const now = await session(s.id);
        return now.endedAt ? now : undefined;
      });
      expect(ended.endedAt).toBeTruthy();
      expect((await app.events(s.id)).some((e) => /stopped from the app/.test(e.note ?? ''))).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 60_000);
});
