/**
 * The timeline's query language, parsed once per keystroke into plain terms:
 *
 *   method:textDocument/*  status:error  latency:>500  dir:in  kind:request  id:3  has:findings
 *   -kind:stderr  "exact phrase"  anything-else (free text over the raw wire text)
 *   time:1200..3400 (ms since the session started; the plots' brush sets it)
 *
 * `-` negates a term, commas give alternatives (`kind:request,notification`), double quotes keep
 * spaces. A word before `:` that names no field (`bogus:xyz`) is a diagnostic, not a silent search
 * for that text; `scheme://…` stays free text, so pasting `http://host` still searches for it.
 * The fields themselves live in query-fields.ts (the `?` sheet lists them from there).
 */
import { HAS_NAMES, isHasName } from './has-words';
import { DIR_NAMES, KEY_ALIASES, QUERY_KEYS } from './query-fields';

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

/** A part of the query the parser did not understand: where it is (to underline it) and why. */
export interface QueryDiagnostic {
  /** Offsets into the query text, `end` exclusive. */
  start: number;
  end: number;
  message: string;
}

export interface ParsedQuery {
  terms: Term[];
  /** Plain-words problems (a bad number, an unknown status); the offending term is left out. */
  problems: string[];
  /** The same problems with the span of query text each is about. */
  diagnostics: QueryDiagnostic[];
}

interface RawToken {
  text: string;
  /** Whether the value part (after `key:`) was written in double quotes. */
  quotedValue: boolean;
  /** Whether the whole token was a quoted phrase. */
  quotedWhole: boolean;
  /** Offsets of the token in the input, `end` exclusive. */
  start: number;
  end: number;
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
    out.push({ text, quotedValue, quotedWhole, start, end: Math.min(i, n) });
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

/**
 * `word:value` where word could be a field name: letters only, and not a URL's scheme
 * (`http://…`) or a time (`12:30`), which are text people paste into the search.
 */
function looksLikeField(word: string, value: string): boolean {
  return /^[a-z][a-z_-]*$/i.test(word) && !value.startsWith('//');
}

function splitValues(v: string): string[] {
  return v.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

export function parseQuery(input: string, statusNames: Record<string, number>, kindNames: readonly string[]): ParsedQuery {
  const terms: Term[] = [];
  const diagnostics: QueryDiagnostic[] = [];
  for (const tok of tokenize(input)) {
    let text = tok.text;
    let negate = false;
    if (text.startsWith('-') && text.length > 1) {
      negate = true;
      text = text.slice(1);
    }
    const problem = (message: string) => diagnostics.push({ start: tok.start, end: tok.end, message });
    const colon = tok.quotedWhole ? -1 : text.indexOf(':');
    const word = colon > 0 ? text.slice(0, colon) : '';
    const key = word ? KEY_ALIASES[word.toLowerCase()] : undefined;
    if (!key) {
      if (looksLikeField(word, text.slice(colon + 1))) problem(`unknown field "${word}:" — fields are ${QUERY_KEYS.join(', ')} (press ? for the list); quote it to search the text`);
      else if (text.length > 0) terms.push({ key: 'text', text, negate });
      continue;
    }
    const value = text.slice(colon + 1);
    if (value.length === 0 && !tok.quotedValue) {
      problem(`"${key}:" needs a value`);
      continue;
    }
    switch (key) {
      case 'latency':
      case 'seq':
      case 'time': {
        const cmp = parseComparison(value);
        if (!cmp) problem(`${key}:${value} — write a number like ${key}:>500, ${key}:<=20 or ${key}:100..500`);
        else terms.push({ key, cmp, negate });
        break;
      }
      case 'status': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !(v in statusNames));
        if (bad.length) problem(`unknown status "${bad.join(', ')}" — try ${Object.keys(statusNames).filter((k) => !k.includes('-')).slice(0, 9).join(', ')}`);
        const good = values.filter((v) => v in statusNames);
        if (good.length) terms.push({ key, values: good, negate });
        break;
      }
      case 'dir': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !(v in DIR_NAMES));
        if (bad.length) problem(`unknown direction "${bad.join(', ')}" — use in, out or meta`);
        const good = values.filter((v) => v in DIR_NAMES).map((v) => DIR_NAMES[v]);
        if (good.length) terms.push({ key, values: good, negate });
        break;
      }
      case 'kind': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !kindNames.includes(v));
        if (bad.length) problem(`unknown kind "${bad.join(', ')}" — kinds are ${kindNames.join(', ')}`);
        const good = values.filter((v) => kindNames.includes(v));
        if (good.length) terms.push({ key, values: good, negate });
        break;
      }
      case 'has': {
        const values = splitValues(value.toLowerCase());
        const bad = values.filter((v) => !isHasName(v) && v !== 'finding' && v !== 'errors');
        if (bad.length) problem(`has:${bad.join(',')} — use has:${HAS_NAMES.join(', has:')}`);
        const good = values
          .map((v) => (v === 'finding' ? 'findings' : v === 'errors' ? 'error' : v))
          .filter(isHasName);
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
  return { terms, problems: diagnostics.map((d) => d.message), diagnostics };
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
