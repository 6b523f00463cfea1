/**
 * A saved batch remembers which of its entries had an "auto" id (`payload.autoIds`: their
 * positions in the array), so each load or run numbers those afresh from the session's next id
 * while ids the user typed stay exactly as typed. The text keeps the ids it had when saved, so a
 * reader that knows nothing of `autoIds` still sends a valid batch.
 *
 * Rewriting works on spans of the saved text (lib/builder/json-text), never by re-serialising:
 * every other token, `{{variables}}` included, reaches the wire as saved.
 */
import { arrayElements, member, rootSpan, type Span } from '../builder/json-text';

/** As many entries as a collection may hold items: a longer list is refused, not truncated. */
export const AUTO_IDS_MAX = 10_000;

export interface BatchPayload {
  text: string;
  /** Positions (0-based, ascending, distinct) of the entries whose id is numbered at each load or run. */
  autoIds?: number[];
}

/** The payload the batch editor saves: the template text and, when there are any, its auto positions. */
export function batchPayload(text: string, autoIds: readonly number[]): BatchPayload {
  return autoIds.length ? { text, autoIds: [...autoIds] } : { text };
}

/** Why an `autoIds` member is not usable, or null when it is (absent counts as usable). */
export function autoIdsProblem(v: unknown): string | null {
  if (v === undefined) return null;
  if (!Array.isArray(v)) return 'autoIds must be a list of entry positions';
  if (v.length > AUTO_IDS_MAX) return `autoIds lists more than ${AUTO_IDS_MAX} entries`;
  let last = -1;
  for (const n of v) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return 'autoIds must hold entry positions (0, 1, 2 …)';
    if (n <= last) return 'autoIds must be in ascending order, each once';
    last = n;
  }
  return null;
}

/** The auto positions a payload carries ([] for anything else: a request, raw text, an old save). */
export function autoIdsOf(payload: unknown): number[] {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return [];
  const v = (payload as { autoIds?: unknown }).autoIds;
  return v !== undefined && autoIdsProblem(v) === null ? (v as number[]) : [];
}

export interface FreshIds {
  text: string;
  /** How many ids were handed out (the session's counter moves past `firstId + used - 1`). */
  used: number;
}

/**
 * The batch `text` with the id of each entry at an `autoIds` position replaced by `firstId`,
 * `firstId + 1` … in entry order. A position past the end, or an entry that is no object with an
 * id (edited by hand since), is skipped: nothing is added that was not there.
 */
export function withFreshIds(text: string, autoIds: readonly number[], firstId: number): FreshIds {
  if (autoIds.length === 0) return { text, used: 0 };
  const spans = idSpans(text, autoIds);
  let out = '';
  let at = 0;
  spans.forEach((s, n) => {
    out += text.slice(at, s.start) + String(firstId + n);
    at = s.end;
  });
  return { text: out + text.slice(at), used: spans.length };
}

/** The id spans of the entries at `positions`; none when the text is no array the scanner can read. */
function idSpans(text: string, positions: readonly number[]): Span[] {
  try {
    const root = rootSpan(text);
    if (!root || text[root.start] !== '[') return [];
    const elements = arrayElements(text, root);
    const spans: Span[] = [];
    for (const i of positions) {
      const el = elements[i];
      if (!el || text[el.start] !== '{') continue;
      const id = member(text, el, 'id');
      if (id) spans.push(id);
    }
    return spans;
  } catch {
    // A malformed key string in text edited by hand: send it as it is.
    return [];
  }
}

/**
 * Hands out ids for a run of several items: above every plain integer id the run has sent so far,
 * so a batch's fresh ids never repeat a typed request id earlier in the same run.
 */
export class RunIds {
  private next: number;
  constructor(first = 1) {
    this.next = Math.max(1, Math.floor(first));
  }

  /** `text` with fresh ids at `autoIds`, taken from this run's counter. */
  fresh(text: string, autoIds: readonly number[]): string {
    const r = withFreshIds(text, autoIds, this.next);
    this.next += r.used;
    return r.text;
  }

  /** Moves the counter past the integer ids in a text that went out (a message or a batch of them). */
  noteSent(text: string): void {
    try {
      const root = rootSpan(text);
      if (!root) return;
      const objects = text[root.start] === '[' ? arrayElements(text, root) : [root];
      for (const o of objects) {
        if (text[o.start] !== '{') continue;
        const id = member(text, o, 'id');
        const idText = id ? text.slice(id.start, id.end) : '';
        if (/^\d{1,15}$/.test(idText)) this.next = Math.max(this.next, Number(idText) + 1);
      }
    } catch {
      // Not JSON the scanner can read (a raw item): it carries no id to step over.
    }
  }
}
