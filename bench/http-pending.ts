/**
 * HTTP with requests left waiting: the MessagePipeline driven as the HTTP transport drives it (the
 * request, its reply with `http.requestSeq`, then exchangeEnded with the last thing that came back),
 * in-process, no sockets, so only the correlator's work per POST shows.
 *
 * - "target's requests waiting": P requests from the target (its SSE stream) nobody answers, then N
 *   POSTs, every other one a request answered on its POST, the others a notification answered by an
 *   empty 202.
 * - "batches missing an answer": N POSTs of a two-entry batch whose reply answers the first entry
 *   only, so what waits grows by one a POST (N at the end).
 * - "one batch of K answered on its POST": a single POST of K requests and its whole reply (CPU per entry);
 *   "…answered by null-id errors": the same reply made of K errors with a null id.
 *
 * Per POST it prints CPU µs (user + system of this process), medians of `rounds`; a time per POST
 * that stays flat as P or N grows is linear. Then the batches case over real sockets: a LiveSession
 * (pipeline + HTTP transport, nothing recorded) POSTing to a local node:http server that answers
 * each batch's first entry only, 16 in flight, wall time and CPU per POST (the server's included).
 * Standalone: `node --import tsx bench/http-pending.ts [N] [rounds]`.
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { MessagePipeline } from '../lib/session/pipeline';
import type { TrafficEvent } from '../lib/session/types';
import { LiveSession } from '../server/session/live-session';
import { median, table } from './table';

const rpc = (o: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', ...o });

/** One POST as the HTTP transport records it: the body, its reply on the exchange, the exchange's end. */
function post(p: MessagePipeline, t: number, body: string, reply: string | undefined): void {
  const req = p.message('out', t, t, body, body).event;
  const http = { status: reply === undefined ? 202 : 200, requestSeq: req.seq };
  const last = reply === undefined ? p.meta('no-body', t, t, '', 'HTTP 202 with no body', { http }, 'in').event : p.message('in', t, t, reply, reply, { http }).event;
  p.exchangeEnded(req.seq, last, false);
}

/** CPU µs per POST for `n` POSTs made by `step(i)` on a pipeline `setup` prepared (not timed). */
function perPost(n: number, setup: (p: MessagePipeline) => void, step: (p: MessagePipeline, i: number) => void): number {
  const p = new MessagePipeline({ timeoutMs: 0 });
  setup(p);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) step(p, i);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}

const waitingTarget = (pending: number) => (p: MessagePipeline) => {
  for (let i = 0; i < pending; i++) {
    const body = rpc({ method: 'sampling/createMessage', id: 'srv-' + i, params: { i } });
    p.message('in', i, i, body, body);
  }
};

const askOrNotify = (p: MessagePipeline, i: number) => {
  if (i % 2 === 0) post(p, 1e6 + i, rpc({ method: 'echo', id: i, params: { i } }), rpc({ result: { i }, id: i }));
  else post(p, 1e6 + i, rpc({ method: 'notifications/progress', params: { i } }), undefined);
};

const batchMissingOne = (p: MessagePipeline, i: number) => {
  const body = JSON.stringify([
    { jsonrpc: '2.0', method: 'a', id: 'a' + i },
    { jsonrpc: '2.0', method: 'b', id: 'b' + i },
  ]);
  post(p, i, body, JSON.stringify([{ jsonrpc: '2.0', result: 1, id: 'a' + i }]));
};

/** CPU µs per entry of one POST of a batch of `k` requests answered in full on it (`nullIds`: by k null-id errors). */
function perEntry(k: number, nullIds = false): number {
  const p = new MessagePipeline({ timeoutMs: 0 });
  const body = JSON.stringify(Array.from({ length: k }, (_, i) => ({ jsonrpc: '2.0', method: 'm', id: i })));
  const answer = (i: number) => (nullIds ? { error: { code: -32603, message: 'Internal error' }, id: null } : { result: i, id: i });
  const reply = JSON.stringify(Array.from({ length: k }, (_, i) => ({ jsonrpc: '2.0', ...answer(i) })));
  const c0 = process.cpuUsage();
  post(p, 0, body, reply);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / k;
}

/** A local server that answers a batch's first entry only (the others wait for good). */
async function firstOnlyServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const batch = JSON.parse(Buffer.concat(parts).toString('utf8')) as { id: string }[];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ jsonrpc: '2.0', result: 1, id: batch[0].id }]));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

