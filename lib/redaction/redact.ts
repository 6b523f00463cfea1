/**
 * The redaction pass over a session file, with its preview. Secrets come out of every place they
 * can be: the target (headers, env values, flags, URL), each event's raw wire text (and its
 * base64 bytes), HTTP headers and URLs, notes, and the parsed copies (method, ids, error data).
 * The same call gives the preview: counts per kind and where each was found, never the values.
 *
 *   const { file: safe, report } = redactSessionFile(file, { secrets, jsonPaths });
 *
 * Wire text stays self-consistent: see wire.ts for the Content-Length rule. A probe report the
 * file carries (its quotes of entries) goes through the same pass: see probe.ts.
 */
import type { HttpMeta, SessionFileV1, TargetSpec, TrafficEvent } from '../session/types';
import { mapTargetFields } from '../targets/roles';
import { collectSecrets, type Collected, type SecretInput, type Skipped } from './collect';
import { parseJsonPaths, redactValueAtPaths, type JsonPath } from './json-path';
import type { HitFn } from './literals';
import {
  CONTENT_LENGTH_KIND,
  REDACTED,
  REDACTION_KINDS,
  isCredentialHeader,
  isMcpSessionHeader,
  isSecretMember,
  secretFlag,
  type RedactionKind,
} from './rules';
import { redactTokens, redactUrl, redactUrlsIn } from './text-pass';
import { redactProbe } from './probe';
import {
  adjustedHeaderLength,
  base64Decode,
  bytesToLatin1,
  keepContentLengthConsistent,
  latin1Length,
  latin1ToBytes,
  utf8Length,
} from './wire';
import { base64Encode } from '../framing/base64';

export interface RedactionOptions {
  /** Kinds to apply; default all of REDACTION_KINDS. */
  kinds?: readonly RedactionKind[];
  /** Values of secret variables (with their names for the preview). */
  secrets?: readonly (SecretInput | string)[];
  /** User-chosen JSON paths (parsed with parseJsonPaths, or text to parse). */
  jsonPaths?: readonly (JsonPath | string)[];
  /** More header names to treat as credentials. */
  credentialHeaders?: readonly string[];
  /** Cap on the preview's list of places (default 500). */
  maxHits?: number;
}

export interface RedactionHit {
  kind: RedactionKind;
  /** What was found: `header authorization`, `variable API_TOKEN`, `JWT` … never the value. */
  label: string;
  /** `target.headers.Authorization`, `events[seq 4].raw` … */
  where: string;
  seq?: number;
  count: number;
}

export interface RedactionReport {
  /** Replacements per kind, in REDACTION_KINDS order, kinds with none left out. */
  counts: { kind: RedactionKind; count: number }[];
  total: number;
  hits: RedactionHit[];
  /** More places than maxHits were found; counts are still complete. */
  hitsTruncated: boolean;
  /** Content-Length values rewritten to keep the raw text self-consistent. */
  contentLengthsRewritten: number;
  skipped: Skipped[];
}

export interface Redacted {
  file: SessionFileV1;
  report: RedactionReport;
}

type Obj = Record<string, unknown>;

/** Event members `event()` redacts with their own pass (or keeps as they are) instead of the deep walk. */
const OWN_PASS = { raw: true, rawBase64: true, http: true, error: true } satisfies Partial<Record<keyof TrafficEvent, true>>;
const hasOwnPass = (member: string) => Object.prototype.hasOwnProperty.call(OWN_PASS, member);

class Tally {
  readonly counts = new Map<RedactionKind, number>();
  readonly hits = new Map<string, RedactionHit>();
  truncated = false;
  contentLengths = 0;
  constructor(private readonly maxHits: number) {}

  at(where: string, seq?: number): HitFn {
    return (kind, label, count) => {
      this.counts.set(kind, (this.counts.get(kind) ?? 0) + count);
      const key = `${kind}\u0000${label}\u0000${where}`;
      const h = this.hits.get(key);
      if (h) h.count += count;
      else if (this.hits.size < this.maxHits) this.hits.set(key, { kind, label, where, ...(seq === undefined ? {} : { seq }), count });
      else this.truncated = true;
    };
  }
}

