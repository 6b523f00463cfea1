/**
 * Published sessions: publish a session file (once, or live and then appended to), list and read
 * them, export them as a session file (with their comments) or HTML, watch them live, comment.
 */
import { randomBytes } from 'node:crypto';
import { parseSessionFile, serializeSessionFile, buildSessionFile } from '../../lib/session/file-format';
import type { SessionFileV1, TrafficEvent } from '../../lib/session/types';
import type { ProbeReport } from '../../lib/probe/types';
import { AppendEventsBodySchema, CommentBodySchema, TEAM_LIMITS, publishedPath, type PublishedSummary } from '../../lib/team/api';
import { buildHtmlExport } from '../../lib/export/html';
import { attachmentDisposition, safeFileName } from '../../lib/export/filename';
import { viewerScript } from '../export-viewer';
import { HttpError, readBody, readJson, sendJson, sendText } from './http';
import type { RouteCall, TeamContext, TeamRoute } from './context';
import { TooLarge, type PublishedSession } from './store/types';

const EXPORT_PAGE = 5000;

export const summaryOf = (s: PublishedSession): PublishedSummary => ({
  id: s.id,
  name: s.name,
  startedAt: s.startedAt,
  publishedAt: s.publishedAt,
  publishedBy: s.publishedBy,
  live: s.live,
  lastSeq: s.lastSeq,
  events: s.eventCount,
  bytes: s.bytes,
});

async function sessionOr404(ctx: TeamContext, id: string): Promise<PublishedSession> {
  const s = await ctx.store.session(id);
  if (!s) throw new HttpError(404, `no published session ${id}`);
  return s;
}

const stored = (events: readonly TrafficEvent[]) => events.map((e) => ({ seq: e.seq, json: JSON.stringify(e) }));

function checkSize(ctx: TeamContext, bytes: number): void {
  if (bytes > ctx.settings.maxSessionBytes) throw new TooLarge(bytes, ctx.settings.maxSessionBytes);
}

/** The whole session as a session file, its comments included. */
export async function sessionFileOf(ctx: TeamContext, s: PublishedSession): Promise<SessionFileV1> {
  const events: TrafficEvent[] = [];
  for (let after = -1; ; ) {
    const page = await ctx.store.events(s.id, after, EXPORT_PAGE);
    for (const e of page) events.push(JSON.parse(e.json) as TrafficEvent);
    if (page.length < EXPORT_PAGE) break;
    after = page[page.length - 1].seq;
  }
  const comments = await ctx.store.comments(s.id);
  const probe = await ctx.store.probe(s.id);
  return buildSessionFile({ name: s.name, target: s.target, startedAt: s.startedAt }, events, {
    redactions: s.redactions,
    comments,
    ...(probe ? { probe: JSON.parse(probe) as ProbeReport } : {}),
  });
}

async function publish({ ctx, req, res, query, caller, base }: RouteCall): Promise<void> {
  const text = await readBody(req, ctx.settings.maxSessionBytes + 1024 * 1024);
  const parsed = parseSessionFile(text);
  if (!parsed.ok) throw new HttpError(400, parsed.error);
  const file = parsed.value;
  const rows = stored(file.events);
  checkSize(ctx, rows.reduce((n, r) => n + r.json.length, 0));
  const id = randomBytes(12).toString('base64url');
  const live = query.get('live') === '1';
  await ctx.store.createSession({
    id,
    name: file.name ?? 'session',
    target: file.target,
    startedAt: file.startedAt,
    redactions: file.redactions,
    publishedBy: caller.user.id,
    publishedAt: new Date().toISOString(),
    live,
  });
  // Validated with the file (lib/probe/schema.ts); kept as published, the session file's own text.
  if (file.probe) await ctx.store.putProbe(id, JSON.stringify(file.probe));
  const { lastSeq } = await ctx.store.appendEvents(id, rows, ctx.settings.maxSessionBytes);
  sendJson(res, 201, { id, url: base + publishedPath(id), lastSeq });
}

