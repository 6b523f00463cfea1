/**
 * What the timeline's status column says about an event, and the tags filters match on.
 * Derived from fields the server already computed (state, kind, error, pair); nothing is re-parsed.
 */
import { TOOL_ERROR_RULE } from '../dialects/mcp-tools';
import type { EntryRow } from './row';

/** Looks up another event of the same session by seq (the pair of a request, for instance). */
export type SeqLookup = (seq: number) => EntryRow | undefined;

/** Bit flags: an event can carry several (an orphan error response is both ORPHAN and ERROR). */
export const Tag = {
  OK: 1,
  ERROR: 2,
  PENDING: 4,
  TIMEOUT: 8,
  LATE: 16,
  ORPHAN: 32,
  DUPLICATE: 64,
  CANCELLED: 128,
  EXITED: 256,
  UNEXPECTED: 512,
  INVALID: 1024,
  /** Held by a tap's breakpoint right now (lib/intercept/mark.ts). */
  HELD: 2048,
  /** Held by a tap's breakpoint, then dropped: never written to the other side. */
  DROPPED: 4096,
  /** Held by a tap's breakpoint, then forwarded edited (the entry's mark says so too). */
  EDITED: 8192,
} as const;

/** What "errors only" keeps: anything that went wrong, not just error responses. */
export const ERRORISH =
  Tag.ERROR | Tag.TIMEOUT | Tag.ORPHAN | Tag.DUPLICATE | Tag.EXITED | Tag.UNEXPECTED | Tag.INVALID | Tag.LATE;

/** Names users type after `status:`, each mapped to the tags it matches. */
export const STATUS_NAMES: Record<string, number> = {
  ok: Tag.OK,
  error: Tag.ERROR,
  errors: Tag.ERROR,
  failed: ERRORISH,
  pending: Tag.PENDING,
  timeout: Tag.TIMEOUT,
  'timed-out': Tag.TIMEOUT,
  timedout: Tag.TIMEOUT,
  late: Tag.LATE,
  orphan: Tag.ORPHAN,
  duplicate: Tag.DUPLICATE,
  cancelled: Tag.CANCELLED,
  canceled: Tag.CANCELLED,
  exited: Tag.EXITED,
  'target-exited': Tag.EXITED,
  unexpected: Tag.UNEXPECTED,
  invalid: Tag.INVALID,
  held: Tag.HELD,
  dropped: Tag.DROPPED,
  edited: Tag.EDITED,
};

export type StatusTone = 'ok' | 'error' | 'warn' | 'pending' | 'muted';

export interface EventStatus {
  tags: number;
  /** Short text for the status column. */
  label: string;
  tone: StatusTone;
}

const NONE: EventStatus = { tags: 0, label: '', tone: 'muted' };

/** An MCP tool that failed answers with a normal result flagged isError: a failure all the same. */
function isToolError(ev: EntryRow): boolean {
  if (ev.kind !== 'response' || ev.findings.length === 0) return false;
  for (const f of ev.findings) if (f.rule === TOOL_ERROR_RULE) return true;
  return false;
}

/** "3/10", "30%" or "3": how far a request's progress got. */
export function progressText(p: NonNullable<EntryRow['progress']>): string {
  if (p.progress === undefined) return p.message ?? '';
  if (p.total !== undefined && p.total > 0) return `${p.progress}/${p.total}`;
  return String(p.progress);
}

function stateTags(state: EntryRow['state']): number {
  switch (state) {
    case 'pending': return Tag.PENDING;
    case 'timed-out': return Tag.TIMEOUT;
    case 'late': return Tag.LATE;
    case 'orphan': return Tag.ORPHAN;
    case 'duplicate': return Tag.DUPLICATE;
    case 'cancelled': return Tag.CANCELLED;
    case 'target-exited': return Tag.EXITED;
    case 'unexpected': return Tag.UNEXPECTED;
    default: return 0;
  }
}

const STATE_LABEL: Partial<Record<NonNullable<EntryRow['state']>, [string, StatusTone]>> = {
  pending: ['pending', 'pending'],
  'timed-out': ['timed out', 'error'],
  late: ['late', 'warn'],
  orphan: ['orphan', 'error'],
  duplicate: ['duplicate', 'error'],
  cancelled: ['cancelled', 'muted'],
  'target-exited': ['target exited', 'error'],
  unexpected: ['unexpected', 'error'],
};

function batchStatus(ev: EntryRow): EventStatus {
  const items = ev.items ?? [];
  let errors = 0;
  let pending = 0;
  let tags = 0;
  for (const it of items) {
    if (it.kind === 'error' || it.error) errors++;
    if (it.state === 'pending') pending++;
    tags |= stateTags(it.state);
    if (it.kind === 'invalid' || it.kind === 'parse-error' || it.kind === 'not-jsonrpc') tags |= Tag.INVALID;
  }
  if (errors) tags |= Tag.ERROR;
  if (items.length === 0 && ev.findings.length) tags |= Tag.INVALID;
  const n = `${items.length} item${items.length === 1 ? '' : 's'}`;
  if (errors) return { tags, label: `${n} · ${errors} error${errors === 1 ? '' : 's'}`, tone: 'error' };
  if (pending) return { tags, label: `${n} · ${pending} pending`, tone: 'pending' };
  if (!(tags & ERRORISH)) tags |= Tag.OK;
  return { tags, label: n, tone: tags & ERRORISH ? 'warn' : 'ok' };
}