function normalizeOptions(opts: RedactionOptions) {
  const enabled = new Set<RedactionKind>(opts.kinds ?? REDACTION_KINDS);
  const paths: JsonPath[] = [];
  const texts: string[] = [];
  for (const p of opts.jsonPaths ?? []) {
    if (typeof p === 'string') texts.push(p);
    else paths.push(p);
  }
  if (texts.length) {
    const parsed = parseJsonPaths(texts);
    if (!parsed.ok) throw new Error(parsed.error);
    paths.push(...parsed.paths);
  }
  return {
    enabled,
    secrets: (opts.secrets ?? []).map((s) => (typeof s === 'string' ? { value: s } : s)),
    jsonPaths: paths,
    extraHeaders: new Set((opts.credentialHeaders ?? []).map((h) => h.toLowerCase())),
  };
}

export function redactSessionFile(file: SessionFileV1, opts: RedactionOptions = {}): Redacted {
  const o = normalizeOptions(opts);
  const collected = collectSecrets(file, o);
  const tally = new Tally(opts.maxHits ?? 500);
  const r = new Redactor(o.enabled, collected, tally, o.jsonPaths, o.extraHeaders);

  const target = r.target(file.target);
  const events = file.events.map((ev, i) => r.event(ev, i));
  const name = file.name === undefined ? undefined : r.text(file.name, tally.at('name'));
  const probe = file.probe && redactProbe(file.probe, file.events, events, {
    text: (s, where) => r.text(s, tally.at(where)),
    members: o.enabled.has('token-like'),
    memberHit: (where, member) => tally.at(where)('token-like', `member ${member.slice(0, 60)}`, 1),
  });

  const counts = REDACTION_KINDS.filter((k) => (tally.counts.get(k) ?? 0) > 0).map((k) => ({ kind: k, count: tally.counts.get(k)! }));
  const total = counts.reduce((n, c) => n + c.count, 0);
  const recorded = mergeRecorded(file.redactions, counts, tally.contentLengths);
  const out: SessionFileV1 = { ...file, target, events };
  if (name !== undefined) out.name = name;
  if (probe) out.probe = probe;
  if (recorded.length) out.redactions = recorded;
  return {
    file: out,
    report: {
      counts,
      total,
      hits: [...tally.hits.values()],
      hitsTruncated: tally.truncated,
      contentLengthsRewritten: tally.contentLengths,
      skipped: collected.skipped,
    },
  };
}

/** What an earlier redaction recorded (an imported file) plus this one, per kind. */
function mergeRecorded(
  earlier: SessionFileV1['redactions'],
  counts: { kind: string; count: number }[],
  contentLengths: number,
): { kind: string; count: number }[] {
  const merged = new Map<string, number>();
  for (const r of earlier ?? []) merged.set(r.kind, (merged.get(r.kind) ?? 0) + r.count);
  for (const c of counts) merged.set(c.kind, (merged.get(c.kind) ?? 0) + c.count);
  if (contentLengths) merged.set(CONTENT_LENGTH_KIND, (merged.get(CONTENT_LENGTH_KIND) ?? 0) + contentLengths);
  return [...merged].map(([kind, count]) => ({ kind, count }));
}

class Redactor {
  constructor(
    private readonly enabled: ReadonlySet<RedactionKind>,
    private readonly c: Collected,
    private readonly tally: Tally,
    private readonly paths: readonly JsonPath[],
    private readonly extraHeaders: ReadonlySet<string>,
  ) {}

  /** Every pass that applies to free text: known secrets, URL credentials, token shapes. */
  text(s: string, hit: HitFn, latin1 = false): string {
    let out = this.c.literals.replace(s, hit, latin1);
    if (this.enabled.has('url-credential')) out = redactUrlsIn(out, hit);
    if (this.enabled.has('token-like')) out = redactTokens(out, hit);
    return out;
  }

