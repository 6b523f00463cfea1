/**
 * The HTTP API under /api, handled by the custom server before Next sees the request. The
 * security gate (token, Host, Origin) runs first in server/main.ts; nothing here changes state on GET.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DIALECT_IDS } from '../lib/dialects/registry';
import { InjectBook } from '../lib/inject/inject';
import { parseWith } from '../lib/session/schemas';
import type { TrafficEvent } from '../lib/session/types';
import type { CheckedBodyOf, FileDownload, ParamsOf, PathOf, ResponseOf, RouteSpec } from '../lib/api/routes';
import { API } from '../lib/api/routes';
import { ReconnectRefused, type SessionManager } from './session/manager';
import { SendRefusedError } from './transports/send-queue';

const MAX_BODY = 70 * 1024 * 1024;
const MAX_EVENTS_PAGE = 10_000;
/**
 * A page of entries holds at most this much wire text (always at least one entry): 10 000 entries of
 * 64 KiB noise made a 355 MB answer, and a little more is past V8's longest string (a 500). JSON's
 * escapes may grow this up to 6×.
 */
const MAX_EVENTS_PAGE_BYTES = 16 * 1024 * 1024;

/** The first entries of `events` within MAX_EVENTS_PAGE_BYTES; `more` when some were left for the next page. */
function sizedPage(events: TrafficEvent[]): { events: TrafficEvent[]; more?: true } {
  let bytes = 0;
  for (let i = 0; i < events.length; i++) {
    bytes += events[i].raw.length + (events[i].rawBase64?.length ?? 0);
    if (bytes > MAX_EVENTS_PAGE_BYTES && i > 0) return { events: events.slice(0, i), more: true };
  }
  return { events };
}

export class HttpError extends Error {
  /** `details` travel beside `error` in the JSON answer (e.g. an import's per-entry problems). */
  constructor(readonly status: number, message: string, readonly details?: Record<string, unknown>) {
    super(message);
  }
}

export type RouteHandler = (ctx: RouteContext) => Promise<unknown> | unknown;

export interface RouteContext<Params = Record<string, string>, Body = unknown> {
  req: IncomingMessage;
  res: ServerResponse;
  params: Params;
  query: URLSearchParams;
  /** The JSON body; on a route with a schema, already checked by it (a 400 otherwise). */
  body(): Promise<Body>;
}

/**
 * A route's answer already serialised (a page of 50k rows is built as JSON text by SQLite, not as
 * objects): sent as it is. The type parameter keeps it tied to the route's declared answer.
 */
export class JsonText<T> {
  declare readonly of?: T;
  constructor(readonly text: string) {}
}

/** What a handler of route R returns: its declared answer (maybe as JsonText), or nothing when it wrote a download itself. */
type AnswerOf<R> = ResponseOf<R> extends FileDownload ? void : ResponseOf<R> | JsonText<ResponseOf<R>>;
export type TypedHandler<R extends RouteSpec> = (
  ctx: RouteContext<ParamsOf<PathOf<R>>, CheckedBodyOf<R>>,
) => AnswerOf<R> | Promise<AnswerOf<R>>;

interface Route {
  spec: RouteSpec;
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: RouteHandler;
}

/** A tiny router: `/api/sessions/:id/send` style patterns, JSON in and out. */
export class ApiRouter {
  private readonly routes: Route[] = [];

  /** Serves one entry of the route table (lib/api/routes.ts); the handler must return its declared answer. */
  on<R extends RouteSpec>(spec: R, handler: TypedHandler<R>): this {
    // The params are matched from this spec's own path, and the body is checked below when the
    // spec has a schema, so the context the handler gets is the one its type promises.
    const typed = handler as unknown as RouteHandler;
    const schema = spec.schema;
    const run: RouteHandler = schema
      ? (ctx) => typed({ ...ctx, body: async () => need(parseWith(schema, await ctx.body())) })
      : typed;
    return this.add(spec.method, spec.path, run, spec);
  }