/**
 * A message a tap's breakpoint holds says "held" until the user decides, and "dropped" after a
 * drop, whatever its pairing says (a dropped request may stay pending, or be answered by the
 * tap's own error); its other tags stay, so `status:pending` still finds a held request.
 */
export function eventStatus(ev: EntryRow, lookup: SeqLookup): EventStatus {
  const s = baseStatus(ev, lookup);
  const state = ev.intercept?.state;
  if (state === 'held') return { tags: s.tags | Tag.HELD, label: 'held', tone: 'warn' };
  if (state === 'dropped') return { tags: s.tags | Tag.DROPPED, label: 'dropped', tone: 'error' };
  if (state === 'edited') return { ...s, tags: s.tags | Tag.EDITED };
  return s;
}

function baseStatus(ev: EntryRow, lookup: SeqLookup): EventStatus {
  switch (ev.kind) {
    case 'request': {
      const st = ev.state;
      if (st === 'answered' || st === 'late') {
        const answer = ev.pair !== undefined ? lookup(ev.pair) : undefined;
        const late = st === 'late' ? Tag.LATE : 0;
        if (answer && (answer.kind === 'error' || answer.error)) {
          return { tags: Tag.ERROR | late, label: answer.error?.name || 'error', tone: 'error' };
        }
        if (answer && isToolError(answer)) return { tags: Tag.ERROR | late, label: 'tool error', tone: 'error' };
        return late ? { tags: Tag.OK | late, label: 'late', tone: 'warn' } : { tags: Tag.OK, label: 'ok', tone: 'ok' };
      }
      const known = st ? STATE_LABEL[st] : undefined;
      const progress = ev.progress ? progressText(ev.progress) : '';
      if (known) return { tags: stateTags(st), label: progress ? `${known[0]} · ${progress}` : known[0], tone: known[1] };
      return { tags: Tag.PENDING, label: progress ? `pending · ${progress}` : 'pending', tone: 'pending' };
    }
    case 'response':
    case 'error': {
      const isError = ev.kind === 'error';
      const toolError = isToolError(ev);
      let tags = stateTags(ev.state) | (isError || toolError ? Tag.ERROR : 0);
      const known = ev.state && ev.state !== 'answered' ? STATE_LABEL[ev.state] : undefined;
      if (!(tags & ERRORISH)) tags |= Tag.OK;
      if (isError) {
        const name = ev.error?.name || 'error';
        return { tags, label: known ? `${known[0]} · ${name}` : name, tone: 'error' };
      }
      if (toolError) return { tags, label: known ? `${known[0]} · tool error` : 'tool error', tone: 'error' };
      if (known) return { tags, label: known[0], tone: known[1] };
      return { tags, label: 'ok', tone: 'ok' };
    }
    case 'notification': {
      // A notification never gets an answer; "unexpected" marks one that did.
      const known = ev.state ? STATE_LABEL[ev.state] : undefined;
      if (known && ev.state !== 'pending') return { tags: stateTags(ev.state), label: known[0], tone: known[1] };
      if (ev.progressOf !== undefined) return { tags: 0, label: `progress of #${ev.progressOf}`, tone: 'muted' };
      return NONE;
    }
    case 'batch':
      return batchStatus(ev);
    case 'invalid':
      return { tags: Tag.INVALID, label: 'invalid', tone: 'error' };
    case 'parse-error':
      return { tags: Tag.INVALID, label: 'parse error', tone: 'error' };
    case 'not-jsonrpc':
      if (ev.dap) return dapStatus(ev, lookup);
      return { tags: Tag.INVALID, label: ev.protocol ? ev.protocol.toUpperCase() : 'not JSON-RPC', tone: ev.protocol ? 'muted' : 'warn' };
    case 'noise':
      return { tags: Tag.INVALID, label: ev.reason ? `noise: ${ev.reason}` : 'noise', tone: 'warn' };
    case 'exit': {
      const code = ev.process?.exitCode;
      const failed = (code !== undefined && code !== null && code !== 0) || !!ev.process?.signal;
      const label = ev.process?.signal ? `signal ${ev.process.signal}` : code !== undefined && code !== null ? `exit ${code}` : 'exited';
      return { tags: failed ? Tag.EXITED : 0, label, tone: failed ? 'error' : 'muted' };
    }
    case 'no-body':
      return { tags: Tag.OK, label: ev.http?.status ? `HTTP ${ev.http.status}` : 'no body', tone: 'muted' };
    default:
      return NONE;
  }
}