async function append({ ctx, req, res, params }: RouteCall): Promise<void> {
  const s = await sessionOr404(ctx, params.id);
  if (!s.live) throw new HttpError(409, 'this session was published as finished: it takes no more events');
  const body = await readJson(req, AppendEventsBodySchema, ctx.settings.maxSessionBytes + 1024 * 1024);
  const rows = stored(body.events as TrafficEvent[]);
  checkSize(ctx, s.bytes + rows.reduce((n, r) => n + r.json.length, 0));
  const { added, lastSeq } = await ctx.store.appendEvents(s.id, rows, ctx.settings.maxSessionBytes);
  if (added) ctx.hub.publish(s.id, { type: 'events', events: body.events.filter((e) => e.seq > s.lastSeq) });
  if (body.done) {
    await ctx.store.endLive(s.id);
    ctx.hub.publish(s.id, { type: 'done' });
  }
  sendJson(res, 200, { added, lastSeq });
}

async function exportSession({ ctx, res, params, query }: RouteCall): Promise<void> {
  const s = await sessionOr404(ctx, params.id);
  const format = query.get('format') ?? 'session';
  const file = await sessionFileOf(ctx, s);
  if (format === 'session') {
    sendText(res, 200, 'application/json; charset=utf-8', serializeSessionFile(file), { 'content-disposition': attachmentDisposition(safeFileName(s.name, 'rpcscope.json')) });
  } else if (format === 'html') {
    sendText(res, 200, 'text/html; charset=utf-8', buildHtmlExport(file, viewerScript()), { 'content-disposition': attachmentDisposition(safeFileName(s.name, 'html')) });
  } else throw new HttpError(400, `format must be session or html (got ${JSON.stringify(format.slice(0, 40))})`);
}

async function addComment({ ctx, req, res, params, caller }: RouteCall): Promise<void> {
  const s = await sessionOr404(ctx, params.id);
  const body = await readJson(req, CommentBodySchema, TEAM_LIMITS.bodyBytes);
  if (body.seq > s.lastSeq) throw new HttpError(400, `there is no entry #${body.seq} in this session (its last is #${s.lastSeq})`);
  const comment = await ctx.store.addComment(s.id, body.seq, caller.user.id, body.text);
  ctx.hub.publish(s.id, { type: 'comment', comment });
  sendJson(res, 201, comment);
}

export const SESSION_ROUTES: TeamRoute[] = [
  { method: 'GET', path: '/api/sessions', action: 'read', handle: async ({ ctx, res }) => sendJson(res, 200, (await ctx.store.sessions()).map(summaryOf)) },
  { method: 'POST', path: '/api/sessions', action: 'publish', handle: publish },
  { method: 'GET', path: '/api/sessions/:id', action: 'read', handle: async ({ ctx, res, params }) => sendJson(res, 200, summaryOf(await sessionOr404(ctx, params.id))) },
  {
    method: 'GET',
    path: '/api/sessions/:id/events',
    action: 'read',
    handle: async ({ ctx, res, params, query }) => {
      const s = await sessionOr404(ctx, params.id);
      const after = Number(query.get('after') ?? -1);
      const limit = Math.min(Math.max(Number(query.get('limit') ?? 2000), 1), 10_000);
      if (!Number.isInteger(after)) throw new HttpError(400, 'after must be a seq');
      const page = await ctx.store.events(s.id, after, limit);
      sendJson(res, 200, { lastSeq: s.lastSeq, live: s.live, events: page.map((e) => JSON.parse(e.json) as unknown) });
    },
  },
  { method: 'POST', path: '/api/sessions/:id/events', action: 'publish', handle: append },
  { method: 'GET', path: '/api/sessions/:id/export', action: 'read', handle: exportSession },
  {
    method: 'GET',
    path: '/api/sessions/:id/live',
    action: 'read',
    handle: async ({ ctx, req, res, params, query }) => {
      const s = await sessionOr404(ctx, params.id);
      const after = Number(query.get('after') ?? -1);
      await ctx.hub.watch(ctx.store, s.id, Number.isInteger(after) ? after : -1, req, res);
    },
  },
  { method: 'GET', path: '/api/sessions/:id/comments', action: 'read', handle: async ({ ctx, res, params }) => sendJson(res, 200, await ctx.store.comments((await sessionOr404(ctx, params.id)).id)) },
  { method: 'POST', path: '/api/sessions/:id/comments', action: 'comment', handle: addComment },
];
