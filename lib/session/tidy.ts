/**
 * Keeping the session list short: failed attempts at one target fold into one row, and HTTP
 * sessions nobody has used for a while count as idle (an HTTP "connection" holds nothing open
 * between POSTs, so a live one left over from an hour ago is only clutter). Pure, so the
 * rules are tested without a page.
 */
import { targetKindDef } from '../targets/registry';
import type { SessionSummary } from './types';

/** An HTTP session with nothing on the wire for this long shows "idle". */
export const IDLE_AFTER_MS = 5 * 60_000;

/** The same target, spelled the same way, is one key. */
export const targetKey = (s: SessionSummary) => JSON.stringify(s.target);

export function isIdle(s: SessionSummary, lastActivityMs: number | undefined, now: number, idleAfterMs = IDLE_AFTER_MS): boolean {
  if (!targetKindDef(s.target.kind).perRequestExchanges || s.status !== 'open') return false;
  const last = lastActivityMs ?? Date.parse(s.startedAt);
  return Number.isFinite(last) && now - last >= idleAfterMs;
}

export interface FailedGroup {
  /** The newest failed attempt, which the row shows. */
  latest: SessionSummary;
  /** Every failed attempt at that target, newest first (latest included). */
  attempts: SessionSummary[];
}

/**
 * Past sessions as rows: failed ones grouped per target (at the place of the newest attempt),
 * everything else one row each. `ids` come newest first.
 */
export function pastRows(ids: readonly string[], summaryOf: (id: string) => SessionSummary | undefined): ({ kind: 'session'; summary: SessionSummary } | ({ kind: 'failed' } & FailedGroup))[] {
  const rows: ({ kind: 'session'; summary: SessionSummary } | ({ kind: 'failed' } & FailedGroup))[] = [];
  const groups = new Map<string, FailedGroup>();
  for (const id of ids) {
    const s = summaryOf(id);
    if (!s) continue;
    if (s.status !== 'failed') {
      rows.push({ kind: 'session', summary: s });
      continue;
    }
    const key = targetKey(s);
    const group = groups.get(key);
    if (group) group.attempts.push(s);
    else {
      const g: FailedGroup = { latest: s, attempts: [s] };
      groups.set(key, g);
      rows.push({ kind: 'failed', ...g, attempts: g.attempts });
    }
  }
  return rows;
}
