/**
 * Sharing a timeline: export (any format of lib/export/formats.ts) with the redaction pass and its preview,
 * import of a session file (read-only, never connects, never spawns), and read-only share links.
 *
 *   GET  /api/sessions/:id/export?format=<an EXPORT_FORMATS id>&redact=all|none|<kinds>&paths=…&seqs=1-40,52
 *   POST /api/sessions/:id/export           { format, redact, paths, seqs }   (long selections)
 *   POST /api/sessions/:id/export/preview   { redact, paths, seqs }
 *   POST /api/import/session                 body: the session file itself; ?name= optional
 *   GET|POST|DELETE /api/sessions/:id/share
 *   GET  /share/:shareId                     the read-only HTML view, no app token (see sharePageHandler)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API } from '../../lib/api/routes';
import { HttpError, type ApiRouter, type RouteContext } from '../api';
import { EXPORT_ASSETS } from '../export-viewer';
import { DEFAULT_EXPORT_FORMAT, ExportFormatSchema, exportFormat, type ExportFormatId } from '../../lib/export/formats';
import { HTML_EXPORT_CSP, buildHtmlExport } from '../../lib/export/html';
import { safeFileName } from '../../lib/export/filename';
import { parseSeqSelection, selectEvents } from '../../lib/export/selection';
import { parseRedactionRequest, redactSessionFile, type RedactionOptions, type RedactionReport } from '../../lib/redaction';
import { parseSessionFile } from '../../lib/session/file-format';
import type { SessionFileV1 } from '../../lib/session/types';
import { launchCommandOf } from '../../lib/targets/registry';
import { allSecrets, guard, need, objectBody, readText, sendDownload, type RouteDeps } from './common';

/** An upload of a session file; parseSessionFile then applies its own size and depth limits. */
export const IMPORT_SESSION_LIMIT = 100 * 1024 * 1024;

export interface ExportChoice {
  /** Unchecked input: sendExport validates it against the registry. */
  format: unknown;
  redact: unknown;
  paths: unknown;
  seqs: unknown;
}

function choiceFromQuery(q: URLSearchParams): ExportChoice {
  const paths = q.getAll('path');
  return {
    format: q.get('format') ?? DEFAULT_EXPORT_FORMAT,
    redact: q.get('redact') ?? undefined,
    paths: paths.length ? paths : (q.get('paths') ?? undefined),
    seqs: q.get('seqs') ?? undefined,
  };
}

function choiceFromBody(b: Record<string, unknown>): ExportChoice {
  return { format: b.format ?? DEFAULT_EXPORT_FORMAT, redact: b.redact, paths: b.paths, seqs: b.seqs };
}

interface Prepared {
  file: SessionFileV1;
  report: RedactionReport | null;
}

/**
 * The session as a file, selected, and the redaction options the user chose (null: none), so the
 * export and publishing (server/routes/publish.ts) run exactly the pass the preview showed.
 */
export function selectForExport(deps: RouteDeps, id: string, choice: Omit<ExportChoice, 'format'>): { file: SessionFileV1; options: RedactionOptions | null } {
  const { store, manager } = deps;
  if (!manager.summary(id)) throw new HttpError(404, `no session ${id}`);
  const redaction = need(parseRedactionRequest({ redact: choice.redact, paths: choice.paths }));
  const selection = parseSeqSelection(choice.seqs);
  if (!selection.ok) throw new HttpError(400, selection.error);
  manager.getLive(id)?.flush(); // a live session's last events reach the store first
  const file = selectEvents(store.exportSessionFile(id), selection.ranges);
  if (!redaction.enabled) return { file, options: null };
  // The environments' secrets now, and the ones this session sent (an environment may have changed since).
  const secrets = [...store.sessionSecrets.list(id), ...allSecrets(store)];
  return { file, options: { kinds: redaction.kinds, jsonPaths: redaction.jsonPaths, secrets } };
}

/** The session as a file: selected, then redacted (unless the user chose none or the format takes no redaction). */
function prepare(deps: RouteDeps, id: string, choice: Omit<ExportChoice, 'format'>, redactable = true): Prepared {
  const { file, options } = selectForExport(deps, id, choice);
  if (!options || !redactable) return { file, report: null };
  const { file: safe, report } = redactSessionFile(file, options);
  return { file: safe, report };
}

function parseFormat(input: unknown): ExportFormatId {
  const r = ExportFormatSchema.safeParse(input);
  if (!r.success) throw new HttpError(400, r.error.issues[0]?.message ?? 'bad format');
  return r.data;
}

function sendExport(deps: RouteDeps, ctx: RouteContext, choice: ExportChoice): undefined {
  const format = exportFormat(parseFormat(choice.format));
  const { file, report } = prepare(deps, ctx.params.id, choice, format.redaction);
  const built = format.build(file, EXPORT_ASSETS);
  if (!built.ok) throw new HttpError(400, built.error);
  const label = file.name ?? `session-${ctx.params.id}`;
  sendDownload(ctx.res, built.body, safeFileName(label, format.extension, 'session'), format.contentType, {
    ...format.headers,
    'x-rpcscope-redacted': report ? String(report.total) : 'none',
  });
  return undefined;
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
      // The import answer shows how to start the target again (shown, never run).
      const command = launchCommandOf(parsed.value.target);
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
      const html = buildHtmlExport(file, EXPORT_ASSETS.viewerScript());
      res.writeHead(200, { ...SHARE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(html)) });
      res.end(req.method === 'HEAD' ? undefined : html);
    } catch (err) {
      sendPlain(res, err instanceof HttpError ? err.status : 500, 'This shared session could not be shown.');
    }
  };
}
