/**
 * The timeline's query language, parsed once per keystroke into plain terms:
 *
 *   method:textDocument/*  status:error  latency:>500  dir:in  kind:request  id:3  has:findings
 *   -kind:stderr  "exact phrase"  anything-else (free text over the raw wire text)
 *   time:1200..3400 (ms since the session started; the plots' brush sets it)
 *
 * `-` negates a term, commas give alternatives (`kind:request,notification`), double quotes keep
 * spaces. Unknown keys are read as free text, so pasting `http://host` still searches for it.
 */

export type Comparison = { op: '>' | '>=' | '<' | '<=' | '='; value: number } | { op: 'range'; min: number; max: number };

export type Term =
  | { key: 'method'; values: string[]; negate: boolean }
  | { key: 'status'; values: string[]; negate: boolean }
  | { key: 'dir'; values: string[]; negate: boolean }
  | { key: 'kind'; values: string[]; negate: boolean }
  | { key: 'id'; values: { text: string; quoted: boolean }[]; negate: boolean }
  | { key: 'has'; values: string[]; negate: boolean }
  | { key: 'rule'; values: string[]; negate: boolean }
  | { key: 'latency'; cmp: Comparison; negate: boolean }
  | { key: 'seq'; cmp: Comparison; negate: boolean }
  | { key: 'time'; cmp: Comparison; negate: boolean }
  | { key: 'text'; text: string; negate: boolean };

export interface ParsedQuery {
  terms: Term[];
  /** Plain-words problems (a bad number, an unknown status); the offending term is left out. */
  problems: string[];
}

type QueryKey = 'method' | 'status' | 'dir' | 'kind' | 'id' | 'has' | 'rule' | 'latency' | 'seq' | 'time';
const KEY_ALIASES: Record<string, QueryKey> = {
  method: 'method', m: 'method',
  status: 'status', is: 'status', state: 'status',
  dir: 'dir', direction: 'dir',
  kind: 'kind', type: 'kind',
  id: 'id',
  has: 'has',
  rule: 'rule', finding: 'rule',
  latency: 'latency', lat: 'latency',
  seq: 'seq',
  time: 'time', t: 'time',
};

const HAS_NAMES = ['findings', 'error', 'pair', 'http', 'items', 'id', 'method'] as const;
const DIR_NAMES: Record<string, 'in' | 'out' | 'meta'> = {
  in: 'in', '<-': 'in', incoming: 'in', target: 'in',
  out: 'out', '->': 'out', outgoing: 'out', sent: 'out',
  meta: 'meta',
};

interface RawToken {
  text: string;
  /** Whether the value part (after `key:`) was written in double quotes. */
  quotedValue: boolean;
  /** Whether the whole token was a quoted phrase. */
  quotedWhole: boolean;
}

/** Splits on whitespace, keeping double-quoted runs together (quotes removed, `\"` kept as `"`). */
export function tokenize(input: string): RawToken[] {
  const out: RawToken[] = [];
  let i = 0;
  const n = input.length;
  while (i < n) {
    while (i < n && /\s/.test(input[i])) i++;
    if (i >= n) break;
    let text = '';
    let quotedValue = false;
    let quotedWhole = false;
    const start = i;
    while (i < n && !/\s/.test(input[i])) {
      if (input[i] === '"') {
        const wholeStart = i === start || (i === start + 1 && input[start] === '-');
        if (wholeStart) quotedWhole = true;
        else if (text.endsWith(':')) quotedValue = true;
        i++;
        while (i < n && input[i] !== '"') {
          if (input[i] === '\\' && i + 1 < n) i++;
          text += input[i++];
        }
        i++; // closing quote (or end of input)
      } else {
        text += input[i++];
      }
    }
    out.push({ text, quotedValue, quotedWhole });
  }
  return out;
}

const NUM = /^(-?\d+(?:\.\d+)?)(ms|s)?$/i;

function parseNumber(s: string): number | undefined {
  const m = NUM.exec(s.trim());
  if (!m) return undefined;
  const v = Number(m[1]);
  return m[2]?.toLowerCase() === 's' ? v * 1000 : v;
}

/** `>500`, `>=1s`, `<20`, `=3`, `100..500`, or a bare number (meaning at least that much). */
export function parseComparison(s: string): Comparison | undefined {
  const range = /^(.+?)\.\.(.+)$/.exec(s);
  if (range) {
    const min = parseNumber(range[1]);
    const max = parseNumber(range[2]);
    return min !== undefined && max !== undefined ? { op: 'range', min, max } : undefined;
  }
  const m = /^(>=|<=|>|<|=)?(.*)$/.exec(s);
  if (!m) return undefined;
  const value = parseNumber(m[2]);
  if (value === undefined) return undefined;
  const op = (m[1] as '>' | '>=' | '<' | '<=' | '=' | undefined) ?? '>=';
  return { op, value };
}

