/**
 * Whether one filter can only show fewer entries than another, so its result can be found by
 * re-testing the other's result instead of every entry (typing "initia" → "initialize" scans
 * the few matches of "initia", not 100k entries).
 */
import { parseQuery, type Term } from './query';
import { EVENT_KINDS, type TimelineFilter } from './filter';
import { STATUS_NAMES } from './status';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A free-text term that finds only what `wider` finds: it contains the narrower text. */
function textImplies(narrow: string, wider: string): boolean {
  // Smart case: a capital makes the wider search exact; otherwise it ignores case.
  if (/[A-Z]/.test(wider)) return narrow.includes(wider);
  return narrow.toLowerCase().includes(wider);
}

function implies(term: Term, wider: Term): boolean {
  if (term.key === 'text' && wider.key === 'text' && !term.negate && !wider.negate) return textImplies(term.text, wider.text);
  return JSON.stringify(term) === JSON.stringify(wider);
}

/** True when every entry `next` shows, `prev` shows too (both as the user set them). */
export function narrows(prev: TimelineFilter, next: TimelineFilter): boolean {
  if (!sameList(prev.dirs, next.dirs) || !sameList(prev.kinds, next.kinds)) return false;
  // Errors and Pending combine as "either": only both unchanged is safe.
  if (prev.errorsOnly !== next.errorsOnly || prev.pendingOnly !== next.pendingOnly) return false;
  if ((prev.hideSecondary && !next.hideSecondary) || (prev.findingsOnly && !next.findingsOnly)) return false;
  const a = parseQuery(prev.query, STATUS_NAMES, EVENT_KINDS);
  const b = parseQuery(next.query, STATUS_NAMES, EVENT_KINDS);
  if (a.problems.length || b.problems.length) return false;
  // Terms all have to hold: each earlier term must be implied by one of the new ones.
  return a.terms.every((w) => b.terms.some((t) => implies(t, w)));
}