/** `n` batch POSTs through a LiveSession, `c` in flight, each done when its reply is seen: wall ms and CPU µs per POST. */
async function overSockets(url: string, n: number, c: number): Promise<{ ms: number; cpu: number }> {
  const waiting = new Map<string, () => void>();
  const seen = (events: readonly TrafficEvent[]) => {
    for (const e of events) {
      const id = e.dir === 'in' ? e.items?.[0]?.id : undefined;
      if (typeof id === 'string') waiting.get(id)?.();
    }
  };
  const session = new LiveSession({ target: { kind: 'http', url }, sink: { events: (_s, events) => seen(events), patches: () => undefined, summary: () => undefined } });
  await session.start();
  try {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < n) {
        const i = next++;
        const answered = new Promise<void>((r) => waiting.set('a' + i, r));
        await session.send(JSON.stringify([
          { jsonrpc: '2.0', method: 'a', id: 'a' + i },
          { jsonrpc: '2.0', method: 'b', id: 'b' + i },
        ]));
        await answered;
        waiting.delete('a' + i);
      }
    };
    await Promise.all(Array.from({ length: c }, worker));
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    return { ms, cpu: (cpu.user + cpu.system) / n };
  } finally {
    await session.close();
  }
}

export async function runHttpPending(n: number, rounds = 3): Promise<void> {
  const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`HTTP POSTs while requests wait (pipeline in-process) · ${n} POSTs · medians of ${rounds} · load ${load()}`);
  // Warm-up of both paths, so the first case does not pay for the compiler.
  perPost(5000, waitingTarget(200), askOrNotify);
  perPost(5000, () => undefined, batchMissingOne);
  perEntry(5000);
  const few = Math.round(n / 10);
  const cases: [string, number, () => number][] = [
    ["target's requests waiting: 0", n, () => perPost(n, waitingTarget(0), askOrNotify)],
    [`target's requests waiting: ${few}`, n, () => perPost(n, waitingTarget(few), askOrNotify)],
    [`target's requests waiting: ${n}`, n, () => perPost(n, waitingTarget(n), askOrNotify)],
    [`batches missing an answer: ${few} POSTs`, few, () => perPost(few, () => undefined, batchMissingOne)],
    [`batches missing an answer: ${n} POSTs`, n, () => perPost(n, () => undefined, batchMissingOne)],
    [`one batch of ${few} answered on its POST (per entry)`, few, () => perEntry(few)],
    [`one batch of ${n} answered on its POST (per entry)`, n, () => perEntry(n)],
    [`one batch of ${few} answered by null-id errors (per entry)`, few, () => perEntry(few, true)],
    [`one batch of ${n} answered by null-id errors (per entry)`, n, () => perEntry(n, true)],
  ];
  const rows = cases.map(([name, posts, run]) => {
    const xs: number[] = [];
    for (let r = 0; r < rounds; r++) xs.push(run());
    const m = median(xs);
    return [name, `${m.toFixed(1)} µs`, `${((m * posts) / 1000).toFixed(0)} ms`, xs.map((x) => x.toFixed(1)).join(' / ')];
  });
  console.log(table(['case', 'CPU per POST or entry (median)', 'all', 'runs (µs)'], rows));

  const { url, close } = await firstOnlyServer();
  try {
    await overSockets(url, 2000, 16); // warm-up
    const socketRows: string[][] = [];
    for (const posts of [few, n]) {
      const runs: { ms: number; cpu: number }[] = [];
      for (let r = 0; r < rounds; r++) runs.push(await overSockets(url, posts, 16));
      const ms = median(runs.map((x) => x.ms));
      socketRows.push([`${posts} batch POSTs, 16 in flight`, `${ms.toFixed(0)} ms`, `${median(runs.map((x) => x.cpu)).toFixed(0)} µs`, runs.map((x) => x.ms.toFixed(0)).join(' / ')]);
    }
    console.log(table(['over sockets (LiveSession)', 'wall (median)', 'CPU per POST', 'runs (ms)'], socketRows));
  } finally {
    await close();
  }
  console.log(`(load after: ${load()})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHttpPending(Number(process.argv[2] ?? 20_000), Number(process.argv[3] ?? 3)).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
