/**
 * The timeline's Summary column: one line saying what an entry is about, so a notification need
 * not be clicked to be read — a log line's text, a file's diagnostic counts, the tool a call
 * names, an error's message, else a short preview of the params or result.
 *
 * Computed once per entry and kept beside it (a WeakMap, so it goes with the entry), because rows
 * re-render as the list scrolls. An answer's summary depends on its request (for the method), so
 * it is recomputed once when the pairing arrives. Peer text is returned raw: the renderer passes
 * it through visibleText like every other cell. Where the wire text is not at hand (a page row
 * whose text is still being fetched) the summary is '' and not kept, so the next render with the
 * text computes it.
 */
import { ownRaw, type EntryRow, type RawOf } from './row';
import { parseJsonLossless, type JsonNode } from './json';
import { member, summarizerFor } from './summary-methods';
import { oneLine } from './cells';
import type { SeqLookup } from './status';
import { splitWire } from './wire';

/** Longest summary kept; the cell truncates with an ellipsis well before this. */
export const SUMMARY_MAX = 200;
/** Bodies larger than this are not parsed for a summary (a 16 MiB frame must not stall a scroll). */
const PARSE_MAX = 256 * 1024;

/** Compact JSON of a node, stopping once `max` characters are written. */
export function previewNode(node: JsonNode, max = SUMMARY_MAX): string {
  let out = '';
  const walk = (nd: JsonNode): void => {
    if (out.length > max) return;
    switch (nd.t) {
      case 'object':
        out += '{';
        nd.entries.forEach(([k, v], i) => {
          if (out.length > max) return;
          out += `${i ? ',' : ''}${JSON.stringify(k)}:`;
          walk(v);
        });
        out += '}';
        return;
      case 'array':
        out += '[';
        nd.items.forEach((v, i) => {
          if (out.length > max) return;
          if (i) out += ',';
          walk(v);
        });
        out += ']';
        return;
      case 'string': out += JSON.stringify(nd.v.length > max ? nd.v.slice(0, max) : nd.v); return;
      case 'number': out += nd.text; return;
      case 'bool': out += String(nd.v); return;
      case 'null': out += 'null'; return;
    }
  };
  walk(node);
  return clip(out);
}

const clip = (s: string) => (s.length > SUMMARY_MAX ? `${s.slice(0, SUMMARY_MAX - 1)}…` : s);

/** Thrown (and caught in entrySummary) when a text the summary needs is not at hand. */
const NO_TEXT = Symbol('no text');

function bodyOf(ev: EntryRow, rawOf: RawOf): JsonNode | undefined {
  const raw = rawOf(ev);
  if (raw === undefined) throw NO_TEXT;
  if (raw.length > PARSE_MAX) return undefined;
  const parsed = parseJsonLossless(splitWire(raw).body);
  return parsed.ok ? parsed.node : undefined;
}

function computeSummary(ev: EntryRow, lookup: SeqLookup, dialect: string | undefined, rawOf: RawOf): string {
  switch (ev.kind) {
    case 'request':
    case 'notification': {
      const body = bodyOf(ev, rawOf);
      const params = member(body, 'params');
      const said = ev.method !== undefined ? summarizerFor(ev.method, dialect)?.params?.(params) : undefined;
      if (said !== undefined) return clip(oneLine(said));
      return params ? previewNode(params) : '';
    }
    case 'error':
      return ev.error ? clip(oneLine(`${ev.error.name}: ${ev.error.message}`)) : '';
    case 'response': {
      const result = member(bodyOf(ev, rawOf), 'result');
      if (!result) return '';
      const req = ev.pair !== undefined ? lookup(ev.pair) : undefined;
      const summarizer = req?.method !== undefined ? summarizerFor(req.method, dialect)?.result : undefined;
      const said = summarizer ? summarizer(result, member(bodyOf(req!, rawOf), 'params')) : undefined;
      return said !== undefined ? clip(oneLine(said)) : previewNode(result);
    }
    case 'invalid':
    case 'parse-error':
      return ev.findings[0] ? clip(oneLine(ev.findings[0].message)) : '';
    case 'batch':
    case 'not-jsonrpc':
    case 'noise':
    case 'stderr':
    case 'exit':
    case 'connection':
    case 'no-body':
      // Their Method cell already says what they are (a note, a line of stderr, the batch's methods).
      return '';
  }
}

interface Cached {
  text: string;
  /** The pairing it was computed with: an answer's summary names its request's method. */
  pair: number | undefined;
  dialect: string | undefined;
}

const cache = new WeakMap<EntryRow, Cached>();

/**
 * The entry's summary, computed the first time it is asked for (and again once its pairing changes).
 * `rawOf` gives the wire text of the entry (and of its request, for an answer); by default a full
 * event's own.
 */
export function entrySummary(ev: EntryRow, lookup: SeqLookup, dialect?: string, rawOf: RawOf = ownRaw): string {
  const hit = cache.get(ev);
  if (hit && hit.pair === ev.pair && hit.dialect === dialect) return hit.text;
  let text: string;
  try {
    text = computeSummary(ev, lookup, dialect, rawOf);
  } catch (err) {
    if (err === NO_TEXT) return '';
    throw err;
  }
  cache.set(ev, { text, pair: ev.pair, dialect });
  return text;
}
