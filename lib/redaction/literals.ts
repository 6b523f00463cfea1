/**
 * Known secret values (header values, secret variables, env values …) and every spelling they
 * may take in recorded text: as typed, JSON-escaped (with and without `\/`, with non-ASCII as
 * `\uXXXX`), URL-encoded, and as the Latin-1 view of their UTF-8 bytes for binary frames. Longer
 * secrets are replaced first, so a secret containing another is taken out whole.
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

export class LiteralSet {
  /** `replacement`: what each secret becomes (the export marker by default; the app's mask for display). */
  constructor(private readonly replacement: string = REDACTED) {}

  private readonly byText = new Map<string, Literal>();
  private sorted: Literal[] | null = null;
  private sortedLatin1: Literal[] | null = null;

  /** Adds a secret (ignored when shorter than `min`, or when it could match our own marker). */
  add(text: string, kind: RedactionKind, label: string, min: number): boolean {
    if (typeof text !== 'string') return false;
    const t = text;
    if (t.length < min || REDACTED.includes(t) || this.replacement.includes(t)) return false;
    for (const v of new Set([t, jsonEscaped(t), jsonEscaped(t).replace(/\//g, '\\/'), asciiEscaped(t), uriEncoded(t)])) {
      if (v.length >= min && !this.byText.has(v)) this.byText.set(v, { text: v, kind, label });
    }
    this.sorted = this.sortedLatin1 = null;
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
    let out = s;
    for (const l of latin1 ? this.listLatin1() : this.list()) {
      if (!out.includes(l.text)) continue;
      const parts = out.split(l.text);
      hit(l.kind, l.label, parts.length - 1);
      out = parts.join(latin1 ? utf8AsLatin1(this.replacement) : this.replacement);
    }
    return out;
  }
}
