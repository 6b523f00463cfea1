/**
 * Known secret values (header values, secret variables, env values …) and every spelling they
 * may take in recorded text: as typed, JSON-escaped (with and without `\/`, with non-ASCII as
 * `\uXXXX`), URL-encoded, and as the Latin-1 view of their UTF-8 bytes for binary frames. Longer
 * secrets are replaced first, so a secret containing another is taken out whole.
 *
 * A session collects secrets as it goes (every token-like member value found), so a big session
 * holds thousands: testing each against each string made redacting grow with the square of the
 * session (100k entries took minutes). Past a few dozen, one pass over a string with a rolling
 * hash of each literal's first characters finds the few that can occur in it, and only those are
 * tried, in the same longest-first order.
 */
import { REDACTED, type RedactionKind } from './rules';
import { utf8AsLatin1 } from './wire';

export interface Literal {
  text: string;
  kind: RedactionKind;
  /** What it is, for the preview: `header authorization`, `variable API_TOKEN` … (never the value). */
  label: string;
}

export type HitFn = (kind: RedactionKind, label: string, count: number) => void;

function jsonEscaped(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

function asciiEscaped(s: string): string {
  return jsonEscaped(s).replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

function uriEncoded(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s; // a lone surrogate cannot be encoded; the plain spelling still applies
  }
}

/** Below this many literals, trying each one is cheaper than hashing the string. */
const INDEX_FROM = 32;
/** The hashed prefix is at most this long (and never longer than the shortest literal). */
const MAX_PREFIX = 8;
const HASH_BASE = 31;

/** Literals by the hash of their first `width` characters; `buckets` is a quick "maybe" bitmap over the hash's low 16 bits. */
interface PrefixIndex {
  width: number;
  /** HASH_BASE ** (width - 1), mod 2^32: what the character leaving the window weighed. */
  lead: number;
  buckets: Uint8Array;
  byHash: Map<number, Literal[]>;
}

function prefixHash(s: string, from: number, width: number): number {
  let h = 0;
  for (let i = from; i < from + width; i++) h = (Math.imul(h, HASH_BASE) + s.charCodeAt(i)) | 0;
  return h;
}

function buildIndex(list: readonly Literal[]): PrefixIndex {
  let width = MAX_PREFIX;
  for (const l of list) if (l.text.length < width) width = l.text.length;
  let lead = 1;
  for (let i = 1; i < width; i++) lead = Math.imul(lead, HASH_BASE);
  const buckets = new Uint8Array(1 << 13);
  const byHash = new Map<number, Literal[]>();
  for (const l of list) {
    const h = prefixHash(l.text, 0, width);
    buckets[(h & 0xffff) >>> 3] |= 1 << (h & 7);
    const same = byHash.get(h);
    if (same) same.push(l);
    else byHash.set(h, [l]);
  }
  return { width, lead, buckets, byHash };
}

/** The literals that occur in `s`, longest first (the order replace() needs). */
function occurring(s: string, ix: PrefixIndex): Literal[] {
  const { width, lead, buckets, byHash } = ix;
  const found = new Set<Literal>();
  let h = prefixHash(s, 0, width);
  const last = s.length - width;
  for (let i = 0; ; i++) {
    if (buckets[(h & 0xffff) >>> 3] & (1 << (h & 7))) {
      const candidates = byHash.get(h);
      if (candidates) for (const l of candidates) if (!found.has(l) && s.startsWith(l.text, i)) found.add(l);
    }
    if (i >= last) break;
    h = (Math.imul(h - Math.imul(s.charCodeAt(i), lead), HASH_BASE) + s.charCodeAt(i + width)) | 0;
  }
  return [...found].sort((a, b) => b.text.length - a.text.length);
}

export class LiteralSet {
  /** `replacement`: what each secret becomes (the export marker by default; the app's mask for display). */
  constructor(private readonly replacement: string = REDACTED) {}

  private readonly byText = new Map<string, Literal>();
  private sorted: Literal[] | null = null;
  private sortedLatin1: Literal[] | null = null;
  private index: PrefixIndex | null = null;
  private indexLatin1: PrefixIndex | null = null;

  /** Adds a secret (ignored when shorter than `min`, or when it could match our own marker). */
  add(text: string, kind: RedactionKind, label: string, min: number): boolean {
    if (typeof text !== 'string') return false;
    const t = text;
    if (t.length < min || REDACTED.includes(t) || this.replacement.includes(t)) return false;
    for (const v of new Set([t, jsonEscaped(t), jsonEscaped(t).replace(/\//g, '\\/'), asciiEscaped(t), uriEncoded(t)])) {
      if (v.length >= min && !this.byText.has(v)) this.byText.set(v, { text: v, kind, label });
    }
    this.sorted = this.sortedLatin1 = null;
    this.index = this.indexLatin1 = null;
    return true;
  }

  get size(): number {
    return this.byText.size;
  }

  private list(): Literal[] {
    return (this.sorted ??= [...this.byText.values()].sort((a, b) => b.text.length - a.text.length));
  }

  private listLatin1(): Literal[] {
    if (!this.sortedLatin1) {
      const seen = new Map<string, Literal>();
      for (const l of this.list()) {
        const t = utf8AsLatin1(l.text);
        if (!seen.has(t)) seen.set(t, { ...l, text: t });
      }
      this.sortedLatin1 = [...seen.values()].sort((a, b) => b.text.length - a.text.length);
    }
    return this.sortedLatin1;
  }

  /** Every known secret in `s` replaced; `latin1` for the byte view of a binary frame. */
  replace(s: string, hit: HitFn, latin1 = false): string {
    if (this.byText.size === 0 || s.length === 0) return s;
    const all = latin1 ? this.listLatin1() : this.list();
    let tried: readonly Literal[] = all;
    if (all.length >= INDEX_FROM) {
      const ix = latin1 ? (this.indexLatin1 ??= buildIndex(all)) : (this.index ??= buildIndex(all));
      if (s.length < ix.width) return s;
      tried = occurring(s, ix);
    }
    let out = s;
    for (const l of tried) {
      if (!out.includes(l.text)) continue;
      const parts = out.split(l.text);
      hit(l.kind, l.label, parts.length - 1);
      out = parts.join(latin1 ? utf8AsLatin1(this.replacement) : this.replacement);
    }
    return out;
  }
}
