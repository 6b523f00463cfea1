/**
 * Sharing a timeline: export (session file, HTML, HAR) with the redaction pass and its preview,
 * import of a session file (read-only, never connects, never spawns), and read-only share links.
 *
 *   GET  /api/sessions/:id/export?format=session|html|har&redact=all|none|<kinds>&paths=…&seqs=1-40,52
 *   POST /api/sessions/:id/export           { format, redact, paths, seqs }   (long selections)
 *   POST /api/sessions/:id/export/preview   { redact, paths, seqs }
 *   POST /api/import/session                 body: the session file itself; ?name= optional
 *   GET|POST|DELETE /api/sessions/:id/share
 *   GET  /share/:shareId                     the read-only HTML view, no app token (see sharePageHandler)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API } from '../../lib/api/routes';
import { HttpError, type ApiRouter, type RouteContext } from '../api';
import { buildHar } from '../../lib/export/har';
import { HTML_EXPORT_CSP, buildHtmlExport } from '../../lib/export/html';
import { safeFileName } from '../../lib/export/filename';
import { parseSeqSelection, selectEvents } from '../../lib/export/selection';
import { parseRedactionRequest, redactSessionFile, type RedactionReport } from '../../lib/redaction';
import { parseSessionFile, serializeSessionFile } from '../../lib/session/file-format';
import type { SessionFileV1, TargetSpec } from '../../lib/session/types';
import { allSecrets, guard, need, objectBody, readText, sendDownload, type RouteDeps } from './common';

const FORMATS = ['session', 'html', 'har'] as const;
type Format = (typeof FORMATS)[number];

/** An upload of a session file; parseSessionFile then applies its own size and depth limits. */
export const IMPORT_SESSION_LIMIT = 100 * 1024 * 1024;

interface ExportChoice {
  format: Format;
  redact: unknown;
  paths: unknown;
  seqs: unknown;
}

function choiceFromQuery(q: URLSearchParams): ExportChoice {
  const paths = q.getAll('path');
  return {
    format: (q.get('format') ?? 'session') as Format,
    redact: q.get('redact') ?? undefined,
    paths: paths.length ? paths : (q.get('paths') ?? undefined),
    seqs: q.get('seqs') ?? undefined,
  };
}

function choiceFromBody(b: Record<string, unknown>): ExportChoice {
  return { format: (b.format ?? 'session') as Format, redact: b.redact, paths: b.paths, seqs: b.seqs };
}

interface Prepared {
  file: SessionFileV1;
  report: RedactionReport | null;
}

/** The session as a file: selected, then redacted (unless the user chose none). */
function prepare(deps: RouteDeps, id: string, choice: Omit<ExportChoice, 'format'>): Prepared {
  const { store, manager } = deps;
  if (!manager.summary(id)) throw new HttpError(404, `no session ${id}`);
  const redaction = need(parseRedactionRequest({ redact: choice.redact, paths: choice.paths }));
  const selection = parseSeqSelection(choice.seqs);
  if (!selection.ok) throw new HttpError(400, selection.error);
  manager.getLive(id)?.flush(); // a live session's last events reach the store first
  const file = selectEvents(store.exportSessionFile(id), selection.ranges);
  if (!redaction.enabled) return { file, report: null };
  const { file: safe, report } = redactSessionFile(file, { kinds: redaction.kinds, jsonPaths: redaction.jsonPaths, secrets: allSecrets(store) });
  return { file: safe, report };
}

function sendExport(deps: RouteDeps, ctx: RouteContext, choice: ExportChoice): undefined {
  if (!FORMATS.includes(choice.format)) throw new HttpError(400, `format must be one of ${FORMATS.join(', ')}`);
  const { file, report } = prepare(deps, ctx.params.id, choice);
  const label = file.name ?? `session-${ctx.params.id}`;
  const extra: Record<string, string> = {
    'x-rpcscope-redacted': report ? String(report.total) : 'none',
  };
  if (choice.format === 'html') {
    extra['content-security-policy'] = HTML_EXPORT_CSP;
    sendDownload(ctx.res, buildHtmlExport(file), safeFileName(label, 'rpcscope.html', 'session'), 'text/html; charset=utf-8', extra);
  } else if (choice.format === 'har') {
    const har = buildHar(file);
    if (!har.ok) throw new HttpError(400, har.error);
    sendDownload(ctx.res, JSON.stringify(har.har, null, 2) + '\n', safeFileName(label, 'har', 'session'), 'application/json; charset=utf-8', extra);
  } else {
    sendDownload(ctx.res, serializeSessionFile(file), safeFileName(label, 'rpcscope-session.json', 'session'), 'application/json; charset=utf-8', extra);
  }
  return undefined;
}

