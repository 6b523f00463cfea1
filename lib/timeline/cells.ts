/**
 * Text of the timeline's kind and method cells, shared by the app's rows and the HTML export's
 * viewer so both say the same thing about the same entry. Styling stays with each renderer.
 */
import { ownRaw, type EntryRow, type RawOf } from './row';
import { stderrText, visibleText } from './format';
import type { SeqLookup } from './status';

export type CellTone = 'fg' | 'faint' | 'muted';

export interface MethodCellText {
  /** Shown dimmed before the text (a batch's item count), or ''. */
  prefix: string;
  text: string;
  tone: CellTone;
}

/** First line of peer text, trimmed for a one-line cell (the inspector shows all of it). */
export function oneLine(s: string, max = 300): string {
  const nl = s.search(/[\r\n]/);
  const line = nl >= 0 ? s.slice(0, nl) : s;
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

export function kindLabel(ev: EntryRow): string {
  return ev.protocol && ev.kind === 'not-jsonrpc' ? ev.protocol.toUpperCase() : ev.kind;
}

/**
 * The method cell: the event's own method, its request's for an answer, or what the entry is about.
 * Peer text goes through visibleText (bidi and zero-width characters as escapes) so a method can
 * never display as a different one; stderr also loses its ANSI sequences. A stderr line or noise
 * shows its wire text, from `rawOf` (a full event's own by default; '' while a page row's is fetched).
 */
export function methodCell(ev: EntryRow, lookup: SeqLookup, rawOf: RawOf = ownRaw): MethodCellText | null {
  const cell = rawMethodCell(ev, lookup, rawOf);
  return cell && { ...cell, text: ev.kind === 'stderr' ? stderrText(cell.text) : visibleText(cell.text) };
}

function rawMethodCell(ev: EntryRow, lookup: SeqLookup, rawOf: RawOf): MethodCellText | null {
  if (ev.method !== undefined) return { prefix: '', text: ev.method, tone: 'fg' };
  switch (ev.kind) {
    case 'response':
    case 'error': {
      const req = ev.pair !== undefined ? lookup(ev.pair) : undefined;
      return { prefix: '', text: req?.method !== undefined ? `↳ ${req.method}` : '—', tone: 'faint' };
    }
    case 'batch': {
      const items = ev.items ?? [];
      const methods = items.map((it) => it.method).filter((m): m is string => m !== undefined);
      const label = methods.length ? methods.slice(0, 4).join(', ') + (methods.length > 4 ? ', …' : '') : `${items.length} responses`;
      return { prefix: `[${items.length}]`, text: label, tone: 'fg' };
    }
    case 'stderr':
      return { prefix: '', text: oneLine(rawOf(ev) ?? ''), tone: 'muted' };
    case 'connection':
    case 'exit':
    case 'no-body':
      return { prefix: '', text: ev.note ?? '', tone: 'muted' };
    case 'noise':
    case 'parse-error':
    case 'not-jsonrpc':
    case 'invalid':
      return { prefix: '', text: ev.dap?.command ?? ev.dap?.event ?? oneLine(ev.note ?? rawOf(ev) ?? ''), tone: 'muted' };
    default:
      return null;
  }
}
