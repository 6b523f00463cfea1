/**
 * The first pass: find the secret values a session file carries in known places (credential
 * headers, the Mcp-Session-Id, env values, secret flags, URL credentials, user-chosen JSON paths)
 * and the secret variables the user marked, so the second pass can take each of them out of
 * every text in the file: raw frames, notes, parsed copies.
 */
import type { SessionFileV1, TargetSpec, TrafficEvent } from '../session/types';
import type { Span } from '../builder/json-text';
import { arrayElements, checkJson, objectMembers, rootSpan } from '../builder/json-text';
import { jsonDepthExceeds } from '../session/file-format';
import { mapTargetFields } from '../targets/roles';
import { MAY_CALL_ACCOUNT_METHOD, accountSecretSpans } from './account-methods';
import { findPathSpans, type JsonPath } from './json-path';
import { LiteralSet } from './literals';
import {
  MAY_HOLD_SECRET_MEMBER,
  REDACTED,
  credentialParts,
  isCredentialHeader,
  isMcpSessionHeader,
  isSecretMember,
  secretFlag,
  type RedactionKind,
} from './rules';
import { redactUrl } from './text-pass';
import { splitHeaderBlock } from './wire';

/** Shortest value searched for in other text, per origin (shorter ones are replaced only where they stand). */
export const MIN_CHARS = { header: 4, headerPart: 6, variable: 4, env: 6, arg: 4, url: 4, path: 4, member: 6, account: 4 } as const;

const REDACTED_JSON = JSON.stringify(REDACTED);

export interface SecretInput {
  name?: string;
  value: string;
}

export interface CollectOptions {
  enabled: ReadonlySet<RedactionKind>;
  secrets: readonly SecretInput[];
  jsonPaths: readonly JsonPath[];
  extraHeaders: ReadonlySet<string>;
}

export interface BodySpan extends Span {
  kind: RedactionKind;
  label: string;
}

export interface Skipped {
  kind: RedactionKind;
  what: string;
  reason: string;
}

export interface Collected {
  literals: LiteralSet;
  /** Per event index: values to replace inside the raw text (absolute offsets, in order, not overlapping). */
  bodySpans: Map<number, BodySpan[]>;
  skipped: Skipped[];
}

const noHit = () => undefined;

function collectHeaders(headers: Record<string, string> | undefined, lits: LiteralSet, o: CollectOptions): void {
  if (!headers) return;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') continue;
    if (isMcpSessionHeader(name)) {
      if (o.enabled.has('mcp-session-id')) lits.add(value, 'mcp-session-id', 'Mcp-Session-Id', MIN_CHARS.header);
    } else if (isCredentialHeader(name, o.extraHeaders) && o.enabled.has('credential-header')) {
      const label = `header ${name.toLowerCase().slice(0, 60)}`;
      const [whole, ...parts] = credentialParts(name, value);
      lits.add(whole, 'credential-header', label, MIN_CHARS.header);
      for (const p of parts) lits.add(p, 'credential-header', label, MIN_CHARS.headerPart);
    }
  }
}

function collectUrl(url: string | undefined, lits: LiteralSet, o: CollectOptions): void {
  if (!url || !o.enabled.has('url-credential')) return;
  redactUrl(url, noHit, (secret) => lits.add(secret, 'url-credential', 'URL credential', MIN_CHARS.url));
}

/** Secrets in the target's own members, found by each member's role (lib/targets). */
function collectTarget(target: TargetSpec, lits: LiteralSet, o: CollectOptions): void {
  mapTargetFields(target, {
    headers: (headers) => (collectHeaders(headers, lits, o), headers),
    url: (url) => (collectUrl(url, lits, o), url),
    env: (env) => {
      if (o.enabled.has('process-env')) {
        for (const [name, value] of Object.entries(env)) lits.add(value, 'process-env', `env ${name.slice(0, 60)}`, MIN_CHARS.env);
      }
      return env;
    },
    args: (args) => {
      if (o.enabled.has('credential-arg')) {
        args.forEach((arg, i) => {
          const flag = secretFlag(arg);
          if (!flag) return;
          const value = flag.inline ?? args[i + 1];
          if (value !== undefined && !value.startsWith('-')) lits.add(value, 'credential-arg', `argument ${arg.split('=')[0].slice(0, 60)}`, MIN_CHARS.arg);
        });
      }
      return args;
    },
  });
}

