import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@/server/main';
import { loadConfig } from '@/server/config';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';

export const TOKEN = 'openrpc-test-token-0123456789abcdef0123';

export interface TestServer {
  server: RunningServer;
  dir: string;
  api<T>(method: string, p: string, body?: unknown): Promise<{ status: number; json: T }>;
  open(target: unknown): Promise<string>;
  send(id: string, msg: unknown): Promise<number>;
  eventsUntil(id: string, pred: (events: TrafficEvent[]) => boolean): Promise<TrafficEvent[]>;
  stop(): Promise<void>;
}

/** The real server (API only) on a free port with its own data directory. */
export async function startTestServer(dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-openrpc-'))): Promise<TestServer> {
  const server = await startServer(loadConfig(['--port', '0'], { RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_DATA_DIR: dir }), { pages: false });
  const api = async <T>(method: string, p: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${p}`, {
      method,
      headers: { 'x-rpcscope-token': TOKEN, origin: `http://127.0.0.1:${server.port}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as T };
  };
  const open = async (target: unknown) => {
    const r = await api<{ session: SessionSummary; error?: string }>('POST', '/api/sessions', { target });
    if (r.status !== 200) throw new Error(`could not open a session: ${r.json.error}`);
    return r.json.session.id;
  };
  const send = async (id: string, msg: unknown) => {
    const r = await api<{ seq: number; error?: string }>('POST', `/api/sessions/${id}/send`, { text: JSON.stringify(msg) });
    if (r.status !== 200) throw new Error(`send failed: ${r.json.error}`);
    return r.json.seq;
  };
  const eventsUntil = async (id: string, pred: (events: TrafficEvent[]) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const { json } = await api<{ events: TrafficEvent[] }>('GET', `/api/sessions/${id}/events`);
      if (pred(json.events)) return json.events;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('timed out waiting for events');
  };
  return { server, dir, api, open, send, eventsUntil, stop: () => server.stop() };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
