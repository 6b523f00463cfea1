/**
 * With a real app process on the data directory, a tap's conversation shows up in its session
 * list (through the app's API) within a second, as a live session of kind "tap" naming both
 * sides, and it ends there when the server exits. With no app, the tap records into the database
 * itself and the session is there afterwards; if the app dies mid-way, the tap takes over.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { Store } from '@/server/store';
import { tapArgv, tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-tap-live-');
const dataDir = path.join(tmp.dir, 'data');
const TOKEN = 'tap-test-token-0123456789abcdef0123456789';
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  tmp.remove();
});

function startApp(): Promise<{ origin: string; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/helpers/api-server-child.ts', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, RPCSCOPE_TOKEN: TOKEN },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /ready: (http:\/\/[^/]+\/)/.exec(out);
      if (m) resolve({ origin: m[1], child });
    });
    child.once('exit', (code) => reject(new Error(`app exited ${code}`)));
  });
}

async function api<T>(origin: string, p: string): Promise<T> {
  const res = await fetch(new URL(p, origin), { headers: { 'x-rpcscope-token': TOKEN } });
  return (await res.json()) as T;
}

/** A tapped newline peer; `ask` sends one request and resolves with the client's answer line. */
function startTap() {
  const child = spawn(process.execPath, tapArgv(['--data-dir', dataDir, '--name', 'tapped peer'], [process.execPath, peerPath('stdio-peer'), '--framing', 'newline']));
  children.push(child);
  let buffered = '';
  const waiting: ((line: string) => void)[] = [];
  child.stdout.on('data', (c) => {
    buffered += c;
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  return {
    ask: (id: number) => new Promise<string>((resolve) => {
      waiting.push(resolve);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method: 'echo', params: { n: id } }) + '\n');
    }),
    end: () => { child.stdin.end(); return exited; },
  };
}

describe('a tap with an app on the same data directory', () => {
  it('appears in the app within a second as a live tap session, and ends there', async () => {
    const { origin, child: app } = await startApp();
    const tap = startTap();
    const answer = JSON.parse(await tap.ask(1)) as { id: number };
    expect(answer.id).toBe(1);
    const seenBy = Date.now() + 1000;
    let live: SessionSummary | undefined;
    while (!live && Date.now() < seenBy) {
      live = (await api<{ sessions: SessionSummary[] }>(origin, '/api/sessions')).sessions.find((s) => s.target.kind === 'tap');
      if (!live) await new Promise((r) => setTimeout(r, 50));
    }
    expect(live, 'the tap session is listed within a second').toBeDefined();
    expect(live!.status).toBe('open');
    expect(live!.name).toBe('tapped peer');
    expect(live!.target).toMatchObject({ kind: 'tap', command: process.execPath, framing: 'auto' });

    await tap.ask(2);
    expect(await tap.end()).toBe(0);
    const deadline = Date.now() + 5000;
    let ended: SessionSummary | undefined;
    while (Date.now() < deadline && !ended?.endedAt) ended = (await api<{ session: SessionSummary }>(origin, `/api/sessions/${live!.id}`)).session;
    expect(ended!.status).toBe('closed');
    const { events } = await api<{ events: TrafficEvent[] }>(origin, `/api/sessions/${live!.id}/events`);
    const requests = events.filter((e) => e.kind === 'request');
    expect(requests.map((e) => [e.dir, e.state])).toEqual([['out', 'answered'], ['out', 'answered']]);
    expect(events.filter((e) => e.dir === 'in' && e.kind === 'response')).toHaveLength(2);

    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }, 60_000);

  it('records into the database itself when no app runs', async () => {
    const tap = startTap();
    await tap.ask(7);
    expect(await tap.end()).toBe(0);
    const store = new Store({ dir: dataDir });
    try {
      // The one the app recorded, and this one.
      const taps = store.sessions.list().filter((s) => s.target.kind === 'tap').sort((a, b) => a.startedAt.localeCompare(b.startedAt));
      expect(taps).toHaveLength(2);
      const latest = taps[1];
      expect(latest.status).toBe('closed');
      const events = store.events.listEvents(latest.id, {});
      expect(events.some((e) => e.dir === 'out' && e.kind === 'request' && e.state === 'answered')).toBe(true);
    } finally {
      store.close();
    }
  }, 60_000);

  it('keeps recording when the app dies mid-conversation: the tap takes the directory over', async () => {
    const { origin, child: app } = await startApp();
    const tap = startTap();
    await tap.ask(1);
    let live: SessionSummary | undefined;
    for (let i = 0; i < 40 && !live; i++) {
      live = (await api<{ sessions: SessionSummary[] }>(origin, '/api/sessions')).sessions.find((s) => s.target.kind === 'tap' && !s.endedAt);
      if (!live) await new Promise((r) => setTimeout(r, 50));
    }
    expect(live).toBeDefined();
    app.kill('SIGKILL');
    await new Promise((r) => app.once('exit', r));
    // The conversation does not notice.
    expect(JSON.parse(await tap.ask(2))).toMatchObject({ id: 2 });
    expect(await tap.end()).toBe(0);
    const store = new Store({ dir: dataDir });
    try {
      expect(store.sessions.get(live!.id)?.status).toBe('closed');
      const events = store.events.listEvents(live!.id, {});
      expect(events.filter((e) => e.dir === 'out' && e.kind === 'request').map((e) => e.state)).toEqual(['answered', 'answered']);
      expect(events.some((e) => /the app went away/.test(e.note ?? ''))).toBe(true);
    } finally {
      store.close();
    }
  }, 60_000);
});