  /** Route-table entries nobody serves (server/main.ts refuses to start unless this is empty). */
  unserved(): string[] {
    const served = new Set(this.routes.map((r) => r.spec));
    return Object.entries(API).filter(([, spec]) => !served.has(spec)).map(([name]) => name);
  }

  private add(method: string, path: string, handler: RouteHandler, spec: RouteSpec): this {
    const keys: string[] = [];
    const pattern = new RegExp(
      '^' + path.replace(/:(\w+)/g, (_m, k: string) => {
        keys.push(k);
        return '([^/]+)';
      }) + '$',
    );
    this.routes.push({ spec, method, pattern, keys, handler });
    return this;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let matchedPath = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(url.pathname);
      if (!m) continue;
      matchedPath = true;
      if (route.method !== req.method) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1])));
      try {
        const result = await route.handler({ req, res, params, query: url.searchParams, body: () => readJson(req) });
        if (result instanceof JsonText) sendJsonText(res, 200, result.text);
        else if (!res.headersSent) sendJson(res, 200, result ?? { ok: true });
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500;
        const message = err instanceof Error ? err.message : String(err);
        const details = err instanceof HttpError ? err.details : undefined;
        if (!res.headersSent) sendJson(res, status, { ...details, error: message });
      }
      return;
    }
    sendJson(res, matchedPath ? 405 : 404, { error: matchedPath ? `method ${req.method} not allowed here` : `no API route ${url.pathname}` });
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendJsonText(res, status, JSON.stringify(value));
}