/**
 * DAP is not JSON-RPC but pairs the same way (request_seq): a request shows its answer, a
 * response with success: false is a failed one (the pipeline decoded it into `error`).
 */
function dapStatus(ev: EntryRow, lookup: SeqLookup): EventStatus {
  const dap = ev.dap!;
  const st = ev.state;
  const known = st && st !== 'answered' ? STATE_LABEL[st] : undefined;
  if (dap.type === 'request') {
    if (st === 'answered' || st === 'late') {
      const answer = ev.pair !== undefined ? lookup(ev.pair) : undefined;
      const late = st === 'late' ? Tag.LATE : 0;
      if (answer?.dap?.success === false) return { tags: Tag.ERROR | late, label: `failed${answer.error?.message ? ` · ${answer.error.message}` : ''}`, tone: 'error' };
      return late ? { tags: Tag.OK | late, label: 'late', tone: 'warn' } : { tags: Tag.OK, label: 'ok', tone: 'ok' };
    }
    if (known) return { tags: stateTags(st), label: known[0], tone: known[1] };
    return { tags: Tag.PENDING, label: 'pending', tone: 'pending' };
  }
  if (dap.type === 'response') {
    const failed = dap.success === false;
    let tags = stateTags(st) | (failed ? Tag.ERROR : 0);
    if (!(tags & ERRORISH)) tags |= Tag.OK;
    if (failed) return { tags, label: `${known ? `${known[0]} · ` : ''}failed${ev.error?.message ? ` · ${ev.error.message}` : ''}`, tone: 'error' };
    if (known) return { tags, label: known[0], tone: known[1] };
    return { tags, label: 'ok', tone: 'ok' };
  }
  return { tags: 0, label: 'DAP event', tone: 'muted' };
}

/**
 * Just the tags of eventStatus, without building a label: what filters call 100k times a pass.
 * Kept equal to `eventStatus(ev, lookup).tags` (a unit test checks both over a whole session).
 */
export function eventTags(ev: EntryRow, lookup: SeqLookup): number {
  const tags = baseTags(ev, lookup);
  if (ev.intercept === undefined) return tags;
  const state = ev.intercept.state;
  return state === 'held' ? tags | Tag.HELD : state === 'dropped' ? tags | Tag.DROPPED : state === 'edited' ? tags | Tag.EDITED : tags;
}

function baseTags(ev: EntryRow, lookup: SeqLookup): number {
  switch (ev.kind) {
    case 'request': {
      const st = ev.state;
      if (st === 'answered' || st === 'late') {
        const answer = ev.pair !== undefined ? lookup(ev.pair) : undefined;
        const late = st === 'late' ? Tag.LATE : 0;
        return (answer && (answer.kind === 'error' || answer.error || isToolError(answer)) ? Tag.ERROR : Tag.OK) | late;
      }
      return st && STATE_LABEL[st] ? stateTags(st) : Tag.PENDING;
    }
    case 'response':
    case 'error': {
      const tags = stateTags(ev.state) | (ev.kind === 'error' || isToolError(ev) ? Tag.ERROR : 0);
      return tags & ERRORISH ? tags : tags | Tag.OK;
    }
    case 'notification':
      return ev.state && ev.state !== 'pending' && STATE_LABEL[ev.state] ? stateTags(ev.state) : 0;
    case 'not-jsonrpc':
      return ev.dap ? dapStatus(ev, lookup).tags : Tag.INVALID;
    case 'invalid':
    case 'parse-error':
    case 'noise':
      return Tag.INVALID;
    case 'no-body':
      return Tag.OK;
    case 'connection':
    case 'stderr':
      return 0;
    default:
      return eventStatus(ev, lookup).tags; // batches and exits: rare, let the full version decide
  }
}

/** Total findings on an event, batch items included. */
export function findingsCount(ev: EntryRow): number {
  let n = ev.findings.length;
  if (ev.items) for (const it of ev.items) n += it.findings.length;
  return n;
}

/** Latency shown on a row: the answer carries it; the request shows its answer's. */
export function rowLatency(ev: EntryRow, lookup: SeqLookup): number | undefined {
  if (ev.latencyMs !== undefined) return ev.latencyMs;
  if ((ev.kind === 'request' || ev.kind === 'batch') && ev.pair !== undefined) return lookup(ev.pair)?.latencyMs;
  return undefined;
}

/** Kinds of entries about the connection rather than the conversation. */
export const isSecondaryKind = (kind: string): boolean => kind === 'stderr' || kind === 'connection' || kind === 'exit';
/** The direction of entries about the connection rather than the conversation. */
export const isSecondaryDir = (dir: string): boolean => dir === 'meta';

/** Entries about the connection rather than the conversation: shown dimmed, hideable. */
export function isSecondary(ev: EntryRow): boolean {
  return isSecondaryKind(ev.kind) || isSecondaryDir(ev.dir);
}
