/**
 * Breakpoints are timeline queries (lib/timeline/query.ts): the same parser, diagnostics and
 * matcher, run on a message in flight. A message matches when any breakpoint's query matches it.
 * What the tap knows of a message in flight is what arrived: its text, direction, kind, id and
 * method — an answer counts as its request's method, as in the timeline, because the tap remembers
 * the methods of the requests it saw. What only happens later (latency) or is given by the
 * recording (seq, time) is refused in words, as is any query with a diagnostic: a half-understood
 * breakpoint could hold everything.
 */
import { classify } from '../jsonrpc/classify';
import type { BatchItem, TrafficEvent } from '../session/types';
import { EMPTY_FILTER, EVENT_KINDS, compileFilter, type CompiledFilter } from '../timeline/filter';
import { parseQuery, tokenize, type QueryDiagnostic } from '../timeline/query';
import { KEY_ALIASES, type QueryKey } from '../timeline/query-fields';
import { STATUS_NAMES } from '../timeline/status';

/** Client → server (`out`) or server → client (`in`), as the tap records them. */
export type Side = 'out' | 'in';

export const MAX_BREAKPOINTS = 32;
export const MAX_BREAKPOINT_CHARS = 500;
/** Request methods remembered per direction, so an answer can be matched by its request's method. */
const MAX_REMEMBERED = 4096;

const NOT_IN_FLIGHT: Partial<Record<QueryKey, string>> = {
  latency: 'latency is not known while a message is in flight',
  seq: 'a message in flight has no # yet (the recording gives it)',
  time: 'time: is when the recording saw it; use it in the timeline, not in a breakpoint',
};

/** Each breakpoint's problems (the filter box's diagnostics); empty when all were understood. */
export function checkBreakpoints(queries: readonly string[]): { index: number; diagnostics: QueryDiagnostic[] }[] {
  const out: { index: number; diagnostics: QueryDiagnostic[] }[] = [];
  if (queries.length > MAX_BREAKPOINTS) return [{ index: MAX_BREAKPOINTS, diagnostics: [{ start: 0, end: 0, message: `at most ${MAX_BREAKPOINTS} breakpoints` }] }];
  queries.forEach((q, index) => {
    const diagnostics = diagnose(q);
    if (diagnostics.length) out.push({ index, diagnostics });
  });
  return out;
}

function diagnose(query: string): QueryDiagnostic[] {
  if (query.length > MAX_BREAKPOINT_CHARS) return [{ start: 0, end: query.length, message: `a breakpoint is at most ${MAX_BREAKPOINT_CHARS} characters` }];
  const diagnostics = [...parseQuery(query, STATUS_NAMES, EVENT_KINDS).diagnostics];
  for (const tok of tokenize(query)) {
    const bare = tok.text.replace(/^-/, '');
    const colon = tok.quotedWhole ? -1 : bare.indexOf(':');
    const key = colon > 0 ? KEY_ALIASES[bare.slice(0, colon).toLowerCase()] : undefined;
    const why = key && NOT_IN_FLIGHT[key];
    if (why) diagnostics.push({ start: tok.start, end: tok.end, message: why });
  }
  return diagnostics;
}

/** Breakpoints that passed checkBreakpoints, compiled; blank ones are left out. */
export class Breakpoints {
  readonly queries: readonly string[];
  private readonly filters: CompiledFilter[];
  private readonly methods: Record<Side, Map<string, string>> = { out: new Map(), in: new Map() };

  constructor(queries: readonly string[]) {
    if (checkBreakpoints(queries).length) throw new Error('breakpoints with problems cannot be compiled (check them first)');
    this.queries = queries.map((q) => q.trim()).filter((q) => q.length > 0);
    this.filters = this.queries.map((query) => compileFilter({ ...EMPTY_FILTER, query }));
  }

  get empty(): boolean {
    return this.filters.length === 0;
  }

  /** Reads a message in flight (the frame's text and its JSON body) and says whether a breakpoint holds it. */
  test(dir: Side, raw: string, body: string): { hit: boolean; event: TrafficEvent } {
    const { event, idKey } = inFlightEvent(dir, raw, body);
    if (event.kind === 'request' && idKey !== undefined && event.method !== undefined) this.remember(dir, idKey, event.method);
    // An answer's method is its request's, which travelled the other way.
    const asked = (event.kind === 'response' || event.kind === 'error') && idKey !== undefined ? this.methods[dir === 'in' ? 'out' : 'in'].get(idKey) : undefined;
    const stub = asked !== undefined ? ({ method: asked } as TrafficEvent) : undefined;
    if (stub) event.pair = 0;
    const lookup = (seq: number) => (seq === 0 ? stub : undefined);
    return { hit: this.filters.some((f) => f.test(event, lookup)), event };
  }

  private remember(dir: Side, idKey: string, method: string): void {
    const m = this.methods[dir];
    m.set(idKey, method);
    if (m.size > MAX_REMEMBERED) m.delete(m.keys().next().value as string);
  }
}

/** The entry the timeline would show for this message, minus what only the recording knows. */
function inFlightEvent(dir: Side, raw: string, body: string): { event: TrafficEvent; idKey?: string } {
  const c = classify(body, dir === 'in' ? { fromPeer: true } : undefined);
  const event: TrafficEvent = { seq: 0, t: 0, time: 0, dir, raw, kind: c.kind, findings: c.findings };
  if (c.hasId) {
    event.id = c.id;
    if (c.idText !== undefined) event.idText = c.idText;
  }
  if (c.method !== undefined) event.method = c.method;
  if (c.items) event.items = c.items.map((it): BatchItem => ({ index: it.index, kind: it.kind, id: it.id, idText: it.idText, method: it.method, findings: it.findings }));
  return { event, idKey: c.idKey };
}
