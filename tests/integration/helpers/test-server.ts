/** The real server (no pages) on an ephemeral port with a fresh data directory, and clients for it. */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@/server/main';
import { loadConfig } from '@/server/config';

import type { SessionSummary, TrafficEvent } from '@/lib/session/types';

export const TOKEN = 'routes-test-token-0123456789abcdef012345';

export interface Reply<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: T;
}

export interface TestServer {
  server: RunningServer;
  /** The data directory. */
  dir: string;
  /** A folder that holds only the data directory, to check nothing lands beside it. */
  parent: string;
  /** A JSON API call with the token and a same-origin Origin header, as the page makes it. */
  api<T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<Reply<T>>;
  /** Any request, with exactly the headers given (plus Host). */
  raw(opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply>;
  /** Opens a session on a target and returns its summary (throws with the server's words when it cannot). */
  open(target: unknown, extra?: Record<string, unknown>): Promise<SessionSummary>;
  /** Sends one message text exactly as given; returns its seq. */
  send(sessionId: string, text: string): Promise<number>;
  /** Polls the session's events until `pred` holds (bounded: about 5 s). */
  eventsUntil(sessionId: string, pred: (events: TrafficEvent[]) => boolean): Promise<TrafficEvent[]>;
  stop(): Promise<void>;
}

/** `env` adds server settings (e.g. a short bridge heartbeat) to the test's own. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const parent = mkdtempSync(path.join(tmpdir(), 'rpcscope-routes-'));
  const dir = path.join(parent, 'data');
  const server = await startServer(loadConfig(['--port', '0'], { ...env, RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_DATA_DIR: dir }), { pages: false });
  const origin = `http://127.0.0.1:${server.port}`;

  const raw: TestServer['raw'] = (opts) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: server.port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
        },
      );
      req.on('error', reject);
      req.end(opts.body);
    });

  const api: TestServer['api'] = (method, p, body) =>
    raw({
      method,
      path: p,
      headers: { 'x-rpcscope-token': TOKEN, origin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }) as Promise<Reply<never>>;

  const open: TestServer['open'] = async (target, extra = {}) => {
    const r = await api<{ session: SessionSummary; error?: string }>('POST', '/api/sessions', { target, ...extra });
    if (r.status !== 200) throw new Error(`could not open a session: ${r.json.error}`);
    return r.json.session;
  };
  const send: TestServer['send'] = async (sessionId, text) => {
    const r = await api<{ seq: number; error?: string }>('POST', `/api/sessions/${sessionId}/send`, { text });
    if (r.status !== 200) throw new Error(`send failed: ${r.json.error}`);
    return r.json.seq;
  };
  /** Every entry, following the pages a big session is cut into (`more`). */
  const allEvents = async (sessionId: string): Promise<TrafficEvent[]> => {
    const all: TrafficEvent[] = [];
    for (;;) {
      const { json } = await api<{ events: TrafficEvent[]; more?: true }>('GET', `/api/sessions/${sessionId}/events?sinceSeq=${all.at(-1)?.seq ?? 0}`);
      all.push(...json.events);
      if (!json.more) return all;
    }
  };
  const eventsUntil: TestServer['eventsUntil'] = async (sessionId, pred) => {
    for (let i = 0; i < 200; i++) {
      const events = await allEvents(sessionId);
      if (pred(events)) return events;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('timed out waiting for events');
  };

  return {
    server,
    dir,
    parent,
    api,
    raw,
    open,
    send,
    eventsUntil,
    async stop() {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