/** A launch command as one line of text, for the import answer (shown, never run). */
function launchCommand(t: TargetSpec): string | undefined {
  if (t.kind !== 'stdio') return undefined;
  const quote = (s: string) => (/^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [t.command, ...(t.args ?? [])].map(quote).join(' ');
}

function shareUrl(req: IncomingMessage, shareId: string): string {
  // The gate has already checked Host against the allow-list, so it is safe to echo.
  return `http://${req.headers.host}/share/${shareId}`;
}

export function exportRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const { store, manager } = deps;
  const requireSession = (id: string) => {
    if (!manager.summary(id)) throw new HttpError(404, `no session ${id}`);
  };
  return router
    .on(API.exportSession, guard((ctx) => sendExport(deps, ctx, choiceFromQuery(ctx.query))))
    .on(API.exportSelection, guard(async (ctx) => sendExport(deps, ctx, choiceFromBody(await objectBody(ctx)))))
    .on(API.exportPreview, guard(async (ctx) => {
      const body = await objectBody(ctx);
      const { file, report } = prepare(deps, ctx.params.id, choiceFromBody(body));
      return { events: file.events.length, redaction: report };
    }))
    .on(API.importSession, guard(async (ctx) => {
      const text = await readText(ctx.req, IMPORT_SESSION_LIMIT);
      const parsed = parseSessionFile(text);
      if (!parsed.ok) throw new HttpError(400, `nothing was imported: ${parsed.error}`);
      const name = ctx.query.get('name') ?? undefined;
      const session = store.importSessionFile(parsed.value, name ? { name } : {});
      const command = launchCommand(parsed.value.target);
      return { session, ...(command ? { launchCommand: command } : {}), redactions: parsed.value.redactions ?? [] };
    }))
    .on(API.getShare, guard(({ params, req }) => {
      requireSession(params.id);
      const shareId = store.sessions.shareIdOf(params.id) ?? null;
      return { shareId, url: shareId ? shareUrl(req, shareId) : null };
    }))
    .on(API.share, guard(({ params, req }) => {
      requireSession(params.id);
      const shareId = store.sessions.share(params.id);
      return { shareId, url: shareUrl(req, shareId) };
    }))
    .on(API.unshare, guard(({ params }) => {
      requireSession(params.id);
      store.sessions.unshare(params.id);
      return { ok: true };
    }));
}

const SHARE_PATH = /^\/share\/([A-Za-z0-9_-]{1,200})\/?$/;

export function isSharePath(url: string): boolean {
  return url === '/share' || url.startsWith('/share/');
}

const SHARE_HEADERS: Record<string, string> = {
  'content-security-policy': HTML_EXPORT_CSP,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
};

function sendPlain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...SHARE_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/**
 * GET /share/<shareId>: the read-only HTML view of a shared session, redacted as a default export
 * is. No app token: the unguessable share id is the capability. The server's gate has checked
 * Host first, so by default this is reachable only where the app is.
 */
export function sharePageHandler(deps: RouteDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      sendPlain(res, 405, 'A share link can only be read.');
      return;
    }
    const m = SHARE_PATH.exec(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const summary = m ? deps.store.sessions.getByShareId(m[1]) : undefined;
    if (!summary) {
      sendPlain(res, 404, 'This share link does not exist or was revoked.');
      return;
    }
    try {
      const { file } = prepare(deps, summary.id, { redact: undefined, paths: undefined, seqs: undefined });
      const html = buildHtmlExport(file);
      res.writeHead(200, { ...SHARE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(html)) });
      res.end(req.method === 'HEAD' ? undefined : html);
    } catch (err) {
      sendPlain(res, err instanceof HttpError ? err.status : 500, 'This shared session could not be shown.');
    }
  };
}
