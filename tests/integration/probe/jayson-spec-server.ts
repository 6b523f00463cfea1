/**
 * jayson (a real JSON-RPC library from npm) over HTTP on 127.0.0.1, serving the spec's example
 * methods, so the probe's spec examples have something to call.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import jayson from 'jayson';

type Done = (err: null, result?: unknown) => void;

export async function startJaysonSpecServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = new jayson.Server({
    subtract: (p: unknown, cb: Done) => {
      const r = p as number[] | { minuend: number; subtrahend: number };
      cb(null, Array.isArray(r) ? r[0] - r[1] : r.minuend - r.subtrahend);
    },
    sum: (p: unknown, cb: Done) => cb(null, (p as number[]).reduce((a, b) => a + b, 0)),
    get_data: (_p: unknown, cb: Done) => cb(null, ['hello', 5]),
    update: (_p: unknown, cb: Done) => cb(null),
    notify_hello: (_p: unknown, cb: Done) => cb(null),
    notify_sum: (_p: unknown, cb: Done) => cb(null),
  });
  const h: http.Server = server.http();
  await new Promise<void>((r) => h.listen(0, '127.0.0.1', r));
  return { port: (h.address() as AddressInfo).port, close: () => new Promise((r) => h.close(() => r())) };
}
