/**
 * `/t/<id>`: a published session in the HTML export's viewer (viewer/, the same timeline, filters
 * and inspector code as the app, read-only), built from the team store for a signed-in teammate.
 * It follows the session live (entries and comments) and lets members and owners comment.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildHtmlExport } from '../../lib/export/html';
import { may } from '../../lib/team/roles';
import { TEAM_VIEWER_BUNDLE_PATH, viewerScript } from '../export-viewer';
import type { Caller } from './auth';
import type { TeamContext } from './context';
import { redirect } from './http';
import { page } from './pages';
import { sessionFileOf } from './routes-sessions';

export async function handleWatchPage(ctx: TeamContext, req: IncomingMessage, res: ServerResponse, url: URL, caller: Caller | undefined): Promise<boolean> {
  const m = /^\/t\/([^/]+)$/.exec(url.pathname);
  if (!m || req.method !== 'GET') return false;
  if (!caller) return redirect(res, `/login`), true;
  const s = await ctx.store.session(decodeURIComponent(m[1]));
  if (!s) return page(res, 404, 'Not found', '<h1>No such published session</h1><p><a href="/">Published sessions</a></p>'), true;
  const base = `/api/sessions/${encodeURIComponent(s.id)}`;
  const live = { streamUrl: `${base}/live`, ...(may(caller.user.role, 'comment') ? { commentUrl: `${base}/comments` } : {}) };
  const html = buildHtmlExport(await sessionFileOf(ctx, s), viewerScript(TEAM_VIEWER_BUNDLE_PATH), { live });
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
  res.end(html);
  return true;
}
