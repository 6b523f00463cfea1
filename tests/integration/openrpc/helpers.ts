/** The shared real-server helper, shaped for the OpenRPC tests (open → id, send a message object). */
import { rmSync } from 'node:fs';
import type { RunningServer } from '@/server/main';
import type { TrafficEvent } from '@/lib/session/types';
import { startTestServer as startShared } from '../helpers/test-server';

export interface TestServer {
  server: RunningServer;
  dir: string;
  api<T>(method: string, p: string, body?: unknown): Promise<{ status: number; json: T }>;
  open(target: unknown): Promise<string>;
  send(id: string, msg: unknown): Promise<number>;
  eventsUntil(id: string, pred: (events: TrafficEvent[]) => boolean): Promise<TrafficEvent[]>;
  stop(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const t = await startShared();
  return {
    server: t.server,
    dir: t.dir,
    api: (method, p, body) => t.api(method, p, body),
    open: async (target) => (await t.open(target)).id,
    send: (id, msg) => t.send(id, JSON.stringify(msg)),
    eventsUntil: t.eventsUntil,
    stop: t.stop,
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
