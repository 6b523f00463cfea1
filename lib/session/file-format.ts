/**
 * Session file, version 1: what `rpcscope call --out` writes, what sharing exports and what
 * import reads. Writing uses one fixed key order and two-space indentation so two exports of the
 * same session are the same bytes and diff line by line. Reading is all or nothing: a file is
 * either valid as a whole or refused with one readable reason; nothing is ever half-loaded.
 */
import { LIMITS, SessionFileV1Schema, formatIssues, type Result } from './schemas';
import type { SessionComment, SessionFileV1, SessionSummary, TrafficEvent } from './types';
import type { ProbeReport } from '../probe/types';
import { probeReportTooLarge } from '../probe/schema';

export const SESSION_FILE_FORMAT = 'rpcscope-session';
export const SESSION_FILE_VERSION = 1;

type Obj = Record<string, unknown>;

const FILE_ORDER = ['format', 'version', 'name', 'startedAt', 'target', 'redactions', 'events', 'comments', 'probe'];
const TARGET_ORDER = ['kind', 'url', 'host', 'port', 'command', 'args', 'cwd', 'framing', 'subprotocols', 'headers', 'env'];
// Written as TrafficEvent's members (the compiler checks each name), in the order the file shows them.
const EVENT_ORDER = Object.keys({
  seq: 1, t: 1, time: 1, dir: 1, kind: 1, id: 1, idText: 1, method: 1, state: 1, late: 1, pair: 1, latencyMs: 1,
  error: 1, findings: 1, items: 1, reason: 1, protocol: 1, note: 1, dap: 1, http: 1, ws: 1, process: 1, raw: 1, rawBase64: 1,
} satisfies Partial<Record<keyof TrafficEvent, 1>>);
const ITEM_ORDER = ['index', 'kind', 'id', 'idText', 'method', 'state', 'pair', 'pairIndex', 'latencyMs', 'error', 'findings'];
const ERROR_ORDER = ['code', 'name', 'message', 'meaning', 'source', 'data'];
const FINDING_ORDER = ['rule', 'severity', 'message', 'path', 'spec'];
const HTTP_ORDER = ['method', 'url', 'status', 'statusText', 'sse', 'headers'];

/**
 * Known keys in `order`, then any others alphabetically; undefined members are dropped.
 * Records keyed by user data (headers, env, error.data) are copied as they are.
 */