export function compare(cmp: Comparison, v: number): boolean {
  switch (cmp.op) {
    case '>': return v > cmp.value;
    case '>=': return v >= cmp.value;
    case '<': return v < cmp.value;
    case '<=': return v <= cmp.value;
    case '=': return v === cmp.value;
    case 'range': return v >= cmp.min && v <= cmp.max;
  }
}

function splitValues(v: string): string[] {
  return v.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

export function parseQuery(input: string, statusNames: Record<string, number>, kindNames: readonly string[]): ParsedQuery {
  const terms: Term[] = [];
  const problems: string[] = [];
  for (const tok of tokenize(input)) {
    let text = tok.text;
    let negate = false;
    if (text.startsWith('-') && text.length > 1) {
      negate = true;
      text = text.slice(1);
    }
    const colon = tok.quotedWhole ? -1 : text.indexOf(':');
    const key = colon > 0 ? KEY_ALIASES[text.slice(0, colon).toLowerCase()] : undefined;
    if (!key) {
      if (text.length > 0) terms.push({ key: 'text', text, negate });
      continue;
    }
    const value = text.slice(colon + 1);
    if (value.length === 0 && !tok.quotedValue) {
      problems.push(`"${key}:" needs a value`);
      continue;
    }
    switch (key) {
      case 'latency':
      case 'seq':
      case 'time': {
        const cmp = parseComparison(value);
        if (!cmp) problems.push(`${key}:${value} — write a number like ${key}:>500, ${key}:<=20 or ${key}:100..500`);
        else terms.push({ key, cmp, negate });
        break;
      }
      case 'status': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !(v in statusNames));
        if (bad.length) problems.push(`unknown status "${bad.join(', ')}" — try ${Object.keys(statusNames).filter((k) => !k.includes('-')).slice(0, 9).join(', ')}`);
        const good = values.filter((v) => v in statusNames);
        if (good.length) terms.push({ key, values: good, negate });
        break;
      }
      case 'dir': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !(v in DIR_NAMES));
        if (bad.length) problems.push(`unknown direction "${bad.join(', ')}" — use in, out or meta`);
        const good = values.filter((v) => v in DIR_NAMES).map((v) => DIR_NAMES[v]);
        if (good.length) terms.push({ key, values: good, negate });
        break;
      }
      case 'kind': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !kindNames.includes(v));
        if (bad.length) problems.push(`unknown kind "${bad.join(', ')}" — kinds are ${kindNames.join(', ')}`);
        const good = values.filter((v) => kindNames.includes(v));
        if (good.length) terms.push({ key, values: good, negate });
        break;
      }
      case 'has': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !(HAS_NAMES as readonly string[]).includes(v) && v !== 'finding' && v !== 'errors');
        if (bad.length) problems.push(`has:${bad.join(',')} — use has:${HAS_NAMES.join(', has:')}`);
        const good = values
          .map((v) => (v === 'finding' ? 'findings' : v === 'errors' ? 'error' : v))
          .filter((v) => (HAS_NAMES as readonly string[]).includes(v));
        if (good.length) terms.push({ key, values: good, negate });
        break;
      }
      case 'id':
        // A quoted value means a string id (`id:"3"`), unquoted digits a number (`id:3`): 3 ≠ "3".
        terms.push({ key, values: tok.quotedValue ? [{ text: value, quoted: true }] : splitValues(value).map((t) => ({ text: t, quoted: false })), negate });
        break;
      case 'method':
      case 'rule':
        terms.push({ key, values: splitValues(value), negate });
        break;
    }
  }
  return { terms, problems };
}

/** Glob with `*` (any run) and `?` (one character), case-insensitive, as a RegExp. */
export function globToRegExp(glob: string): RegExp {
  let src = '';
  for (const ch of glob) {
    if (ch === '*') src += '.*';
    else if (ch === '?') src += '.';
    else src += ch.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${src}$`, 'i');
}

/** Replaces (or adds) the `key:` term in a query, keeping everything else the user typed. */
export function setQueryTerm(query: string, key: string, value: string | null): string {
  const parts = tokenizeKeepingText(query).filter((p) => {
    const bare = p.replace(/^-/, '');
    return !bare.toLowerCase().startsWith(`${key}:`);
  });
  if (value !== null) parts.push(`${key}:${/\s/.test(value) ? `"${value}"` : value}`);
  return parts.join(' ');
}

/** Whitespace split that keeps quoted runs and their quotes exactly as typed. */
function tokenizeKeepingText(input: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inQuote = false;
  for (const ch of input) {
    if (ch === '"') inQuote = !inQuote;
    if (!inQuote && /\s/.test(ch)) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}