/** String values of secret-named members anywhere in a JSON text (`"password": "…"`). */
function secretMemberSpans(text: string): { span: Span; name: string }[] {
  const out: { span: Span; name: string }[] = [];
  const root = rootSpan(text);
  if (!root) return out;
  const walk = (span: Span, depth: number): void => {
    if (depth > 256) return;
    const c = text[span.start];
    if (c === '{') {
      for (const m of objectMembers(text, span)) {
        if (text[m.value.start] === '"' && isSecretMember(m.key)) out.push({ span: m.value, name: m.key });
        else walk(m.value, depth + 1);
      }
    } else if (c === '[') for (const el of arrayElements(text, span)) walk(el, depth + 1);
  };
  walk(root, 0);
  return out;
}

/** False when a path cannot match: one of its member names does not appear in the text at all. */
function mayMatch(body: string, path: JsonPath): boolean {
  for (const seg of path.segments) {
    if (seg.type !== 'key') continue;
    const quoted = JSON.stringify(seg.key);
    // Names that JSON may escape differently are not worth guessing about: look properly.
    if (/[\\"\u0000-\u001f\u007f-\uffff/]/.test(seg.key)) continue;
    if (!body.includes(quoted)) return false;
  }
  return true;
}

function collectBodySpans(ev: TrafficEvent, index: number, c: Collected, o: CollectOptions): void {
  if (typeof ev.raw !== 'string' || ev.raw.length === 0) return;
  const split = splitHeaderBlock(ev.raw);
  const offset = split ? split.head.length : 0;
  const body = split ? split.body : ev.raw;
  const trimmed = body.trimStart();
  if (trimmed[0] !== '{' && trimmed[0] !== '[') return;
  const wantPaths = o.enabled.has('json-path') && o.jsonPaths.some((p) => mayMatch(body, p));
  const wantMembers = o.enabled.has('token-like') && MAY_HOLD_SECRET_MEMBER.test(body);
  const wantAccount = o.enabled.has('account-secret') && MAY_CALL_ACCOUNT_METHOD.test(body);
  if (!wantPaths && !wantMembers && !wantAccount) return;
  if (jsonDepthExceeds(body, 256) || !checkJson(body).ok) return;
  const found: BodySpan[] = [];
  if (wantPaths) {
    for (const s of findPathSpans(body, o.jsonPaths)) found.push({ ...s, kind: 'json-path', label: 'JSON path value' });
  }
  if (wantMembers) {
    for (const { span, name } of secretMemberSpans(body)) {
      if (body.slice(span.start, span.end) === REDACTED_JSON) continue;
      found.push({ ...span, kind: 'token-like', label: `member ${name.slice(0, 60)}` });
    }
  }
  if (wantAccount) {
    for (const s of accountSecretSpans(body)) {
      if (body.slice(s.start, s.end) !== REDACTED_JSON) found.push({ start: s.start, end: s.end, kind: 'account-secret', label: s.label });
    }
  }
  const spans = outermost(found);
  if (spans.length === 0) return;
  c.bodySpans.set(index, spans.map((s) => ({ ...s, start: s.start + offset, end: s.end + offset })));
  for (const s of spans) {
    const text = body.slice(s.start, s.end);
    if (!text.startsWith('"')) continue;
    try {
      c.literals.add(JSON.parse(text) as string, s.kind, s.label, MIN_BY_KIND[s.kind] ?? MIN_CHARS.member);
    } catch {
      // not a clean string literal: the span itself is still replaced
    }
  }
}

/** Shortest body value searched for elsewhere, by the kind that found it. */
const MIN_BY_KIND: Partial<Record<RedactionKind, number>> = { 'json-path': MIN_CHARS.path, 'account-secret': MIN_CHARS.account };

function outermost(spans: BodySpan[]): BodySpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: BodySpan[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (!last || s.start >= last.end) out.push(s);
  }
  return out;
}

export function collectSecrets(file: SessionFileV1, o: CollectOptions): Collected {
  const c: Collected = { literals: new LiteralSet(), bodySpans: new Map(), skipped: [] };
  if (o.enabled.has('secret-variable')) {
    for (const s of o.secrets) {
      const label = s.name ? `variable ${s.name.slice(0, 60)}` : 'secret value';
      if (!s.value) continue;
      if (!c.literals.add(s.value, 'secret-variable', label, MIN_CHARS.variable)) {
        c.skipped.push({
          kind: 'secret-variable',
          what: label,
          reason: `shorter than ${MIN_CHARS.variable} characters: too short to search for without damaging other text`,
        });
      }
    }
  }
  collectTarget(file.target, c.literals, o);
  file.events.forEach((ev, i) => {
    collectHeaders(ev.http?.headers, c.literals, o);
    collectUrl(ev.http?.url, c.literals, o);
    const bodies = o.enabled.has('token-like') || o.enabled.has('account-secret') || (o.enabled.has('json-path') && o.jsonPaths.length > 0);
    if (bodies && (ev.dir === 'in' || ev.dir === 'out')) collectBodySpans(ev, i, c, o);
  });
  return c;
}
