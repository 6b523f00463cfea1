import { describe, expect, it } from 'vitest';
import { LiveSession } from '@/server/session/live-session';
import { FLUSH_EVENTS } from '@/server/session/outbox';
import type { TrafficEvent } from '@/lib/session/types';
import { peerPath } from '../../fixtures/peers/start-peer';

const N = 20_000;
/** The most frames one pipe read can carry: 64 KiB of reads, each flood frame at least 60 bytes. */
const ONE_READ = Math.ceil((64 * 1024) / 60);

describe('a peer that floods is handed on in bounded batches', () => {
  it('passes every notification on, in order, never holding more than a bounded batch', async () => {
    const batches: number[] = [];
    const floods: number[] = [];
    let ended!: () => void;
    const done = new Promise<void>((r) => (ended = r));
    const session = new LiveSession({
      target: { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--flood', String(N)], framing: 'content-length' },
      sink: {
        events: (_s, events: TrafficEvent[]) => {
          batches.push(events.length);
          for (const e of events) if (e.method === 'flood') floods.push((JSON.parse(e.raw.slice(e.raw.indexOf('{'))) as { params: { i: number } }).params.i);
          if (floods.length === N) ended();
        },
        patches: () => undefined,
        summary: () => undefined,
      },
    });
    await session.start();
    try {
      await Promise.race([done, new Promise((_, j) => setTimeout(() => j(new Error(`only ${floods.length} of ${N} arrived`)), 15_000))]);
    } finally {
      await session.close();
    }
    expect(floods).toEqual(Array.from({ length: N }, (_, i) => i));
    expect(Math.max(...batches)).toBeLessThan(FLUSH_EVENTS + ONE_READ);
  }, 20_000);
});
