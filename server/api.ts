/**
 * The HTTP API under /api, handled by the custom server before Next sees the request. The
 * security gate (token, Host, Origin) runs first in server/main.ts; nothing here changes state on GET.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCreateSessionBody, parseSendBody } from '../lib/session/schemas';
import { DIALECT_IDS } from '../lib/dialects/registry';
import type { SessionManager } from './session/manager';
import { SendRefusedError } from './transports/send-queue';

const MAX_BODY = 70 * 1024 * 1024;
const MAX_EVENTS_PAGE = 10_000;

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export type RouteHandler = (ctx: RouteContext) => Promise<unknown> | unknown;

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  body(): Promise<unknown>;
}

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: RouteHandler;
}

/** A tiny router: `/api/sessions/:id/send` style patterns, JSON in and out. */
export class ApiRouter {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: RouteHandler): this {
    const keys: string[] = [];
    const pattern = new RegExp(
      '^' + path.replace(/:(\w+)/g, (_m, k: string) => {
        keys.push(k);
        return '([^/]+)';
      }) + '$',
    );
    this.routes.push({ method, pattern, keys, handler });
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
        if (!res.headersSent) sendJson(res, 200, result ?? { ok: true });
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500;
        const message = err instanceof Error ? err.message : String(err);
        if (!res.headersSent) sendJson(res, status, { error: message });
      }
      return;
    }
    sendJson(res, matchedPath ? 405 : 404, { error: matchedPath ? `method ${req.method} not allowed here` : `no API route ${url.pathname}` });
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
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

export function sessionRoutes(router: ApiRouter, manager: SessionManager): ApiRouter {
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
    .add('GET', '/api/sessions', () => ({ sessions: manager.summaries() }))
    .add('POST', '/api/sessions', async ({ body }) => {
      const { target, name, timeoutMs, dialect } = need(parseCreateSessionBody(await body()));
      try {
        const session = await manager.open(target, name, { timeoutMs, dialect });
        return { session: manager.summary(session.id) ?? session.summary };
      } catch (err) {
        throw new HttpError(502, err instanceof Error ? err.message : String(err));
      }
    })
    .add('GET', '/api/sessions/:id', ({ params }) => ({ session: summaryOr404(params.id) }))
    .add('GET', '/api/sessions/:id/events', ({ params, query }) => {
      summaryOr404(params.id);
      const sinceSeq = Number(query.get('sinceSeq') ?? 0) || 0;
      const limit = Math.min(Number(query.get('limit') ?? MAX_EVENTS_PAGE) || MAX_EVENTS_PAGE, MAX_EVENTS_PAGE);
      return { events: manager.events(params.id, sinceSeq, limit) };
    })
    .add('POST', '/api/sessions/:id/send', async ({ params, body }) => {
      const live = liveOr409(params.id);
      const { text } = need(parseSendBody(await body()));
      try {
        // Returns once the transport took the bytes; the answer comes through the bridge.
        return { seq: await live.send(text) };
      } catch (err) {
        // 429: the target is not reading, so the send queue is full; try again once it drains.
        throw new HttpError(err instanceof SendRefusedError ? 429 : 409, err instanceof Error ? err.message : String(err));
      }
    })
    .add('POST', '/api/sessions/:id/auto-replies', async ({ params, body }) => {
      const live = liveOr409(params.id);
      const value = (await body()) as { rules?: unknown } | undefined;
      const rules = value?.rules;
      if (!rules || typeof rules !== 'object' || Array.isArray(rules)) throw new HttpError(400, 'rules must be an object: { "method": result }');
      if (Object.keys(rules).length > 200) throw new HttpError(400, 'at most 200 auto-reply rules');
      live.setAutoReplies(rules as Record<string, unknown>);
      return { rules: live.getAutoReplies() };
    })
    .add('GET', '/api/sessions/:id/auto-replies', ({ params }) => ({ rules: liveOr409(params.id).getAutoReplies() }))
    .add('POST', '/api/sessions/:id/dialect', async ({ params, body }) => {
      const live = liveOr409(params.id);
      const value = (await body()) as { dialect?: unknown } | undefined;
      if (typeof value?.dialect !== 'string') throw new HttpError(400, `dialect must be one of ${DIALECT_IDS.join(', ')}`);
      try {
        return { dialect: live.setDialect(value.dialect) };
      } catch (err) {
        throw new HttpError(400, (err as Error).message);
      }
    })
    .add('POST', '/api/sessions/:id/cancel', async ({ params, body }) => {
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
    .add('POST', '/api/sessions/:id/close', async ({ params }) => {
      summaryOr404(params.id);
      return { session: await manager.close(params.id) };
    })
    .add('DELETE', '/api/sessions/:id', async ({ params }) => {
      summaryOr404(params.id);
      await manager.remove(params.id);
      return { ok: true };
    });
}
