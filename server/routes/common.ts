/**
 * Shared pieces of the route files: the deps they get, StoreError → HTTP status, body readers
 * with their own limits, and downloads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, type RouteContext, type TapInjector } from '../api';
import { StoreError, type Store } from '../store';
import type { SessionManager } from '../session/manager';
import { attachmentDisposition } from '../../lib/export/filename';

export interface RouteDeps {
  store: Store;
  manager: SessionManager;
  /** Sends into tapped conversations (server/api.ts TapInjector), where the app has them. */
  taps?: TapInjector;
}

const STATUS: Record<StoreError['code'], number> = { invalid: 400, 'not-found': 404, conflict: 409 };

/** Runs a handler, turning the store's refusals into their HTTP status with the same words. */
export function guard<C, T>(handler: (ctx: C) => T | Promise<T>): (ctx: C) => Promise<T> {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof StoreError) throw new HttpError(STATUS[err.code], err.message);
      throw err;
    }
  };
}

export function need<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new HttpError(400, r.error);
  return r.value;
}

type Obj = Record<string, unknown>;

/** The JSON body as an object (an empty body is `{}`); anything else is a 400. */
export async function objectBody(ctx: Pick<RouteContext, 'body'>): Promise<Obj> {
  const body = await ctx.body();
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'request body must be a JSON object');
  return body as Obj;
}

export function optionalString(o: Obj, key: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new HttpError(400, `${key} must be text`);
  return v;
}

/** A batch's first "auto" id (`firstAutoId`): the session's next id as the page counts it; 1 when absent. */
export function firstAutoId(o: Obj): number {
  const v = o.firstAutoId;
  if (v === undefined) return 1;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new HttpError(400, 'firstAutoId must be a whole number of 0 or more');
  return v;
}

export function requiredString(o: Obj, key: string): string {
  const v = optionalString(o, key);
  if (v === undefined) throw new HttpError(400, `${key} is required`);
  return v;
}

/** The raw request body as UTF-8 text, refused past `limit` bytes with a 413. */
export function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(new HttpError(413, `the upload is larger than ${Math.round(limit / (1024 * 1024))} MiB`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks, size).toString('utf8'));
    });
    req.on('error', (e) => {
      if (!done) reject(e);
    });
  });
}

export function sendDownload(res: ServerResponse, body: string, fileName: string, contentType: string, extra: Record<string, string> = {}): void {
  res.writeHead(200, {
    'content-type': contentType,
    'content-disposition': attachmentDisposition(fileName),
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  res.end(body);
}

/** Secret variables of every environment: what exports must never carry in clear. */
export function allSecrets(store: Store): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const env of store.environments.list()) {
    for (const v of env.variables) if (v.secret && v.value) out.push({ name: v.name, value: v.value });
  }
  return out;
}
