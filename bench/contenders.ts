/**
 * Each contender reads one workload handed to it in fixed-size chunks and reports how many
 * messages it delivered in how long. Chunks go straight to each reader's entry point (our
 * decoder's push, vscode-jsonrpc's data listener, the MCP ReadBuffer's append), so no contender
 * pays for stream machinery the others skip.
 *
 * A reference that is slower than its time budget is stopped between chunks and its partial
 * progress reported (messages delivered, and how far into the input it got).
 */
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import rpc from 'vscode-jsonrpc/node.js';
import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { getCodec } from '../lib/framing/registry';
import type { Framing } from '../lib/session/types';
import { classify } from '../lib/jsonrpc/classify';

export interface RunResult {
  messages: number;
  /** CPU time (user + system, all threads) the run took: what the rates use, as it moves less than wall time on a busy machine. */
  ms: number;
  wallMs: number;
  /** Set when the run stopped early: fraction of the input bytes fed. */
  stoppedAt?: number;
}

/** Checked every this many chunks, so the check itself costs nothing measurable. */
const CHECK_EVERY = 256;

/** Starts a clock; calling the result gives CPU and wall milliseconds since then. */
function clock(): () => { ms: number; wallMs: number } {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  return () => {
    const d = process.cpuUsage(cpu0);
    return { ms: (d.user + d.system) / 1000, wallMs: performance.now() - wall0 };
  };
}

/** Sink that keeps results alive, so the JIT cannot drop the work. */
export let sink = 0;

export function bareJsonParse(texts: string[]): RunResult {
  const elapsed = clock();
  let n = 0;
  for (const t of texts) {
    const v = JSON.parse(t) as { jsonrpc?: string };
    if (v.jsonrpc) n++;
  }
  return { messages: n, ...elapsed() };
}

/** rpcscope: framing decoder + classification of every message body. */
export function rpcscope(framing: Framing, wire: Buffer, chunk: number): RunResult {
  const decoder = getCodec(framing).createDecoder();
  let n = 0;
  let noise = 0;
  const elapsed = clock();
  const len = wire.length;
  for (let i = 0; i < len; i += chunk) {
    const frames = decoder.push(wire.subarray(i, i + chunk));
    for (let k = 0; k < frames.length; k++) {
      const f = frames[k];
      if (f.type === 'message') {
        sink += classify(f.body).findings.length;
        n++;
      } else noise++;
    }
  }
  noise += decoder.flush().length;
  const time = elapsed();
  if (noise > 0) throw new Error(`rpcscope ${framing}: ${noise} unexpected noise frames`);
  return { messages: n, ...time };
}

/**
 * vscode-jsonrpc's StreamMessageReader. It delivers each message from a semaphore, one per
 * event-loop turn. `paced`: after each chunk, wait until the messages completed so far are
 * delivered (a peer that writes at the pace it is read). `backlog`: feed everything, then wait
 * (a peer that wrote faster than we read, e.g. a flood).
 */
export async function vscodeJsonrpc(wire: Buffer, ends: number[], chunk: number, mode: 'paced' | 'backlog', budgetMs: number): Promise<RunResult> {
  const stream = new PassThrough();
  const reader = new rpc.StreamMessageReader(stream);
  reader.partialMessageTimeout = 0;
  let n = 0;
  let target = Infinity;
  let wake: (() => void) | null = null;
  reader.listen(() => {
    n++;
    if (wake && n >= target) {
      const w = wake;
      wake = null;
      w();
    }
  });
  const waitFor = (count: number, untilMs: number) =>
    new Promise<void>((resolve) => {
      if (n >= count) return resolve();
      target = count;
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, Math.max(0, untilMs - performance.now()));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const elapsed = clock();
  const deadline = performance.now() + budgetMs;
  const len = wire.length;
  let next = 0;
  let fed = len;
  let chunks = 0;
  for (let i = 0; i < len; i += chunk) {
    const end = Math.min(len, i + chunk);
    stream.emit('data', wire.subarray(i, end));
    let waited = false;
    if (mode === 'paced') {
      while (next < ends.length && ends[next] <= end) next++;
      if (n < next) {
        await waitFor(next, deadline);
        waited = true;
      }
    }
    if (++chunks % CHECK_EVERY === 0 || waited) {
      if (performance.now() > deadline) {
        fed = end;
        break;
      }
    }
  }
  if (fed === len) {
    await waitFor(ends.length, deadline);
  } else if (mode === 'backlog') {
    await waitFor(ends.filter((e) => e <= fed).length, deadline);
  }
  const time = elapsed();
  reader.dispose();
  stream.destroy();
  // Let queued deliveries drain so the next contender does not pay for them.
  await new Promise((r) => setTimeout(r, 20));
  return n < ends.length ? { messages: n, ...time, stoppedAt: fed / len } : { messages: n, ...time };
}

/** The MCP SDK's stdio ReadBuffer: append each chunk, then read every complete line. */
export function mcpReadBuffer(wire: Buffer, chunk: number, budgetMs: number): RunResult {
  const buffer = new ReadBuffer();
  let n = 0;
  const elapsed = clock();
  const deadline = performance.now() + budgetMs;
  const len = wire.length;
  let chunks = 0;
  for (let i = 0; i < len; i += chunk) {
    buffer.append(wire.subarray(i, i + chunk));
    for (;;) {
      const m = buffer.readMessage();
      if (m === null) break;
      n++;
    }
    if (++chunks % CHECK_EVERY === 0 && performance.now() > deadline) {
      return { messages: n, ...elapsed(), stoppedAt: Math.min(1, (i + chunk) / len) };
    }
  }
  return { messages: n, ...elapsed() };
}