function sendJsonText(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

export function readJson(req: IncomingMessage, limit = MAX_BODY): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, `request body over ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new HttpError(400, `request body is not JSON: ${(e as Error).message}`));
      }
    });
    req.on('error', reject);
  });
}

function need<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new HttpError(400, r.error);
  return r.value;
}

/** Sends into a tapped conversation (server/tap/ingest.ts), for the sessions a connected tap records. */
export interface TapInjector {
  hasSession(id: string): boolean;
  /** `conn`: a proxy tap's relayed WebSocket to write into (absent: the newest open one). */
  inject(id: string, to: 'server' | 'client', text: string, conn?: number): Promise<number>;
  /** Closing a tap's session stops intercepting it: everything held goes on (server/tap/intercepts.ts). */
  stopIntercepting?(id: string): Promise<void>;
}

export function sessionRoutes(router: ApiRouter, manager: SessionManager, taps?: TapInjector): ApiRouter {
  const summaryOr404 = (id: string) => {
    const s = manager.summary(id);
    if (!s) throw new HttpError(404, `no session ${id}`);
    return s;
  };
  const liveOr409 = (id: string) => {
    summaryOr404(id);
    const live = manager.getLive(id);
    if (!live) throw new HttpError(409, 'this session is not live (past or imported): connect again to send');
    return live;
  };

  return router
    .on(API.listSessions, () => ({ sessions: manager.summaries() }))
    .on(API.openSession, async ({ body }) => {
      const { target, name, timeoutMs, dialect } = await body();
      try {
        const session = await manager.open(target, name, { timeoutMs, dialect });
        return { session: manager.summary(session.id) ?? session.summary };
      } catch (err) {
        throw new HttpError(502, err instanceof Error ? err.message : String(err));
      }
    })
    .on(API.getSession, ({ params }) => ({ session: summaryOr404(params.id) }))
    .on(API.listEvents, ({ params, query }) => {
      summaryOr404(params.id);
      const sinceSeq = Number(query.get('sinceSeq') ?? 0) || 0;
      const limit = Math.min(Number(query.get('limit') ?? MAX_EVENTS_PAGE) || MAX_EVENTS_PAGE, MAX_EVENTS_PAGE);
      return sizedPage(manager.events(params.id, sinceSeq, limit));
    })
    .on(API.revealEvent, ({ params }) => {
      summaryOr404(params.id);
      const seq = Number(params.seq);
      const event = Number.isSafeInteger(seq) && seq > 0 ? manager.event(params.id, seq) : undefined;
      if (!event) throw new HttpError(404, `no entry #${params.seq.slice(0, 20)}`);
      return { event };
    })
    .on(API.send, async ({ params, body }) => {
      if (taps?.hasSession(params.id)) {
        const { text, to, conn } = await body();
        // Bad text is the user's to fix (400) before it travels to the tap, which checks it again.
        const checked = new InjectBook().prepare(text, to ?? 'server');
        if (!checked.ok) throw new HttpError(400, checked.error);
        try {
          return { seq: await taps.inject(params.id, to ?? 'server', text, conn) };
        } catch (err) {
          throw new HttpError(409, err instanceof Error ? err.message : String(err));
        }
      }
      const live = liveOr409(params.id);
      const { text } = await body();
      try {
        // Returns once the transport took the bytes; the answer comes through the bridge.
        return { seq: await live.send(text) };
      } catch (err) {
        // 429: the target is not reading, so the send queue is full; try again once it drains.
        throw new HttpError(err instanceof SendRefusedError ? 429 : 409, err instanceof Error ? err.message : String(err));
      }
    })
    .on(API.setAutoReplies, async ({ params, body }) => {
      const live = liveOr409(params.id);
      const value = (await body()) as { rules?: unknown } | undefined;
      const rules = value?.rules;
      if (!rules || typeof rules !== 'object' || Array.isArray(rules)) throw new HttpError(400, 'rules must be an object: { "method": result }');
      if (Object.keys(rules).length > 200) throw new HttpError(400, 'at most 200 auto-reply rules');
      live.setAutoReplies(rules as Record<string, unknown>);
      return { rules: live.getAutoReplies() };
    })
    .on(API.getAutoReplies, ({ params }) => ({ rules: liveOr409(params.id).getAutoReplies() }))
    .on(API.setDialect, async ({ params, body }) => {
      const live = liveOr409(params.id);
      const value = (await body()) as { dialect?: unknown } | undefined;
      if (typeof value?.dialect !== 'string') throw new HttpError(400, `dialect must be one of ${DIALECT_IDS.join(', ')}`);
      try {
        return { dialect: live.setDialect(value.dialect) };
      } catch (err) {
        throw new HttpError(400, (err as Error).message);
      }
    })
    .on(API.cancel, async ({ params, body }) => {
      const live = liveOr409(params.id);
      const value = (await body()) as { seq?: unknown; reason?: unknown } | undefined;
      if (typeof value?.seq !== 'number') throw new HttpError(400, 'seq (the pending request to cancel) must be a number');
      const request = manager.event(params.id, value.seq);
      if (!request) throw new HttpError(404, `no entry #${value.seq}`);
      try {
        return { seq: await live.cancel(request, typeof value.reason === 'string' ? value.reason.slice(0, 500) : undefined) };
      } catch (err) {
        throw new HttpError(409, (err as Error).message);
      }
    })
    .on(API.closeSession, async ({ params }) => {
      summaryOr404(params.id);
      await taps?.stopIntercepting?.(params.id);
      const session = await manager.close(params.id);
      if (!session) throw new HttpError(404, `no session ${params.id}`);
      return { session };
    })
    .on(API.reconnectSession, async ({ params }) => {
      try {
        const session = await manager.reconnect(params.id);
        return { session: manager.summary(session.id) ?? session.summary };
      } catch (err) {
        // Refused (not found, still live, imported) or the target failed: the new session, if any, is recorded.
        throw new HttpError(err instanceof ReconnectRefused ? err.status : 502, err instanceof Error ? err.message : String(err));
      }
    })
    .on(API.deleteSession, async ({ params }) => {
      summaryOr404(params.id);
      await manager.remove(params.id);
      return { ok: true } as const;
    });
}
