/**
 * History: every session ever recorded, newest first, with search and filters (name or target
 * text, target kind, status, tag, imported, with errors or findings); rename, tag and delete.
 * Opening a past session read-only is the existing GET /api/sessions/:id/events.
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import type { HistoryEntry } from '../../lib/api/bodies';
import type { SessionStatus, SessionSummary } from '../../lib/session/types';
import { TARGET_KIND_LIST, describeTarget, isTargetKind } from '../../lib/targets/registry';
import type { ListSessionsOptions } from '../store';
import { guard, objectBody, optionalString, type RouteDeps } from './common';

const STATUSES: readonly SessionStatus[] = ['connecting', 'open', 'closed', 'failed'];
const PAGE = 1000;
/** History is scanned at most this far when filters the database cannot apply are used. */
const MAX_SCAN = 100_000;
const MAX_LIMIT = 1000;


function int(q: URLSearchParams, key: string, dflt: number, max: number): number {
  const raw = q.get(key);
  if (raw === null || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new HttpError(400, `${key} must be a non-negative integer`);
  return Math.min(n, max);
}

function flag(q: URLSearchParams, key: string): boolean | undefined {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new HttpError(400, `${key} must be 1 or 0`);
}

export function historyRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const { store, manager } = deps;

  // The stored summary is the whole truth, live sessions included (the recorder keeps it current).
  const entry = (s: SessionSummary): HistoryEntry => {
    const live = manager.getLive(s.id);
    const end = s.endedAt ? Date.parse(s.endedAt) : live ? Date.now() : NaN;
    const start = Date.parse(s.startedAt);
    const out: HistoryEntry = { ...s, live: Boolean(live?.isOpen), shared: store.sessions.shareIdOf(s.id) !== undefined };
    if (Number.isFinite(end - start)) out.durationMs = Math.max(0, end - start);
    return out;
  };

  return router
    .on(API.listHistory, guard(({ query }) => {
      const status = query.get('status') || undefined;
      if (status && !STATUSES.includes(status as SessionStatus)) throw new HttpError(400, `status must be one of ${STATUSES.join(', ')}`);
      const kind = query.get('kind') || undefined;
      if (kind && !isTargetKind(kind)) throw new HttpError(400, `kind must be one of ${TARGET_KIND_LIST.join(', ')}`);
      const target = (query.get('target') ?? '').toLowerCase().slice(0, 500);
      const withErrors = flag(query, 'errors');
      const withFindings = flag(query, 'findings');
      const limit = Math.max(1, int(query, 'limit', 200, MAX_LIMIT));
      const offset = int(query, 'offset', 0, MAX_SCAN);
      const base: ListSessionsOptions = {
        search: (query.get('search') ?? '').slice(0, 200) || undefined,
        status: status as SessionStatus | undefined,
        tag: query.get('tag') || undefined,
        imported: flag(query, 'imported'),
      };
      const keep = (s: SessionSummary) =>
        (!kind || s.target.kind === kind) &&
        (!target || describeTarget(s.target).toLowerCase().includes(target)) &&
        (withErrors === undefined || s.counts.errors > 0 === withErrors) &&
        (withFindings === undefined || s.counts.findings > 0 === withFindings);
      // Filters the store applies are paged there; the rest are applied here over pages of history.
      const matched: SessionSummary[] = [];
      let scanned = 0;
      for (let at = 0; at < MAX_SCAN && matched.length <= offset + limit; at += PAGE) {
        const page = store.sessions.list({ ...base, limit: PAGE, offset: at });
        scanned += page.length;
        matched.push(...page.filter(keep));
        if (page.length < PAGE) break;
      }
      const sessions = matched.slice(offset, offset + limit).map(entry);
      return { sessions, hasMore: matched.length > offset + limit, scanned };
    }))
    .on(API.historyTags, guard(() => {
      const counts = new Map<string, number>();
      for (let at = 0; at < MAX_SCAN; at += PAGE) {
        const page = store.sessions.list({ limit: PAGE, offset: at });
        for (const s of page) for (const t of s.tags ?? []) counts.set(t, (counts.get(t) ?? 0) + 1);
        if (page.length < PAGE) break;
      }
      return { tags: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag, count]) => ({ tag, count })) };
    }))
    .on(API.getHistory, guard(({ params }) => ({ session: entry(store.sessions.require(params.id)) })))
    .on(API.updateHistory, guard(async (ctx) => {
      const id = ctx.params.id;
      store.sessions.require(id);
      const body = await objectBody(ctx);
      const name = optionalString(body, 'name');
      if (body.tags !== undefined && !Array.isArray(body.tags)) throw new HttpError(400, 'tags: expected a list of labels');
      if (name !== undefined) store.sessions.rename(id, name);
      if (body.tags !== undefined) store.sessions.setTags(id, body.tags as string[]);
      // Open pages hear the new labels at once.
      const stored = store.sessions.require(id);
      manager.announce(id);
      return { session: entry(stored) };
    }))
    .on(API.deleteHistory, guard(async ({ params }) => {
      store.sessions.require(params.id);
      await manager.remove(params.id);
      return { ok: true };
    }));
}