  /** Every string inside a JSON-like value (keys are names, not values: kept). */
  deep(v: unknown, where: string, seq: number | undefined, depth = 0): unknown {
    if (typeof v === 'string') return this.text(v, this.tally.at(where, seq));
    if (depth > 300 || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map((x, i) => this.deep(x, `${where}[${i}]`, seq, depth + 1));
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && x !== REDACTED && x !== '' && this.enabled.has('token-like') && isSecretMember(k)) {
        this.tally.at(`${where}.${k}`, seq)('token-like', `member ${k.slice(0, 60)}`, 1);
        out[k] = REDACTED;
      } else out[k] = this.deep(x, `${where}.${k}`, seq, depth + 1);
    }
    return out;
  }

  headers(h: Record<string, string> | undefined, where: string, seq?: number): Record<string, string> | undefined {
    if (!h) return h;
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(h)) {
      const at = `${where}.${name}`;
      const mcp = isMcpSessionHeader(name);
      const kind: RedactionKind | null = mcp ? 'mcp-session-id' : isCredentialHeader(name, this.extraHeaders) ? 'credential-header' : null;
      if (kind && this.enabled.has(kind) && typeof value === 'string' && value !== REDACTED && value !== '') {
        this.tally.at(at, seq)(kind, mcp ? 'Mcp-Session-Id' : `header ${name.toLowerCase().slice(0, 60)}`, 1);
        out[name] = REDACTED;
      } else out[name] = typeof value === 'string' ? this.text(value, this.tally.at(at, seq)) : value;
    }
    return out;
  }

  url(u: string, where: string, seq?: number): string {
    const hit = this.tally.at(where, seq);
    return this.text(this.enabled.has('url-credential') ? redactUrl(u, hit) : u, hit);
  }

  /** The target's members, each by its role (lib/targets), reported at `target.<member>`. */
  target(t: TargetSpec): TargetSpec {
    return this.dropUndefined(mapTargetFields(t, {
      url: (v, name) => this.url(v, `target.${name}`),
      text: (v, name) => this.text(v, this.tally.at(`target.${name}`)),
      texts: (v, name) => v.map((p, i) => this.text(p, this.tally.at(`target.${name}[${i}]`))),
      args: (v, name) => this.args(v, name),
      headers: (v, name) => this.headers(v, `target.${name}`)!,
      env: (v, name) => this.env(v, name),
    }));
  }

  private env(env: Record<string, string>, name: string): Record<string, string> {
    if (!this.enabled.has('process-env')) return this.deep(env, `target.${name}`, undefined) as Record<string, string>;
    const out: Record<string, string> = {};
    for (const [k, value] of Object.entries(env)) {
      if (value !== '' && value !== REDACTED) this.tally.at(`target.${name}.${k}`)('process-env', `env ${k.slice(0, 60)}`, 1);
      out[k] = value === '' ? value : REDACTED;
    }
    return out;
  }

  private args(args: readonly string[], name: string): string[] {
    const out = [...args];
    if (this.enabled.has('credential-arg')) {
      args.forEach((arg, i) => {
        const flag = secretFlag(arg);
        if (!flag) return;
        const label = `argument ${arg.split('=')[0].slice(0, 60)}`;
        if (flag.inline !== undefined && flag.inline !== '' && flag.inline !== REDACTED) {
          out[i] = `${arg.slice(0, arg.length - flag.inline.length)}${REDACTED}`;
          this.tally.at(`target.${name}[${i}]`)('credential-arg', label, 1);
        } else if (flag.inline === undefined && i + 1 < args.length && !args[i + 1].startsWith('-') && args[i + 1] !== REDACTED) {
          out[i + 1] = REDACTED;
          this.tally.at(`target.${name}[${i + 1}]`)('credential-arg', label, 1);
        }
      });
    }
    return out.map((a, i) => this.text(a, this.tally.at(`target.${name}[${i}]`)));
  }

  private dropUndefined<T extends object>(o: T): T {
    for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
    return o;
  }

  event(ev: TrafficEvent, index: number): TrafficEvent {
    const where = `events[seq ${ev.seq}]`;
    const out: Obj = {};
    for (const [k, v] of Object.entries(ev)) {
      if (hasOwnPass(k)) out[k] = v;
      else out[k] = this.deep(v, `${where}.${k}`, ev.seq);
    }
    const e = out as unknown as TrafficEvent;
    const raw = this.raw(ev, index, where);
    e.raw = raw;
    if (ev.rawBase64 !== undefined) e.rawBase64 = this.rawBytes(ev.rawBase64, `${where}.rawBase64`, ev.seq);
    if (ev.error) e.error = this.error(ev.error, `${where}.error`, ev.seq);
    if (ev.http) e.http = this.http(ev.http, ev.raw, raw, `${where}.http`, ev.seq);
    return e;
  }

  private raw(ev: TrafficEvent, index: number, where: string): string {
    const before = ev.raw;
    if (typeof before !== 'string' || before === '') return before;
    let s = before;
    const spans = this.c.bodySpans.get(index);
    if (spans?.length) {
      // Replace from the end so earlier offsets stay valid; each value becomes a JSON string.
      const hit = this.tally.at(`${where}.raw`, ev.seq);
      for (let i = spans.length - 1; i >= 0; i--) {
        s = s.slice(0, spans[i].start) + JSON.stringify(REDACTED) + s.slice(spans[i].end);
        hit(spans[i].kind, spans[i].label, 1);
      }
    }
    s = this.text(s, this.tally.at(`${where}.raw`, ev.seq));
    if (s === before) return s;
    const fixed = keepContentLengthConsistent(before, s, utf8Length);
    if (fixed.rewritten) this.tally.contentLengths++;
    return fixed.text;
  }

  private rawBytes(b64: string, where: string, seq: number): string {
    const bytes = base64Decode(b64);
    // Not decodable (the schema makes this unlikely): it cannot be checked, so it is not shared.
    if (!bytes) return '';
    const before = bytesToLatin1(bytes);
    const after = this.text(before, this.tally.at(where, seq), true);
    if (after === before) return b64;
    const fixed = keepContentLengthConsistent(before, after, latin1Length);
    if (fixed.rewritten) this.tally.contentLengths++;
    return base64Encode(latin1ToBytes(fixed.text));
  }

  private error(err: NonNullable<TrafficEvent['error']>, where: string, seq: number): NonNullable<TrafficEvent['error']> {
    let data = err.data;
    if (data !== undefined && this.enabled.has('json-path') && this.paths.length) {
      // Paths name members of the message: error.data sits at `error.data`.
      const r = redactValueAtPaths({ error: { data } }, this.paths, REDACTED);
      if (r.count) {
        this.tally.at(`${where}.data`, seq)('json-path', 'JSON path value', r.count);
        data = ((r.value as Obj).error as Obj).data;
      }
    }
    const out = this.deep({ ...err, data }, where, seq) as Obj;
    if (err.data === undefined) delete out.data;
    return out as unknown as NonNullable<TrafficEvent['error']>;
  }

  private http(h: HttpMeta, rawBefore: string, rawAfter: string, where: string, seq: number): HttpMeta {
    const out: HttpMeta = { ...(this.deep({ ...h, headers: undefined, url: undefined }, where, seq) as HttpMeta) };
    if (h.url !== undefined) out.url = this.url(h.url, `${where}.url`, seq);
    else delete out.url;
    if (h.headers) {
      const headers = this.headers(h.headers, `${where}.headers`, seq)!;
      // The recorded reply's own Content-Length counts the body that raw holds.
      const cl = Object.keys(headers).find((k) => k.toLowerCase() === 'content-length');
      if (cl && rawBefore !== rawAfter) {
        const next = adjustedHeaderLength(headers[cl], rawBefore, rawAfter, utf8Length);
        if (next !== undefined) {
          headers[cl] = next;
          this.tally.contentLengths++;
        }
      }
      out.headers = headers;
    } else delete out.headers;
    return out;
  }
}