function ordered(src: Obj, order: readonly string[], nested: Record<string, (v: unknown) => unknown> = {}): Obj {
  const out: Obj = {};
  const put = (k: string) => {
    const v = src[k];
    if (v === undefined) return;
    out[k] = nested[k] ? nested[k](v) : v;
  };
  for (const k of order) if (Object.prototype.hasOwnProperty.call(src, k)) put(k);
  const rest = Object.keys(src).filter((k) => !order.includes(k)).sort();
  for (const k of rest) put(k);
  return out;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const each = (fn: (v: Obj) => Obj) => (v: unknown) => (Array.isArray(v) ? v.map((x) => (isObj(x) ? fn(x) : x)) : v);
const one = (fn: (v: Obj) => Obj) => (v: unknown) => (isObj(v) ? fn(v) : v);

const orderError = (e: Obj) => ordered(e, ERROR_ORDER);
const orderFinding = (f: Obj) => ordered(f, FINDING_ORDER);
const orderItem = (i: Obj) => ordered(i, ITEM_ORDER, { error: one(orderError), findings: each(orderFinding) });
const orderEvent = (e: Obj) =>
  ordered(e, EVENT_ORDER, {
    error: one(orderError),
    findings: each(orderFinding),
    items: each(orderItem),
    http: one((h) => ordered(h, HTTP_ORDER)),
  });

export interface BuildOptions {
  /** What the redaction pass removed, per kind (recorded in the file so readers know). */
  redactions?: { kind: string; count: number }[];
  /** Comments on entries (published sessions); left out when there are none. */
  comments?: readonly SessionComment[];
  /** The probe report of a session a probe drove (already redacted with the events, if wanted). */
  probe?: ProbeReport;
}

/** A session file from a session's summary and its events (already redacted, if wanted). */
export function buildSessionFile(
  summary: Pick<SessionSummary, 'target' | 'startedAt'> & { name?: string },
  events: readonly TrafficEvent[],
  opts: BuildOptions = {},
): SessionFileV1 {
  const file = ordered(
    {
      format: SESSION_FILE_FORMAT,
      version: SESSION_FILE_VERSION,
      name: summary.name,
      startedAt: summary.startedAt,
      target: summary.target,
      redactions: opts.redactions?.map((r) => ({ kind: r.kind, count: r.count })),
      events: events.map((e) => orderEvent(e as unknown as Obj)),
      comments: opts.comments?.length ? opts.comments.map((c) => ({ id: c.id, seq: c.seq, author: c.author, text: c.text, at: c.at })) : undefined,
      probe: opts.probe,
    },
    FILE_ORDER,
    { target: one((t) => ordered(t, TARGET_ORDER)) },
  );
  return file as unknown as SessionFileV1;
}

/** Pretty-printed, newline-terminated JSON in the file's key order. */
export function serializeSessionFile(file: SessionFileV1): string {
  // Re-order on the way out too, so a file built by hand serialises the same way.
  const canonical = buildSessionFile(file, file.events, { redactions: file.redactions, comments: file.comments, probe: file.probe });
  return JSON.stringify(canonical, null, 2) + '\n';
}

export function sessionFileText(
  summary: Pick<SessionSummary, 'target' | 'startedAt'> & { name?: string },
  events: readonly TrafficEvent[],
  opts: BuildOptions = {},
): string {
  return JSON.stringify(buildSessionFile(summary, events, opts), null, 2) + '\n';
}

/**
 * Deepest array/object nesting in a JSON text, stopping early once past `max`. A linear scan
 * that skips string contents, so a hostile `[[[[…` is refused before JSON.parse recurses into it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const mib = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;

/** Parse and validate a session file's text. Never throws. */
export function parseSessionFile(text: string): Result<SessionFileV1> {
  if (typeof text !== 'string') return { ok: false, error: 'not a session file: expected text' };
  if (text.length > LIMITS.fileChars) {
    return { ok: false, error: `file is too large: ${mib(text.length)} (limit ${mib(LIMITS.fileChars)})` };
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (jsonDepthExceeds(body, LIMITS.jsonDepth)) {
    return { ok: false, error: `file is nested too deeply (more than ${LIMITS.jsonDepth} levels)` };
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return { ok: false, error: `not a session file: not valid JSON (${(e as Error).message})` };
  }
  return validateSessionFile(value);
}

/** Validate an already-parsed session file value. Never throws. */
export function validateSessionFile(value: unknown): Result<SessionFileV1> {
  if (!isObj(value)) return { ok: false, error: 'not a session file: expected a JSON object' };
  if (value.format !== SESSION_FILE_FORMAT) {
    const got = typeof value.format === 'string' ? `"${value.format.slice(0, 80)}"` : 'missing';
    return { ok: false, error: `not an rpcscope session file: format is ${got}, expected "${SESSION_FILE_FORMAT}"` };
  }
  const v = value.version;
  if (typeof v === 'number' && Number.isInteger(v) && v > SESSION_FILE_VERSION) {
    return {
      ok: false,
      error: `made by a newer rpcscope: version ${v} (this rpcscope reads version ${SESSION_FILE_VERSION})`,
    };
  }
  if (v !== SESSION_FILE_VERSION) {
    const got = v === undefined ? 'missing' : JSON.stringify(v).slice(0, 80);
    return { ok: false, error: `unsupported session file version: ${got} (this rpcscope reads version ${SESSION_FILE_VERSION})` };
  }
  const r = SessionFileV1Schema.safeParse(value);
  if (!r.success) return { ok: false, error: `invalid session file: ${formatIssues(r.error.issues)}` };
  const file = r.data as SessionFileV1;
  const probeTooLarge = file.probe ? probeReportTooLarge(file.probe) : null;
  if (probeTooLarge) return { ok: false, error: `invalid session file: probe: ${probeTooLarge}` };
  // seq is the key of every event: a repeat or a step back means a forged or spliced file.
  for (let i = 1; i < file.events.length; i++) {
    if (file.events[i].seq <= file.events[i - 1].seq) {
      return {
        ok: false,
        error: `invalid session file: events[${i}].seq: ${file.events[i].seq} does not follow ${file.events[i - 1].seq} (seq must increase)`,
      };
    }
  }
  return { ok: true, value: file };
}
