/**
 * The timeline's rows of a session, a page at a time, without their text (issue 11: opening a
 * recorded 1M-entry session). The page reads them from here up to where the bridge takes over
 * (components/stores/row-pages.ts); the store builds the page as JSON text
 * (server/store/event-rows.ts). What is answered is what the bridge would show: when the session
 * sent secrets, every string of the page is masked (rare: only then is the page parsed here).
 */
import { HttpError, JsonText, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import { MAX_ROWS_PER_PAGE, type RowPage } from '../../lib/timeline/row-page';
import type { SecretMask } from '../../lib/redaction/display-mask';
import type { RouteDeps } from './common';

function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const text = query.get(name);
  if (text === null) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new HttpError(400, `${name} is an integer from ${min} to ${max}, got ${JSON.stringify(text.slice(0, 20))}`);
  }
  return n;
}

/** Every string of a value masked, at any depth (a row page's strings are its methods, ids, states and extras). */
function maskDeep(v: unknown, mask: SecretMask, depth = 0): unknown {
  if (typeof v === 'string') return mask.text(v);
  if (depth > 300 || typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map((x) => maskDeep(x, mask, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = maskDeep(x, mask, depth + 1);
  return out;
}

export function rowRoutes(router: ApiRouter, { store, manager }: RouteDeps): void {
  router.on(API.entryRows, ({ params, query }) => {
    if (!manager.summary(params.id)) throw new HttpError(404, `no session ${params.id}`);
    const since = intParam(query, 'since', 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = intParam(query, 'limit', MAX_ROWS_PER_PAGE, 1, MAX_ROWS_PER_PAGE);
    const until = intParam(query, 'until', Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER);
    manager.getLive(params.id)?.flush(); // what the page was shown live is in the store before it is read
    const text = store.eventRows.pageText(params.id, since, limit, until);
    const mask = manager.secrets.mask(params.id);
    if (mask.empty) return new JsonText<RowPage>(text);
    return maskDeep(JSON.parse(text), mask) as RowPage;
  });
}
