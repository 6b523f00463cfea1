/**
 * The recorder's two halves alone, on the small mix (bench/data.ts) through a real MessagePipeline,
 * so each can be held against the reader's message rate (the chain's reference):
 *   hand-off — what the conversation's thread pays per message: rows made (event-row.ts), packed
 *     (row-batch.ts) and posted over a MessageChannel, in commits of COMMIT_ENTRIES (and, on a line
 *     of its own, the bodies' JSON.stringify alone: the share of it that is serialising);
 *   worker writes — what the recorder's worker pays: reading each batch off the port (the clone read
 *     back), unpacking and the append transactions into a
 *     fresh SQLite file (its connection as the worker opens it: no automatic checkpoints), then the
 *     close-time patches (every request still waiting) and one checkpoint.
 * Medians of the rounds; CPU of this process (one thread), wall time of the writes.
 *
 * Standalone: `node --import tsx bench/recorder.ts [N] [rounds]`.
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { MessagePipeline } from '../lib/session/pipeline';
import type { EventPatch, TrafficEvent } from '../lib/session/types';
import { COMMIT_ENTRIES } from '../server/session/commit-queue';
import { Store } from '../server/store';
import { eventBody } from '../server/store/event-json';
import { packEvents, type PackedRows } from '../server/store/row-batch';
import { seededRandom } from '../tests/fixtures/sessions/lsp-bodies';
import { smallMessage } from './data';
import { median, rate, table } from './table';

interface Traffic {
  batches: TrafficEvent[][];
  closing: EventPatch[];
}

function traffic(n: number): Traffic {
  const pipeline = new MessagePipeline({ timeoutMs: 60_000 });
  const rand = seededRandom(1);
  const batches: TrafficEvent[][] = [];
  for (let at = 0; at < n; at += COMMIT_ENTRIES) {
    const batch: TrafficEvent[] = [];
    for (let i = at; i < Math.min(n, at + COMMIT_ENTRIES); i++) {
      const text = smallMessage(rand, i, 200);
      batch.push(pipeline.message('in', i + 1, Date.now(), text, text).event);
    }
    batches.push(batch);
  }
  return { batches, closing: pipeline.targetExited(n + 1) };
}

const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

/**
 * The conversation thread's share: rows, packing, the post (the structured clone of one string, its
 * two buffers moved). The batches stay queued on the port: in the app reading them back is the
 * worker's, so `writes` does it, one batch before its transaction, as the worker does.
 */
function handOff({ batches }: Traffic): { cpuMs: number; port: MessagePort; close: () => void } {
  const { port1, port2 } = new MessageChannel();
  const c0 = process.cpuUsage();
  for (const events of batches) {
    const p = packEvents(events);
    port1.postMessage({ op: 'batch', sessionId: 's', rows: p, patches: [] }, [p.lengths.buffer, p.numbers.buffer]);
  }
  const cpu = cpuMs(process.cpuUsage(c0));
  return { cpuMs: cpu, port: port2, close: () => port1.close() };
}

/**
 * Of the hand-off, what the body's one JSON.stringify per event costs (event-json.ts) by itself:
 * the rest of the hand-off is the other columns, the copy of every text into the batch's one
 * string, and the post.
 */
function serialiseOnly({ batches }: Traffic): number {
  let chars = 0;
  const c0 = process.cpuUsage();
  for (const events of batches) for (const ev of events) chars += eventBody(ev).length;
  const cpu = cpuMs(process.cpuUsage(c0));
  if (chars === 0) throw new Error('no bodies made');
  return cpu;
}

/** The worker's share: each batch read off the port and appended in its transaction, the close's patches, a checkpoint. */
function writes(port: MessagePort, batches: number, closing: EventPatch[]): { cpuMs: number; wallMs: number; bytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-recbench-'));
  const app = new Store({ dir });
  const store = new Store({ dir, recorderConnection: true });
  try {
    app.sessions.create({ id: 's', name: 's', target: { kind: 'stdio', command: 'x', args: [], framing: 'content-length' }, status: 'open' });
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    for (let k = 0; k < batches; k++) store.events.appendRows('s', (receiveMessageOnPort(port)!.message as { rows: PackedRows }).rows);
    store.events.applyPatches('s', closing);
    store.checkpoint();
    const wallMs = performance.now() - w0;
    const cpu = cpuMs(process.cpuUsage(c0));
    return { cpuMs: cpu, wallMs, bytes: store.sizeBytes };
  } finally {
    store.close();
    app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runRecorder(n: number, rounds = 3): void {
  console.log(`the recorder alone: ${n / 1000}k entries of the small mix, commits of ${COMMIT_ENTRIES} · medians of ${rounds} · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const t = traffic(n);
  const warm = traffic(5_000);
  const w = handOff(warm);
  writes(w.port, warm.batches.length, []); // warm-up
  w.close();
  const hand: number[] = [];
  const bodies: number[] = [];
  const cpu: number[] = [];
  const wall: number[] = [];
  let bytes = 0;
  for (let r = 0; r < rounds; r++) {
    const h = handOff(t);
    hand.push(h.cpuMs);
    bodies.push(serialiseOnly(t));
    const w = writes(h.port, t.batches.length, t.closing);
    h.close();
    cpu.push(w.cpuMs);
    wall.push(w.wallMs);
    bytes = w.bytes;
  }
  const rows = [
    ['hand-off (rows, pack, post)', `${((median(hand) * 1000) / n).toFixed(2)} µs`, rate((n / median(hand)) * 1000), '-'],
    ['  of which the body (eventBody) alone', `${((median(bodies) * 1000) / n).toFixed(2)} µs`, rate((n / median(bodies)) * 1000), '-'],
    ['worker: read off the port, writes (+ close, checkpoint)', `${((median(cpu) * 1000) / n).toFixed(2)} µs`, rate((n / median(wall)) * 1000), `${(bytes / n).toFixed(0)} B`],
  ];
  console.log(table(['half', 'CPU/msg', 'msgs/s', 'store/entry'], rows));
  console.log(`(load after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${t.closing.length} requests settled at close)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runRecorder(Number(process.argv[2] ?? 100_000), Number(process.argv[3] ?? 3));
  process.exit(0);
}
