/**
 * A real rpcscope app (API only, no pages) on a data directory, for tap tests that inject: taps on
 * the same directory hand it their sessions, and its send route injects into them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';

const TOKEN = 'tap-app-test-token-0123456789abcdef01234';

export interface TapApp {
  proc: ChildProcess;
  origin: string;
  /** A call as the page makes it (token, and the app's own Origin on a change); GET without a body, else POST unless `method` says. */
  call(p: string, body?: unknown, method?: string): Promise<Response>;
  /** The first tap session that is open, once the app has it. */
  openTapSession(): Promise<SessionSummary>;
  events(sessionId: string): Promise<TrafficEvent[]>;
  /** Every entry, a page at a time (`events` is the first page: at most 10 000). */
  allEvents(sessionId: string): Promise<TrafficEvent[]>;
  stop(): Promise<void>;
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startTapApp(dataDir: string): Promise<TapApp> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/helpers/api-server-child.ts', '--port', '0', '--data-dir', dataDir], { env: { ...process.env, RPCSCOPE_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'ignore'] });
  let said = '';
  const origin = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (c) => {
      said += c;
      const ready = /ready: (http:\/\/[^/]+\/)/.exec(said);
      if (ready) resolve(ready[1]);
    });
    proc.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  const call = (p: string, body?: unknown, method?: string) =>
    fetch(new URL(p, origin), {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { 'x-rpcscope-token': TOKEN, 'content-type': 'application/json', origin: origin.replace(/\/$/, '') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const events = async (id: string) => ((await (await call(`/api/sessions/${id}/events`)).json()) as { events: TrafficEvent[] }).events;
  const allEvents = async (id: string) => {
    const all: TrafficEvent[] = [];
    for (;;) {
      const page = ((await (await call(`/api/sessions/${id}/events?sinceSeq=${all.at(-1)?.seq ?? 0}`)).json()) as { events: TrafficEvent[] }).events;
      if (!page.length) return all;
      all.push(...page);
    }
  };
  const openTapSession = () =>
    until('the tap session in the app', async () => {
      const { sessions } = (await (await call('/api/sessions')).json()) as { sessions: SessionSummary[] };
      return sessions.find((s) => s.target.kind === 'tap' && s.status === 'open');
    });
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(kill);
  };
  return { proc, origin, call, openTapSession, events, allEvents, stop };
}
