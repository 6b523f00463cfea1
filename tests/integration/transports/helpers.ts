/** Records everything a transport reports, and waits for conditions with a bound. */
import { readFileSync } from 'node:fs';
import type { HttpMeta, ProcessMeta, WsMeta } from '@/lib/session/types';
import type { IncomingMessage, Transport, TransportEvents } from '@/server/transports/types';

export interface MetaNote {
  note: string;
  facts?: { process?: ProcessMeta; ws?: WsMeta; http?: HttpMeta };
}

export interface ExchangeEnd {
  ref: number | undefined;
  failure?: string;
  http?: HttpMeta;
}

export interface Recorded {
  events: TransportEvents;
  chunks: Buffer[];
  messages: IncomingMessage[];
  empty: HttpMeta[];
  stderr: string[];
  meta: MetaNote[];
  errors: string[];
  closes: string[];
  /** HTTP exchanges that ended, in order. */
  exchanges: ExchangeEnd[];
  /** Send queue reports (target not reading / reading again). */
  queue: { stuck: boolean; note: string }[];
  /** Order in which callbacks fired, e.g. "message", "close". */
  order: string[];
  bytesText(): string;
  /** Parsed bodies of onMessage calls. */
  json(): unknown[];
}

export function record(): Recorded {
  const r: Recorded = {
    chunks: [],
    messages: [],
    empty: [],
    stderr: [],
    meta: [],
    errors: [],
    closes: [],
    exchanges: [],
    queue: [],
    order: [],
    events: {
      onBytes: (b) => {
        r.chunks.push(Buffer.from(b));
        r.order.push('bytes');
      },
      onMessage: (m) => {
        r.messages.push(m);
        r.order.push('message');
      },
      onEmptyReply: (h) => {
        r.empty.push(h);
        r.order.push('empty');
      },
      onStderr: (l) => {
        r.stderr.push(l);
        r.order.push('stderr');
      },
      onMeta: (note, facts) => {
        r.meta.push({ note, facts });
        r.order.push('meta');
      },
      onError: (m) => {
        r.errors.push(m);
        r.order.push('error');
      },
      onExchangeEnd: (ref, end) => {
        r.exchanges.push({ ref, ...end });
        r.order.push('exchange-end');
      },
      onSendQueue: (state) => r.queue.push(state),
      onClose: (reason) => {
        r.closes.push(reason);
        r.order.push('close');
      },
    },
    bytesText: () => Buffer.concat(r.chunks).toString('utf8'),
    json: () => r.messages.map((m) => JSON.parse(m.text) as unknown),
  };
  return r;
}

/** One HTTP POST, waited for until its exchange is over (send itself never waits for the reply). */
export async function post(t: Transport, r: Recorded, text: string, ref?: number): Promise<ExchangeEnd> {
  const before = r.exchanges.length;
  await t.send(text, ref);
  await waitFor(() => r.exchanges.length > before, 'the end of the POST exchange', 10_000);
  return r.exchanges[before];
}

export async function waitFor(cond: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Minimal, independent frame splitter for assertions (not the product's decoder). */
export function splitContentLength(text: string): { headers: string; body: string }[] {
  const out: { headers: string; body: string }[] = [];
  let buf = Buffer.from(text, 'utf8');
  for (;;) {
    const end = buf.indexOf('\r\n\r\n');
    if (end === -1) return out;
    const headers = buf.subarray(0, end).toString('latin1');
    const m = /content-length:\s*(\d+)/i.exec(headers);
    if (!m) return out;
    const len = Number(m[1]);
    if (buf.length < end + 4 + len) return out;
    out.push({ headers, body: buf.subarray(end + 4, end + 4 + len).toString('utf8') });
    buf = buf.subarray(end + 4 + len);
  }
}

export function contentLengthFrame(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
}

export function newlineFrame(text: string): Buffer {
  return Buffer.from(`${text}\n`, 'utf8');
}

export function newlineMessages(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);
}

/**
 * Whether a process still runs. A killed process whose parent is gone stays a zombie until init
 * reaps it (and some container inits never do), so on Linux a zombie counts as gone.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export const rpc = (method: string, params?: unknown, id: string | number | null = 1): string =>
  JSON.stringify({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}), id });

export const note = (method: string, params?: unknown): string =>
  JSON.stringify({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) });
